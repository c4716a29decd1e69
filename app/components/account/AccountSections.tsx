// The sections of /account. Every form posts to the /account action with an `intent` and works
// without JavaScript.
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlined";
import ErrorOutline from "@mui/icons-material/ErrorOutlined";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import Divider from "@mui/material/Divider";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { useEffect, useState, type ReactNode } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import { PasswordField } from "#app/components/auth/PasswordField.tsx";
import { FormError } from "#app/components/forms.tsx";
import { useThemeChoice } from "#app/theme/ThemeProvider.tsx";
import { THEME_LABELS, THEME_NAMES, isThemeName } from "#app/theme/themes.ts";
import { countryName } from "#server/contracts/index.ts";
import {
  COUNTRIES,
  DELETE_CONFIRMATION,
  PASSWORD_MIN,
  SUBDIVISION_LABELS,
  subdivisionsOf,
  type ShippingAddress,
} from "#server/modules/identity/types.ts";

export interface AccountActionResult {
  ok: boolean;
  intent: string;
  code?: string;
  message?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

function resultFor(result: AccountActionResult | undefined, ...intents: string[]) {
  if (!result || !intents.includes(result.intent))
    return { errors: {} as Record<string, string>, values: {} as Record<string, string>, message: undefined, code: undefined };
  return { errors: result.errors ?? {}, values: result.values ?? {}, message: result.ok ? result.message : undefined, code: result.code };
}

function useBusy(intent: string) {
  const nav = useNavigation();
  return nav.state === "submitting" && nav.formData?.get("intent") === intent;
}

function Section({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, scrollMarginTop: 80 }}
    >
      <Typography id={`${id}-title`} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {description ? (
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {description}
        </Typography>
      ) : (
        <Box sx={{ mb: 2 }} />
      )}
      {children}
    </Paper>
  );
}

function Success({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert severity="success" role="status" sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}

// ---- profile -------------------------------------------------------------------------------

interface Profile {
  email: string;
  emailVerified: boolean;
  displayName: string;
  firstName: string;
  lastName: string;
  phone: string;
  hasPassword: boolean;
}

export function ProfileSection({ profile, result }: { profile: Profile; result?: AccountActionResult }) {
  const { errors, values, message } = resultFor(result, "profile");
  const busy = useBusy("profile");
  const v = (k: keyof Profile) => values[k] ?? String(profile[k] ?? "");
  return (
    <Section id="profile" title="Profile" description="How you appear on Platen and how we reach you about your orders.">
      <Success message={message} />
      <FormError errors={errors} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12 }}>
            <TextField
              name="displayName"
              id="profile-displayName"
              label="Display name"
              defaultValue={v("displayName")}
              error={Boolean(errors.displayName)}
              helperText={errors.displayName ?? "Shown on reviews and fan club posts."}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              name="firstName"
              id="profile-firstName"
              label="First name"
              autoComplete="given-name"
              defaultValue={v("firstName")}
              error={Boolean(errors.firstName)}
              helperText={errors.firstName}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              name="lastName"
              id="profile-lastName"
              label="Last name"
              autoComplete="family-name"
              defaultValue={v("lastName")}
              error={Boolean(errors.lastName)}
              helperText={errors.lastName}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              name="phone"
              id="profile-phone"
              label="Phone"
              type="tel"
              autoComplete="tel"
              defaultValue={v("phone")}
              error={Boolean(errors.phone)}
              helperText={errors.phone ?? "Optional. Only used for delivery questions."}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 30 } }}
            />
          </Grid>
        </Grid>
        <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={busy}>
          Save profile
        </Button>
      </Form>
    </Section>
  );
}

// ---- addresses -----------------------------------------------------------------------------

const NOTICES: Record<string, string> = { "address-added": "The address has been added.", "address-saved": "The address has been saved." };

