// Placeholder: replaced by the identity feature.
export async function loader() {
  return Response.json({ error: "not-implemented" }, { status: 404 });
}
