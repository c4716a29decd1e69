import { requireAdmin } from "#app/lib/session.server.ts";

// Placeholder: replaced by the careers feature.
export async function loader({ request }: { request: Request }) {
  await requireAdmin(request);
  throw new Response("Not found", { status: 404 });
}
