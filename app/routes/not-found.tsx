import type { Route } from "./+types/not-found";
import { notFoundMessage } from "#app/components/ErrorView.tsx";

/** Any unknown path: a 404 whose page shows 'Page not found: {path}'. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw new Response(notFoundMessage(url.pathname), { status: 404, statusText: "Not Found" });
}

export function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  throw new Response(notFoundMessage(url.pathname), { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