function AddressForm({
  address,
  errors,
  values,
  intent,
}: {
  address?: ShippingAddress;
  errors: Record<string, string>;
  values: Record<string, string>;
  intent: "address-add" | "address-update";
}) {
  const busy = useBusy(intent);
  const v = (k: keyof ShippingAddress) => values[k] ?? (address ? String(address[k] ?? "") : "");
  // Without JavaScript the region is a text field (names and codes are both accepted); with it, a
  // select of the chosen country's states or provinces where one is required.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [country, setCountry] = useState(v("country") || "US");
  const subdivisions = subdivisionsOf(country);
  const field = (
    name: keyof ShippingAddress,
    label: string,
    props: { autoComplete?: string; helper?: string; max?: number; xs?: number; sm?: number } = {},
  ) => (
    <Grid size={{ xs: props.xs ?? 12, sm: props.sm ?? 6 }}>
      <TextField
        name={name}
        id={`address-${name}`}
        label={label}
        autoComplete={props.autoComplete}
        defaultValue={v(name)}
        error={Boolean(errors[name])}
        helperText={errors[name] ?? props.helper}
        fullWidth
        slotProps={{ htmlInput: { maxLength: props.max ?? 200 } }}
      />
    </Grid>
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mt: 2, borderRadius: 2 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {address ? "Edit address" : "Add an address"}
      </Typography>
      <FormError errors={errors} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value={intent} />
        {address ? <input type="hidden" name="id" value={address.id} /> : null}
        <Grid container spacing={2}>
          {field("fullName", "Full name", { autoComplete: "shipping name", max: 120 })}
          {field("label", "Label (optional)", { helper: "For example Home or Work.", max: 40 })}
          {field("line1", "Street address", { autoComplete: "shipping address-line1", sm: 12 })}
          {field("line2", "Apartment, suite, etc. (optional)", { autoComplete: "shipping address-line2", sm: 12 })}
          {field("city", "City", { autoComplete: "shipping address-level2", max: 100 })}
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              name="country"
              id="address-country"
              label="Country"
              value={country}
              onChange={(e) => setCountry(e.target.value)}
              error={Boolean(errors.country)}
              helperText={errors.country}
              fullWidth
              autoComplete="shipping country"
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {hydrated && subdivisions.length ? (
              <TextField
                key={`region-${country}`}
                select
                name="region"
                id="address-region"
                label="State, province or region"
                defaultValue={subdivisions.some((d) => d.code === v("region")) ? v("region") : ""}
                error={Boolean(errors.region)}
                helperText={errors.region ?? SUBDIVISION_LABELS[country]}
                fullWidth
                autoComplete="shipping address-level1"
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">Choose…</option>
                {subdivisions.map((d) => (
                  <option key={d.code} value={d.code}>
                    {d.name}
                  </option>
                ))}
              </TextField>
            ) : (
              <TextField
                name="region"
                id="address-region"
                label="State, province or region"
                autoComplete="shipping address-level1"
                defaultValue={v("region")}
                error={Boolean(errors.region)}
                helperText={errors.region ?? "Required in the US, Canada and Australia, e.g. CA or California."}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            )}
          </Grid>
          {field("postalCode", "Postal code", { autoComplete: "shipping postal-code", max: 20 })}
          {field("phone", "Phone for the courier (optional)", { autoComplete: "shipping tel", max: 30 })}
        </Grid>
        {!address ? (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<input type="checkbox" name="select" style={{ margin: "0 8px 0 12px" }} />}
            label="Use this address for my next order"
          />
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {address ? "Save address" : "Add address"}
          </Button>
          <Button component={RouterLink} to="/account#addresses" preventScrollReset>
            Cancel
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}

export function AddressesSection({
  addresses,
  editing,
  notice,
  result,
}: {
  addresses: ShippingAddress[];
  editing: string | null;
  notice: string | null;
  result?: AccountActionResult;
}) {
  const formResult = resultFor(result, "address-add", "address-update");
  const listResult = resultFor(result, "address-delete", "address-select");
  const failedEdit = result && !result.ok && result.intent === "address-update" ? result.values?.id : undefined;
  const editId = failedEdit ?? editing;
  const adding = editId === "new" || (result?.intent === "address-add" && !result.ok);
  const editingAddress = adding ? undefined : addresses.find((a) => a.id === editId);
  return (
    <Section
      id="addresses"
      title="Shipping addresses"
      description="Save the places you ship to. The selected address is filled in at checkout."
    >
      <Success message={listResult.message ?? (notice ? NOTICES[notice] : undefined)} />
      <FormError errors={listResult.errors} />
      {addresses.length === 0 ? <Typography sx={{ mb: 2 }}>You have no saved addresses yet.</Typography> : null}
      <Stack spacing={1.5} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Saved addresses">
        {addresses.map((a) => (
          <Paper
            component="li"
            key={a.id}
            variant="outlined"
            data-testid="address-card"
            sx={{ p: 2, borderRadius: 2, borderColor: a.isSelected ? "primary.main" : undefined, borderWidth: a.isSelected ? 2 : 1 }}
          >
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
              <Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 0.5 }}>
                  <Typography sx={{ fontWeight: 600 }}>{a.label || a.fullName}</Typography>
                  {a.isSelected ? <Chip size="small" color="primary" label="Selected" /> : null}
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {a.fullName}
                  <br />
                  {a.line1}
                  {a.line2 ? `, ${a.line2}` : ""}
                  <br />
                  {[a.postalCode, a.city, a.region].filter(Boolean).join(" ")}, {countryName(a.country)}
                  {a.phone ? (
                    <>
                      <br />
                      {a.phone}
                    </>
                  ) : null}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", flexWrap: "wrap" }}>
                {!a.isSelected ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="address-select" />
                    <input type="hidden" name="id" value={a.id} />
                    <Button type="submit" size="small" variant="outlined" aria-label={`Use ${a.label || a.line1} for my next order`}>
                      Use this address
                    </Button>
                  </Form>
                ) : null}
                <Button
                  component={RouterLink}
                  to={`/account?address=${a.id}#addresses`}
                  preventScrollReset
                  size="small"
                  aria-label={`Edit ${a.label || a.line1}`}
                >
                  Edit
                </Button>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="address-delete" />
                  <input type="hidden" name="id" value={a.id} />
                  <Button type="submit" size="small" color="error" aria-label={`Delete ${a.label || a.line1}`}>
                    Delete
                  </Button>
                </Form>
              </Stack>
            </Stack>
          </Paper>
        ))}
      </Stack>
      {adding || editingAddress ? (
        <AddressForm
          key={editingAddress?.id ?? "new"}
          address={editingAddress}
          intent={editingAddress ? "address-update" : "address-add"}
          errors={formResult.errors}
          values={formResult.values}
        />
      ) : (
        <Button component={RouterLink} to="/account?address=new#addresses" preventScrollReset variant="outlined" sx={{ mt: 2 }}>
          Add an address
        </Button>
      )}
    </Section>
  );
}

