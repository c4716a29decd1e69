import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Container from "@mui/material/Container";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { useEffect, useState } from "react";
import { Form, redirect, useFetcher, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/register";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { echoValues, failure, failureFromError, formText, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { requireUser } from "#app/lib/session.server.ts";
import { checkHandle, getMyApplication, listMyStores, submitApplication } from "#server/modules/stores/index.ts";
import { applicationSchema } from "#server/modules/stores/types.ts";
import { formatLongDate } from "#app/lib/dates.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Become a partner · Platen" },
  { name: "description", content: "Open a store on Platen: turn your artwork into printed products and sell them without stock." },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireUser(request);
  const url = new URL(request.url);
  const check = url.searchParams.get("check");
  if (check !== null) {
    const result = await checkHandle(ctx, check.slice(0, 60));
    return { kind: "check" as const, ...result };
  }
  const [application, myStores] = await Promise.all([getMyApplication(ctx), listMyStores(ctx)]);
  return {
    kind: "page" as const,
    submitted: url.searchParams.get("submitted") === "1",
    application: application
      ? {
          status: application.status,
          storeName: application.storeName,
          handle: application.handle,
          createdAt: formatLongDate(application.createdAt),
          decisionNote: application.decisionNote,
        }
      : null,
    ownedStores: myStores.filter((s) => s.role === "owner").map((s) => ({ handle: s.store.handle, name: s.store.name })),
  };
}

/** The form's text as typed, checked with the stores module's own rules (same messages, next to the same fields). */
const applicationForm = z
  .object({ storeName: formText(), handle: formText(), bio: formText(), links: formText(), acceptTerms: formText() })
  .superRefine((input, check) => {
    const result = applicationSchema.safeParse(input);
    if (!result.success)
      for (const issue of result.error.issues) check.addIssue({ code: "custom", message: issue.message, path: issue.path });
  });

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireUser(request);
  const form = await readForm(request);
  const parsed = parseForm(form, applicationForm);
  if (!parsed.ok) return failure(parsed.errors, 400, echoValues(form));
  const { storeName, handle, bio, links } = parsed.data;
  try {
    await submitApplication(ctx, { storeName, handle, bio, links, acceptTerms: "on" });
  } catch (e) {
    return failureFromError(e, echoValues(form));
  }
  throw redirect("/shop/partners/register?submitted=1");
}

function HandleField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  const fetcher = useFetcher<{ kind: "check"; handle: string; available: boolean; message: string }>();
  const [value, setValue] = useState(defaultValue ?? "");
  useEffect(() => {
    const v = value.trim();
    if (v.length < 3) return;
    const t = setTimeout(() => fetcher.load(`/shop/partners/register?check=${encodeURIComponent(v)}`), 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const live = fetcher.data && fetcher.data.kind === "check" && value.trim().length >= 3 ? fetcher.data : null;
  const helper =
    error ??
    live?.message ??
    "Your public address: /shop/partners/@your-handle. Lowercase letters, digits and dashes; it cannot be changed later.";
  return (
    <TextField
      name="handle"
      label="Handle"
      required
      fullWidth
      value={value}
      onChange={(e) => setValue(e.target.value)}
      error={Boolean(error) || (live ? !live.available : false)}
      helperText={<span aria-live="polite">{helper}</span>}
      slotProps={{
        htmlInput: { maxLength: 31, autoCapitalize: "none", spellCheck: false },
        input: {
          startAdornment: (
            <Box component="span" sx={{ color: "text.secondary", mr: 0.5 }}>
              @
            </Box>
          ),
        },
      }}
      color={live?.available && !error ? "success" : undefined}
      focused={live?.available && !error ? true : undefined}
    />
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const nav = useNavigation();
  if (loaderData.kind !== "page") return null;
  const { application, ownedStores, submitted } = loaderData;
  const pending = application?.status === "pending";
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: "1.9rem", sm: "2.4rem" } }}>
        Become a partner
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: "65ch" }}>
        Open a store, upload your artwork and sell it on t-shirts, hoodies, mugs, posters and more. We print and ship every order; you set
        the price and earn on each sale.
      </Typography>
      {ownedStores.length ? (
        <Alert severity="success" sx={{ mb: 3 }}>
          You already run {ownedStores.map((s) => s.name).join(", ")}.{" "}
          <MuiLink component={Link} to={`/shop/partners/@${ownedStores[0]!.handle}/administration`} color="inherit" underline="always">
            Open your store administration
          </MuiLink>
        </Alert>
      ) : null}
      {application && pending ? (
        <Alert severity={submitted ? "success" : "info"} sx={{ mb: 3 }} data-testid="application-status">
          {submitted ? "Thank you, your application was sent. " : ""}Your application for <strong>{application.storeName}</strong> (@
          {application.handle}), sent on {application.createdAt}, is waiting for review. We usually answer within 5 business days and will
          e-mail you.
        </Alert>
      ) : null}
      {application && application.status === "rejected" ? (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="application-status">
          Your application for {application.storeName} was not approved{application.decisionNote ? `: ${application.decisionNote}` : "."}{" "}
          You can apply again below.
        </Alert>
      ) : null}
      {!pending ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: "1.35rem", mb: 2 }}>
            Your application
          </Typography>
          <FormError errors={errors} />
          <Form method="post" noValidate>
            <Box sx={{ display: "grid", gap: 2.5 }}>
              <TextField
                name="storeName"
                label="Store name"
                required
                fullWidth
                defaultValue={values.storeName ?? ""}
                error={Boolean(errors.storeName)}
                helperText={errors.storeName ?? "How shoppers will know you, e.g. Inkwell Studio."}
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
              <HandleField error={errors.handle} defaultValue={values.handle} />
              <TextField
                name="bio"
                label="About you and your work"
                required
                fullWidth
                multiline
                minRows={4}
                defaultValue={values.bio ?? ""}
                error={Boolean(errors.bio)}
                helperText={errors.bio ?? "What do you make, and what should shoppers know? (20 to 1,000 characters)"}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
              <TextField
                name="links"
                label="Links to your work (optional)"
                fullWidth
                multiline
                minRows={2}
                defaultValue={values.links ?? ""}
                error={Boolean(errors.links)}
                helperText={errors.links ?? "One a line, e.g. Instagram | https://instagram.com/you"}
              />
              <Box>
                <FormControlLabel
                  control={<Checkbox name="acceptTerms" defaultChecked={values.acceptTerms === "on"} />}
                  label={<span>I accept the partner terms</span>}
                />
                <FormHelperText error={Boolean(errors.acceptTerms)} sx={{ mt: 0 }}>
                  {errors.acceptTerms ?? (
                    <>
                      Read the{" "}
                      <MuiLink component={Link} to="/shop/partners/terms" target="_blank" underline="always">
                        partner terms
                      </MuiLink>{" "}
                      (artwork rights, fees, payouts).
                    </>
                  )}
                </FormHelperText>
              </Box>
              <Box>
                <Button type="submit" variant="contained" size="large" disabled={nav.state === "submitting"}>
                  Send application
                </Button>
              </Box>
            </Box>
          </Form>
        </Paper>
      ) : (
        <Button component={Link} to="/ash" variant="outlined">
          Go to the seller hub
        </Button>
      )}
    </Container>
  );
}
