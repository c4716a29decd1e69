import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { FormError } from "#app/components/forms.tsx";
import { COVER_LETTER_MAX, CV_MAX_LABEL } from "#server/modules/careers/types.ts";

export function ApplicationConfirmation({ jobTitle }: { jobTitle: string | null }) {
  return (
    <Alert severity="success" role="status" data-testid="application-confirmation" sx={{ mb: 3 }}>
      <AlertTitle>Thank you, your application has been received</AlertTitle>
      {jobTitle ? <>We have your application for {jobTitle}. </> : <>We have your open application. </>}A confirmation is on its way to your
      inbox. Our hiring team reads every application and will get back to you within ten working days.
      <Box sx={{ mt: 1 }}>
        <Link to="/jobs">See all open roles</Link>
      </Box>
    </Alert>
  );
}

/**
 * The application form: multipart, so the CV goes with the fields, and it works before
 * JavaScript loads. `errors`/`values` come from the action after a refusal.
 */
export function ApplicationForm({
  errors,
  values,
  submitLabel = "Send application",
}: {
  errors: Record<string, string>;
  values: Record<string, string>;
  submitLabel?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Form method="post" encType="multipart/form-data" noValidate aria-label="Application form">
        <FormError errors={errors} />
        <Stack spacing={2.5}>
          <TextField
            name="name"
            label="Full name"
            autoComplete="name"
            required
            defaultValue={values.name ?? ""}
            error={Boolean(errors.name)}
            helperText={errors.name}
            fullWidth
          />
          <TextField
            name="email"
            type="email"
            label="E-mail"
            autoComplete="email"
            required
            defaultValue={values.email ?? ""}
            error={Boolean(errors.email)}
            helperText={errors.email ?? "We send the confirmation and our reply here."}
            fullWidth
          />
          <TextField
            name="phone"
            type="tel"
            label="Phone (optional)"
            autoComplete="tel"
            defaultValue={values.phone ?? ""}
            error={Boolean(errors.phone)}
            helperText={errors.phone}
            fullWidth
          />
          <TextField
            name="links"
            label="Links (optional)"
            multiline
            minRows={2}
            defaultValue={values.links ?? ""}
            error={Boolean(errors.links)}
            helperText={errors.links ?? "Portfolio, LinkedIn, GitHub or anything else you want us to see, one address per line."}
            fullWidth
          />
          <TextField
            name="coverLetter"
            label="Cover letter (optional)"
            multiline
            minRows={5}
            defaultValue={values.coverLetter ?? ""}
            error={Boolean(errors.coverLetter)}
            helperText={
              errors.coverLetter ?? `Why this role, and why Platen? Up to ${COVER_LETTER_MAX.toLocaleString("en-US")} characters.`
            }
            slotProps={{ htmlInput: { maxLength: COVER_LETTER_MAX } }}
            fullWidth
          />
          <TextField
            name="cv"
            type="file"
            label="CV (PDF)"
            required
            error={Boolean(errors.cv)}
            helperText={errors.cv ?? `A PDF file of up to ${CV_MAX_LABEL}.`}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { accept: "application/pdf,.pdf", "data-testid": "cv-input" },
              formHelperText: { "data-testid": "cv-helper" } as object,
            }}
            fullWidth
          />
          <Typography variant="body2" color="text.secondary">
            Only the Platen hiring team sees your application. We use your details to assess it and to contact you about it, nothing else.
          </Typography>
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? "Sending…" : submitLabel}
            </Button>
          </Box>
        </Stack>
      </Form>
    </Paper>
  );
}
