import Alert from "@mui/material/Alert";
import type { FormFailure } from "../lib/forms.server.ts";

/** Field errors from an action result (FormFailure), or an empty object. */
export function errorsOf(actionData: unknown): Record<string, string> {
  if (actionData && typeof actionData === "object" && "errors" in actionData) {
    return ((actionData as FormFailure).errors ?? {}) as Record<string, string>;
  }
  return {};
}

export function valuesOf(actionData: unknown): Record<string, string> {
  if (actionData && typeof actionData === "object" && "values" in actionData)
    return ((actionData as FormFailure).values ?? {}) as Record<string, string>;
  return {};
}

/** The form-level error (`_form`) of an action result, as an alert that screen readers announce. */
export function FormError({ errors }: { errors: Record<string, string> }) {
  if (!errors._form) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="form-error">
      {errors._form}
    </Alert>
  );
}