// ---- theme ---------------------------------------------------------------------------------

export function ThemeSection({ result }: { result?: AccountActionResult }) {
  const { name, setName } = useThemeChoice();
  const fetcher = useFetcher();
  const { errors, message } = resultFor(result, "theme");
  return (
    <Section id="theme" title="Theme" description="Choose how Platen looks on this device and wherever you sign in.">
      <Success message={message} />
      <Form method="post">
        <input type="hidden" name="intent" value="theme" />
        <RadioGroup
          name="theme"
          aria-labelledby="theme-title"
          value={name}
          onChange={(e) => {
            const next = e.target.value;
            if (!isThemeName(next)) return;
            setName(next);
            void fetcher.submit({ intent: "theme", theme: next }, { method: "post" });
          }}
        >
          {THEME_NAMES.map((t) => (
            <FormControlLabel key={t} value={t} control={<Radio />} label={THEME_LABELS[t]} />
          ))}
        </RadioGroup>
        {errors.theme ? (
          <Typography color="error" role="alert" variant="body2">
            {errors.theme}
          </Typography>
        ) : null}
        <Button type="submit" variant="outlined" sx={{ mt: 1 }}>
          Save theme
        </Button>
      </Form>
    </Section>
  );
}

// ---- security ------------------------------------------------------------------------------

