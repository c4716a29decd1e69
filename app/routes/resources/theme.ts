import { redirect } from "react-router";
import type { Route } from "./+types/theme";
import { THEME_COOKIE } from "#app/lib/constants.ts";
import { getCtx, safeNext } from "#app/lib/session.server.ts";
import { isThemeName } from "#app/theme/themes.ts";
import { saveTheme } from "#server/modules/identity/index.ts";

/**
 * The theme choice: sets the theme cookie and, for a signed-in user, saves it on the account (so
 * their other devices follow). Without JavaScript a form post that goes back to `next`; the
 * header's switcher asks for JSON.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  if (!isThemeName(theme)) return Response.json({ errors: { theme: "Choose one of the offered themes." } }, { status: 400 });
  const ctx = await getCtx(request);
  if (ctx.actor.kind === "user") await saveTheme(ctx, theme);
  const headers = { "Set-Cookie": `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax` };
  if (request.headers.get("Accept")?.includes("application/json"))
    return Response.json({ ok: true, theme }, { headers: { ...headers, "Cache-Control": "no-store" } });
  return redirect(safeNext(form.get("next"), "/"), { headers });
}

export function loader() {
  return redirect("/account");
}
