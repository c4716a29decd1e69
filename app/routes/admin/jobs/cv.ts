import type { Route } from "./+types/cv";
import { notFoundMessage } from "#app/components/ErrorView.tsx";
import { requireAdmin } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { getApplicationCv } from "#server/modules/careers/index.ts";

/** The CV of an application, as a download, for admins only (anonymous: sign in; others: 403). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  let cv: Awaited<ReturnType<typeof getApplicationCv>>;
  try {
    cv = await getApplicationCv(ctx, params.applicationId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
    throw error;
  }
  return new Response(new Uint8Array(cv.body), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(cv.body.byteLength),
      "Content-Disposition": cv.contentDisposition,
      "Cache-Control": "private, no-store",
    },
  });
}
