import { redirect } from "react-router";
import type { Route } from "./+types/theme";
import { THEME_COOKIE } from "#app/lib/constants.ts";
import { safeNext } from "#app/lib/session.server.ts";
import { isThemeName } from "#app/theme/themes.ts";

/** Theme choice without JavaScript: sets the theme cookie and goes back. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  if (!isThemeName(theme)) return Response.json({ errors: { theme: "Choose one of the offered themes." } }, { status: 400 });
  return redirect(safeNext(form.get("next"), "/"), {
    headers: { "Set-Cookie": `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax` },
  });
}

export function loader() {
  return redirect("/account");
}
