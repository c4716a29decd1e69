import { contextFor, system } from "#server/kernel/index.ts";
import { publicJwks } from "#server/modules/identity/index.ts";

/** GET /identity/.well-known/jwks.json: the public keys that verify Platen's ID tokens. */
export async function loader() {
  return Response.json(await publicJwks(contextFor(system("jwks")).db), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
