import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/verify";
import { AuthCard } from "#app/components/auth/AuthCard.tsx";
import { getCtx, getSession } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { IDENTITY_ERROR_MESSAGES, verifyEmailToken } from "#server/modules/identity/index.ts";

export const meta: Route.MetaFunction = () => [{ title: "Verify your e-mail · Platen" }];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const signedIn = Boolean(await getSession(request));
  if (!token) return { ok: false as const, message: IDENTITY_ERROR_MESSAGES["invalid-action-code"], signedIn };
  try {
    const result = await verifyEmailToken(await getCtx(request), token);
    return { ok: true as const, purpose: result.purpose, email: result.email, signedIn };
  } catch (error) {
    if (error instanceof AppError) return { ok: false as const, message: error.message, signedIn };
    throw error;
  }
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const next = loaderData.signedIn ? { to: "/account", label: "Go to your account" } : { to: "/login?next=%2Faccount", label: "Sign in" };
  if (!loaderData.ok) {
    return (
      <AuthCard title="We couldn't verify this link">
        <Alert severity="warning" sx={{ mb: 2 }}>
          {loaderData.message}
        </Alert>
        <Button component={RouterLink} to={next.to} variant="contained" fullWidth>
          {loaderData.signedIn ? "Send a new link from your account" : next.label}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={loaderData.purpose === "change_email" ? "E-mail address changed" : "E-mail address verified"}>
      <Alert severity="success" sx={{ mb: 2 }}>
        {loaderData.purpose === "change_email"
          ? `Your account now uses ${loaderData.email}. Use it the next time you sign in.`
          : `Thanks! ${loaderData.email} is confirmed as your e-mail address.`}
      </Alert>
      <Button component={RouterLink} to={next.to} variant="contained" fullWidth>
        {next.label}
      </Button>
    </AuthCard>
  );
}
