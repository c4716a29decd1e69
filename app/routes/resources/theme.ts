import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/theme";
import { THEME_COOKIE } from "#app/lib/constants.ts";
import { parseForm, readForm } from "#app/lib/forms.server.ts";
import { getCtx, safeNext } from "#app/lib/session.server.ts";
import { isThemeName, type ThemeName } from "#app/theme/themes.ts";
import { saveTheme } from "#server/modules/identity/index.ts";

/**
 * The theme choice: sets the theme cookie and, for a signed-in user, saves it on the account (so
 * their other devices follow). Without JavaScript a form post that goes back to `next`; the
 * header's switcher asks for JSON.
 */
const themeFormSchema = z.object({
  theme: z.unknown().refine((v): v is ThemeName => isThemeName(v), "Choose one of the offered themes."),
  next: z.unknown().optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(await readForm(request), themeFormSchema);
  if (!parsed.ok) return Response.json({ errors: parsed.errors }, { status: 400 });
  const { theme, next } = parsed.data;
  const ctx = await getCtx(request);
  if (ctx.actor.kind === "user") await saveTheme(ctx, theme);
  const headers = { "Set-Cookie": `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax` };
  if (request.headers.get("Accept")?.includes("application/json"))
    return Response.json({ ok: true, theme }, { headers: { ...headers, "Cache-Control": "no-store" } });
  return redirect(safeNext(typeof next === "string" ? next : null, "/"), { headers });
}

export function loader() {
  return redirect("/account");
}