function ReauthPrompt({ forIntent, errors }: { forIntent: string; errors: Record<string, string> }) {
  const busy = useBusy("reauthenticate");
  return (
    <Alert severity="warning" icon={<ErrorOutline />} sx={{ mt: 2, "& .MuiAlert-message": { width: "100%" } }} data-testid="reauth-prompt">
      <Typography sx={{ fontWeight: 600 }}>Confirm it's you</Typography>
      <Typography variant="body2">For your security, enter your current password before changing sensitive settings.</Typography>
      <Form method="post" noValidate preventScrollReset>
        <input type="hidden" name="intent" value="reauthenticate" />
        <input type="hidden" name="for" value={forIntent} />
        <PasswordField name="password" label="Current password" error={errors.password} autoFocus />
        <FormError errors={errors} />
        <Button type="submit" variant="contained" disabled={busy}>
          Confirm
        </Button>
      </Form>
    </Alert>
  );
}

function reauthFor(result: AccountActionResult | undefined, intent: string) {
  if (!result) return null;
  if (!result.ok && result.code === "requires-recent-login" && result.intent === intent) return { errors: {} };
  if (!result.ok && result.intent === "reauthenticate" && result.values?.for === intent) return { errors: result.errors ?? {} };
  return null;
}

function reauthDone(result: AccountActionResult | undefined, intent: string) {
  return result?.ok && result.intent === "reauthenticate" && result.message ? (result.values?.for ?? intent) === intent : false;
}

interface SessionView {
  id: string;
  current: boolean;
  device: string;
  signedInAt: string;
}

