import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/login";
import { AuthCard } from "#app/components/auth/AuthCard.tsx";
import { PasswordField } from "#app/components/auth/PasswordField.tsx";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { echoValues, failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { adoptCartOnSignIn } from "#app/lib/cart-cookie.server.ts";
import {
  clearPendingLinkCookie,
  getCtx,
  getSession,
  knownDeviceId,
  readPendingLink,
  safeNext,
  signInHeaders,
} from "#app/lib/session.server.ts";
import { linkPendingIdentity, signInSchema, signInWithPassword } from "#server/modules/identity/index.ts";
import { EmailField } from "#app/components/auth/EmailField.tsx";
import { contextFor, system } from "#server/kernel/index.ts";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Platen" }];

const NOTICES: Record<string, string> = {
  reset: "Your password has been changed. Sign in with your new password.",
  deleted: "Your account has been deleted. We're sorry to see you go.",
  signedout: "You have been signed out.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"), "/");
  if (await getSession(request)) throw redirect(next);
  const notice = NOTICES[url.searchParams.get("notice") ?? ""] ?? null;
  return { next, notice };
}

/** Works without JavaScript: creates the session, sets the session and refresh cookies, redirects. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = parseForm(form, signInSchema);
  if (!parsed.ok) return failure(parsed.errors, 400, parsed.values);
  let user;
  try {
    // A browser that signed in to this account before is a known device: strangers' failures do not slow it down.
    user = await signInWithPassword(await getCtx(request), parsed.data, { deviceId: await knownDeviceId(request, parsed.data.email) });
  } catch (error) {
    return failureFromError(error, echoValues(form));
  }
  const headers = await signInHeaders(request, user);
  await adoptCartOnSignIn(request, user, headers);
  // The password proves the account: an external sign-in waiting for it in this browser is linked now.
  const pending = await readPendingLink(request);
  if (pending) {
    await linkPendingIdentity(contextFor(system("sign-in")).db, user, pending);
    headers.append("Set-Cookie", await clearPendingLinkCookie());
  }
  return redirect(safeNext(parsed.data.next, "/"), { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const busy = useNavigation().state === "submitting";
  const signupHref = loaderData.next !== "/" ? `/signup?next=${encodeURIComponent(loaderData.next)}` : "/signup";
  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to see your orders, saved addresses and stores."
      footer={
        <>
          <Typography variant="body2">
            New to Platen?{" "}
            <Link component={RouterLink} to={signupHref}>
              Create an account
            </Link>
          </Typography>
        </>
      }
    >
      {loaderData.notice ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {loaderData.notice}
        </Alert>
      ) : null}
      <FormError errors={errors} />
      <Form method="post" noValidate>
        <input type="hidden" name="next" value={loaderData.next} />
        <EmailField defaultValue={values.email} error={errors.email} autoComplete="username" autoFocus />
        <PasswordField name="password" label="Password" error={errors.password} />
        <Typography variant="body2" sx={{ textAlign: "right", mt: 0.5 }}>
          <Link component={RouterLink} to="/login/forgot">
            Forgot your password?
          </Link>
        </Typography>
        <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 3 }} disabled={busy}>
          Sign in
        </Button>
      </Form>
    </AuthCard>
  );
}
