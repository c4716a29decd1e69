import TextField from "@mui/material/TextField";

/** The e-mail field of the sign-in, sign-up and reset forms (labelled "E-mail", outlined). */
export function EmailField({
  defaultValue,
  error,
  helperText,
  autoComplete = "email",
  autoFocus = false,
}: {
  defaultValue?: string;
  error?: string;
  helperText?: string;
  autoComplete?: "email" | "username";
  autoFocus?: boolean;
}) {
  return (
    <TextField
      name="email"
      id="field-email"
      label="E-mail"
      type="email"
      autoComplete={autoComplete}
      defaultValue={defaultValue ?? ""}
      error={Boolean(error)}
      helperText={error ?? helperText}
      fullWidth
      margin="normal"
      autoFocus={autoFocus}
      slotProps={{ htmlInput: { maxLength: 254 } }}
    />
  );
}