export function SecuritySection({
  profile,
  pendingEmail,
  sessions,
  recentLoginMinutes,
  result,
}: {
  profile: Profile;
  pendingEmail: string | null;
  sessions: SessionView[];
  recentLoginMinutes: number;
  result?: AccountActionResult;
}) {
  const verify = resultFor(result, "resend-verification");
  const email = resultFor(result, "change-email");
  const password = resultFor(result, "change-password");
  const others = resultFor(result, "sign-out-others");
  const reauthEmail = reauthFor(result, "change-email");
  const reauthPassword = reauthFor(result, "change-password");
  const confirmed = result?.ok && result.intent === "reauthenticate" ? result.message : undefined;
  const busyEmail = useBusy("change-email");
  const busyPassword = useBusy("change-password");
  return (
    <Section
      id="security"
      title="Security"
      description={`Changing your e-mail or password needs a sign-in within the last ${recentLoginMinutes} minutes.`}
    >
      <Success message={confirmed} />
      <Typography variant="h6" component="h3">
        E-mail address
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", my: 1, flexWrap: "wrap" }}>
        <Typography>{profile.email}</Typography>
        {profile.emailVerified ? (
          <Chip size="small" color="success" icon={<CheckCircleOutline />} label="Verified" />
        ) : (
          <Chip size="small" color="warning" label="Not verified" />
        )}
      </Stack>
      <Success message={verify.message} />
      <FormError errors={verify.errors} />
      {!profile.emailVerified ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="resend-verification" />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Confirm your address so we can send order updates and help you if you lose your password.
          </Typography>
          <Button type="submit" variant="outlined" size="small">
            Resend verification e-mail
          </Button>
        </Form>
      ) : null}
      {pendingEmail ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Waiting for you to confirm {pendingEmail}: open the link we sent there.
        </Alert>
      ) : null}
      <Box sx={{ mt: 2 }}>
        <Success message={email.message} />
        <FormError errors={email.errors} />
        <Form method="post" noValidate preventScrollReset>
          <input type="hidden" name="intent" value="change-email" />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
            <TextField
              name="newEmail"
              id="security-newEmail"
              label="New e-mail"
              type="email"
              autoComplete="email"
              defaultValue={email.values.newEmail ?? ""}
              error={Boolean(email.errors.newEmail)}
              helperText={email.errors.newEmail ?? "We'll send a confirmation link to the new address."}
              sx={{ flexGrow: 1 }}
              slotProps={{ htmlInput: { maxLength: 254 } }}
            />
            <Button type="submit" variant="outlined" sx={{ mt: { sm: 1 } }} disabled={busyEmail}>
              Change e-mail
            </Button>
          </Stack>
        </Form>
        {reauthEmail && !reauthDone(result, "change-email") ? <ReauthPrompt forIntent="change-email" errors={reauthEmail.errors} /> : null}
      </Box>

      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" component="h3">
        Password
      </Typography>
      <Success message={password.message} />
      <FormError errors={password.code === "requires-recent-login" ? {} : password.errors} />
      <Form method="post" noValidate preventScrollReset>
        <input type="hidden" name="intent" value="change-password" />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
          <Box sx={{ flexGrow: 1 }}>
            <PasswordField
              name="newPassword"
              label="New password"
              autoComplete="new-password"
              error={password.errors.newPassword}
              helperText={`At least ${PASSWORD_MIN} characters, not a common password.`}
            />
          </Box>
          <Button type="submit" variant="outlined" sx={{ mt: { sm: 3 } }} disabled={busyPassword}>
            Change password
          </Button>
        </Stack>
      </Form>
      {reauthPassword ? <ReauthPrompt forIntent="change-password" errors={reauthPassword.errors} /> : null}

      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" component="h3">
        Where you're signed in
      </Typography>
      <Success message={others.message} />
      <List dense aria-label="Active sessions">
        {sessions.map((s) => (
          <ListItem key={s.id} disableGutters>
            <ListItemText
              primary={
                <>
                  {s.device} {s.current ? <Chip size="small" label="This device" sx={{ ml: 1 }} /> : null}
                </>
              }
              secondary={`Signed in ${s.signedInAt}`}
            />
          </ListItem>
        ))}
      </List>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="sign-out-others" />
        <Button type="submit" variant="outlined" disabled={sessions.length < 2}>
          Sign out of other devices
        </Button>
      </Form>
    </Section>
  );
}

// ---- delete --------------------------------------------------------------------------------

export function DangerSection({ result }: { result?: AccountActionResult }) {
  const { errors } = resultFor(result, "delete-account");
  const reauth = reauthFor(result, "delete-account");
  const busy = useBusy("delete-account");
  return (
    <Section
      id="delete"
      title="Delete account"
      description="This removes your profile, saved addresses and sign-in for good. It cannot be undone."
    >
      <FormError errors={result?.code === "requires-recent-login" ? {} : errors} />
      <Form method="post" noValidate preventScrollReset>
        <input type="hidden" name="intent" value="delete-account" />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
          <TextField
            name="confirmation"
            id="delete-confirmation"
            label={`Type ${DELETE_CONFIRMATION} to confirm`}
            autoComplete="off"
            error={Boolean(errors.confirmation)}
            helperText={errors.confirmation}
            sx={{ flexGrow: 1 }}
          />
          <Button type="submit" variant="contained" color="error" sx={{ mt: { sm: 1 } }} disabled={busy}>
            Delete my account
          </Button>
        </Stack>
      </Form>
      {reauth ? <ReauthPrompt forIntent="delete-account" errors={reauth.errors} /> : null}
    </Section>
  );
}
