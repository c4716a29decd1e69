import { env } from "#server/config/env.ts";
import { discoveryDocument } from "#server/modules/identity/index.ts";

/** GET /identity/.well-known/openid-configuration: OpenID discovery for the built-in identity service. */
export function loader() {
  return Response.json(discoveryDocument(env().PUBLIC_URL), {
    headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" },
  });
}
