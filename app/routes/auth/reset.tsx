import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/reset";
import { AuthCard } from "#app/components/auth/AuthCard.tsx";
import { PasswordField } from "#app/components/auth/PasswordField.tsx";
import { errorsOf, FormError } from "#app/components/forms.tsx";
import { failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { getCtx, rememberDeviceCookie, signOutHeaders } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { checkActionToken, IDENTITY_ERROR_MESSAGES, resetPassword, resetSchema } from "#server/modules/identity/index.ts";
import { PASSWORD_MIN } from "#server/modules/identity/types.ts";

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password · Platen" }];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return { token: "", problem: IDENTITY_ERROR_MESSAGES["invalid-action-code"] };
  try {
    await checkActionToken(await getCtx(request), token, "reset_password");
    return { token, problem: null };
  } catch (error) {
    if (error instanceof AppError) return { token: "", problem: error.message };
    throw error;
  }
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(await readForm(request), resetSchema);
  if (!parsed.ok) {
    const { token, ...rest } = parsed.errors;
    return failure(token ? { ...rest, _form: token } : rest, 400);
  }
  let user;
  try {
    user = await resetPassword(await getCtx(request), parsed.data);
  } catch (error) {
    if (error instanceof AppError && error.code !== "weak-password") return failure({ _form: error.message }, error.status);
    return failureFromError(error);
  }
  // Every session ended with the reset, this browser's too. The reset cleared the account's failed
  // sign-ins, and this browser (which followed the link) becomes a known device of the account.
  const headers = await signOutHeaders(request);
  headers.append("Set-Cookie", await rememberDeviceCookie(request, user.email));
  return redirect("/login?notice=reset", { headers });
}

export default function Reset({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const busy = useNavigation().state === "submitting";
  if (loaderData.problem) {
    return (
      <AuthCard title="This link can't be used">
        <Alert severity="warning" sx={{ mb: 2 }}>
          {loaderData.problem}
        </Alert>
        <Button component={RouterLink} to="/login/forgot" variant="contained" fullWidth>
          Send me a new link
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="After this you'll be signed out everywhere, and you can sign in with the new password."
      footer={
        <Typography variant="body2">
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Typography>
      }
    >
      <FormError errors={errors} />
      <Form method="post" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField
          name="password"
          label="New password"
          autoComplete="new-password"
          autoFocus
          error={errors.password}
          helperText={`At least ${PASSWORD_MIN} characters, not a common password.`}
        />
        <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} disabled={busy}>
          Set new password
        </Button>
      </Form>
    </AuthCard>
  );
}
