// PLACEHOLDER: replaced by the catalogue work (issue 3).
export function loader() {
  return new Response("Not implemented yet", { status: 404 });
}
