import Button from "@mui/material/Button";
import { Form, redirect } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/logout";
import { AuthCard } from "#app/components/auth/AuthCard.tsx";
import { getSession, signOutHeaders } from "#app/lib/session.server.ts";
import { keepCartOnSignOut } from "#app/lib/cart-cookie.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Sign out · Platen" }];

export async function loader({ request }: Route.LoaderArgs) {
  const s = await getSession(request);
  if (!s) throw redirect("/");
  return { email: s.user.email };
}

/** POST /logout: ends this browser's session and refresh tokens, clears the cookies. */
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  await keepCartOnSignOut(request, headers);
  for (const c of (await signOutHeaders(request)).getSetCookie()) headers.append("Set-Cookie", c);
  return redirect("/", { headers });
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Sign out" subtitle={`You are signed in as ${loaderData.email}. Your cart and theme stay on this device.`}>
      <Form method="post">
        <Button type="submit" variant="contained" size="large" fullWidth>
          Sign out
        </Button>
      </Form>
      <Button component={RouterLink} to="/" fullWidth sx={{ mt: 1 }}>
        Stay signed in
      </Button>
    </AuthCard>
  );
}
