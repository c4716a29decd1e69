import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/signup";
import { AuthCard } from "#app/components/auth/AuthCard.tsx";
import { PasswordField } from "#app/components/auth/PasswordField.tsx";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { echoValues, failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { getCtx, getSession, safeNext, signInHeaders } from "#app/lib/session.server.ts";
import { adoptCartOnSignIn } from "#app/lib/cart-cookie.server.ts";
import { signUp, signUpSchema } from "#server/modules/identity/index.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#server/modules/identity/types.ts";
import { EmailField } from "#app/components/auth/EmailField.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Create your account · Platen" }];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"), "/account");
  if (await getSession(request)) throw redirect(next);
  // A guest who just ordered arrives with the order's e-mail (?email=), so the account can take the order over.
  const email = (url.searchParams.get("email") ?? "").trim().slice(0, 254);
  return { next, email };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = parseForm(form, signUpSchema);
  if (!parsed.ok) return failure(parsed.errors, 400, parsed.values);
  let user;
  try {
    user = await signUp(await getCtx(request), parsed.data);
  } catch (error) {
    return failureFromError(error, echoValues(form));
  }
  const headers = await signInHeaders(request, user);
  await adoptCartOnSignIn(request, user, headers);
  return redirect(safeNext(parsed.data.next, "/account"), { headers });
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Create your account"
      subtitle="Save your addresses, follow your orders and keep your wishes on every device."
      footer={
        <Typography variant="body2">
          Already have an account?{" "}
          <Link
            component={RouterLink}
            to={loaderData.next !== "/account" ? `/login?next=${encodeURIComponent(loaderData.next)}` : "/login"}
          >
            Sign in
          </Link>
        </Typography>
      }
    >
      <FormError errors={errors} />
      <Form method="post" noValidate>
        <input type="hidden" name="next" value={loaderData.next} />
        <TextField
          name="displayName"
          id="field-displayName"
          label="Your name"
          autoComplete="name"
          defaultValue={values.displayName ?? ""}
          error={Boolean(errors.displayName)}
          helperText={errors.displayName ?? "Shown on your reviews and fan club posts. You can change it later."}
          fullWidth
          margin="normal"
          autoFocus
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <EmailField defaultValue={values.email ?? loaderData.email} error={errors.email} helperText="We'll send a link to confirm it." />
        <PasswordField
          name="password"
          label="Password"
          autoComplete="new-password"
          error={errors.password}
          helperText={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters. Avoid common passwords.`}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          By creating an account you agree to our{" "}
          <Link component={RouterLink} to="/legal/termsAndConditions">
            terms and conditions
          </Link>{" "}
          and{" "}
          <Link component={RouterLink} to="/legal/privacyPolicy">
            privacy policy
          </Link>
          .
        </Typography>
        <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 3 }} disabled={busy}>
          Create account
        </Button>
      </Form>
    </AuthCard>
  );
}
