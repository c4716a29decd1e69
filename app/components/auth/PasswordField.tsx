import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import { useState } from "react";

/** A password input with a show/hide toggle; the label is a real <label>. */
export function PasswordField({
  name,
  label,
  error,
  helperText,
  autoComplete = "current-password",
  autoFocus,
}: {
  name: string;
  label: string;
  error?: string;
  helperText?: string;
  autoComplete?: string;
  autoFocus?: boolean;
}) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      name={name}
      id={`field-${name}`}
      label={label}
      type={shown ? "text" : "password"}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      fullWidth
      margin="normal"
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        htmlInput: { maxLength: 1024 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? "Hide the characters" : "Show the characters"}
                onClick={() => setShown((s) => !s)}
                edge="end"
                size="small"
              >
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
