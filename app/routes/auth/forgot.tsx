import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/forgot";
import { AuthCard } from "#app/components/auth/AuthCard.tsx";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { failure, parseForm, readForm } from "#app/lib/forms.server.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { forgotSchema, requestPasswordReset } from "#server/modules/identity/index.ts";
import { EmailField } from "#app/components/auth/EmailField.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Reset your password · Platen" }];

export async function loader() {
  return null;
}

/** Always the same answer, whether or not the address has an account. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(await readForm(request), forgotSchema);
  if (!parsed.ok) return failure(parsed.errors, 400, parsed.values);
  await requestPasswordReset(await getCtx(request), parsed.data);
  return { ok: true as const, email: parsed.data.email };
}

export default function Forgot({ actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const busy = useNavigation().state === "submitting";
  const sent = actionData && "ok" in actionData && actionData.ok ? actionData.email : null;
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we'll send you a link to choose a new password."
      footer={
        <Typography variant="body2">
          Remembered it?{" "}
          <Link component={RouterLink} to="/login">
            Back to sign in
          </Link>
        </Typography>
      }
    >
      {sent ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          If an account exists for {sent}, we've sent it a link to reset the password. The link works for one hour. Check your spam folder
          if it doesn't arrive in a few minutes.
        </Alert>
      ) : null}
      <FormError errors={errors} />
      <Form method="post" noValidate>
        <EmailField defaultValue={values.email} error={errors.email} autoFocus />
        <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} disabled={busy}>
          Send reset link
        </Button>
      </Form>
    </AuthCard>
  );
}
