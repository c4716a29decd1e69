import Box from "#app/components/ui/Box.tsx";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { useEffect } from "react";
import { data, redirect } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import { z } from "zod";
import type { Route } from "./+types/index";
import {
  AddressesSection,
  DangerSection,
  ProfileSection,
  SecuritySection,
  ThemeSection,
  type AccountActionResult,
} from "#app/components/account/AccountSections.tsx";
import { echoValues, parseForm, zodFieldErrors, readForm } from "#app/lib/forms.server.ts";
import { refreshCookieForSession, requireUser, signOutHeaders, themeCookieHeader } from "#app/lib/session.server.ts";
import { writeUserData } from "#app/lib/user-data.ts";
import { AccountWishesSection } from "#app/components/cart/AccountWishes.tsx";
import { AccountOrdersSection } from "#app/components/orders/AccountOrders.tsx";
import { listMyOrders, toUserDataOrders } from "#server/modules/orders/index.ts";
import { listFloorShopsOfUser } from "#server/modules/fulfillment/index.ts";
import { formatDate } from "#app/lib/dates.ts";
import { getWishes } from "#server/modules/shopping/index.ts";
import { isThemeName } from "#app/theme/themes.ts";
import { AppError } from "#server/kernel/index.ts";
import {
  addAddress,
  addressSchema,
  changePassword,
  deleteAccount,
  deleteAddress,
  emailField,
  getAccount,
  listAddresses,
  listSessions,
  pendingEmailChange,
  profileSchema,
  reauthenticate,
  recentLoginMs,
  requestEmailChange,
  resendVerification,
  revokeRefreshTokensOfSession,
  saveTheme,
  selectAddress,
  signOutOtherDevices,
  updateAddress,
  updateProfile,
} from "#server/modules/identity/index.ts";
import { formatDateTime } from "#app/lib/dates.ts";

export const meta: Route.MetaFunction = () => [{ title: "Your account · Platen" }];

function describeDevice(ua: string | null): string {
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Mac OS X/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : "an unknown system";
  return `${browser} on ${os}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx, session } = await requireUser(request);
  const [user, addresses, sessions, pendingEmail, wishes] = await Promise.all([
    getAccount(ctx),
    listAddresses(ctx),
    listSessions(ctx),
    pendingEmailChange(ctx),
    getWishes(ctx),
  ]);
  const [orders, floorShops] = await Promise.all([listMyOrders(ctx), listFloorShopsOfUser(ctx)]);
  const url = new URL(request.url);
  return {
    profile: {
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      displayName: user.displayName,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      hasPassword: user.passwordHash !== null,
    },
    pendingEmail,
    floorShops,
    addresses,
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.id === session.id,
      device: describeDevice(s.userAgent),
      signedInAt: formatDateTime(s.createdAt),
    })),
    recentLoginMinutes: Math.round(recentLoginMs() / 60_000),
    editAddress: url.searchParams.get("address"),
    notice: url.searchParams.get("notice"),
    wishes: { cards: wishes.cards.slice(0, 6), total: wishes.cards.length },
    orders: orders.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      date: formatDate(o.createdAt),
      itemCount: o.itemCount,
      totalMinor: o.totalMinor,
      refundedMinor: o.refundedMinor,
      currency: o.currency,
      image: o.image ? { hash: o.image.hash } : null,
    })),
    userDataOrders: toUserDataOrders(orders),
  };
}

const idSchema = z.object({ id: z.string().min(1).max(64) });
const intentSchema = z.enum([
  "profile",
  "address-add",
  "address-update",
  "address-delete",
  "address-select",
  "theme",
  "resend-verification",
  "change-email",
  "change-password",
  "reauthenticate",
  "sign-out-others",
  "delete-account",
]);
type Intent = z.infer<typeof intentSchema>;

function refused(intent: Intent, errors: Record<string, string>, status: number, code?: string, values?: Record<string, string>) {
  return data<AccountActionResult>({ ok: false, intent, code, errors, values }, { status });
}
function fromError(intent: Intent, error: unknown, values?: Record<string, string>) {
  if (error instanceof AppError) return refused(intent, { [error.field ?? "_form"]: error.message }, error.status, error.code, values);
  throw error;
}
const done = (intent: Intent, message: string, headers?: HeadersInit) =>
  data<AccountActionResult>({ ok: true, intent, message }, { headers });

export async function action({ request }: Route.ActionArgs) {
  const { ctx, session, user } = await requireUser(request);
  const form = await readForm(request);
  const intentParsed = intentSchema.safeParse(form.get("intent"));
  if (!intentParsed.success)
    return data({ ok: false, errors: { _form: "This form is out of date. Reload the page and try again." } }, { status: 400 });
  const intent = intentParsed.data;
  const values = echoValues(form, ["password", "newPassword", "intent"]);

  try {
    switch (intent) {
      case "profile": {
        const p = parseForm(form, profileSchema);
        if (!p.ok) return refused(intent, p.errors, 400, undefined, values);
        await updateProfile(ctx, p.data);
        return done(intent, "Your profile has been saved.");
      }
      case "address-add":
      case "address-update": {
        const p = parseForm(form, addressSchema);
        if (!p.ok) return refused(intent, p.errors, 400, undefined, values);
        if (intent === "address-add") await addAddress(ctx, p.data, { select: form.get("select") === "on" });
        else {
          const id = idSchema.safeParse({ id: form.get("id") });
          if (!id.success) return refused(intent, { _form: "This address no longer exists." }, 404);
          await updateAddress(ctx, id.data.id, p.data);
        }
        throw redirect(`/account?notice=${intent === "address-add" ? "address-added" : "address-saved"}#addresses`);
      }
      case "address-delete":
      case "address-select": {
        const id = idSchema.safeParse({ id: form.get("id") });
        if (!id.success) return refused(intent, { _form: "This address no longer exists." }, 404);
        if (intent === "address-delete") await deleteAddress(ctx, id.data.id);
        else await selectAddress(ctx, id.data.id);
        return done(
          intent,
          intent === "address-delete" ? "The address has been deleted." : "This address will be used for your next order.",
        );
      }
      case "theme": {
        const theme = form.get("theme");
        if (!isThemeName(theme)) return refused(intent, { theme: "Choose one of the offered themes." }, 400);
        await saveTheme(ctx, theme);
        return done(intent, "Your theme has been saved.", { "Set-Cookie": themeCookieHeader(theme) });
      }
      case "resend-verification":
        await resendVerification(ctx);
        return done(intent, `We've sent a new link to ${user.email}. It works for 48 hours.`);
      case "change-email": {
        const p = z.object({ newEmail: emailField }).safeParse({ newEmail: form.get("newEmail") ?? "" });
        if (!p.success) return refused(intent, zodFieldErrors(p.error), 400, undefined, values);
        await requestEmailChange(ctx, p.data);
        return done(
          intent,
          `Almost done: open the link we've sent to ${p.data.newEmail} to confirm the change. Until then, keep signing in with ${user.email}.`,
        );
      }
      case "change-password": {
        const p = z
          .object({ newPassword: z.string().min(1, "Choose a new password.") })
          .safeParse({ newPassword: form.get("newPassword") ?? "" });
        if (!p.success) return refused(intent, zodFieldErrors(p.error), 400);
        await changePassword(ctx, p.data);
        return done(intent, "Your password has been changed. Other devices have been signed out.");
      }
      case "reauthenticate": {
        const password = form.get("password");
        if (typeof password !== "string" || !password) return refused(intent, { password: "Enter your password." }, 400);
        const at = await reauthenticate(ctx, { password });
        // A fresh refresh-token family carries the new auth_time into the next ID tokens.
        await revokeRefreshTokensOfSession(ctx.db, session.id);
        const cookie = await refreshCookieForSession(user.id, session.id, at);
        return done(intent, "Thanks for confirming. You can now make your change.", { "Set-Cookie": cookie });
      }
      case "sign-out-others": {
        const n = await signOutOtherDevices(ctx);
        return done(intent, n === 0 ? "No other device was signed in." : `Signed out of ${n} other ${n === 1 ? "device" : "devices"}.`);
      }
      case "delete-account": {
        await deleteAccount(ctx, { confirmation: String(form.get("confirmation") ?? "") });
        throw redirect("/login?notice=deleted", { headers: await signOutHeaders(request) });
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return fromError(intent, error, values);
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData && "intent" in actionData ? (actionData as AccountActionResult) : undefined;
  const { addresses } = loaderData;

  // Mirror the saved addresses into localStorage.userData for checkout.
  useEffect(() => {
    const selected = addresses.find((a) => a.isSelected);
    writeUserData((d) => ({ ...d, shippingInfo: addresses, selectedShippingInfo: selected ? { ...selected } : {} }));
  }, [addresses]);

  // Mirror the order list into localStorage.userData (spec field `orders`: id, date, status, total).
  const { userDataOrders } = loaderData;
  useEffect(() => {
    writeUserData((d) => ({ ...d, orders: userDataOrders }));
  }, [userDataOrders]);

  const sections = [
    ["profile", "Profile"],
    ["orders", "Orders"],
    ["addresses", "Shipping addresses"],
    ["wishes", "Wishes"],
    ["theme", "Theme"],
    ["security", "Security"],
    ["delete", "Delete account"],
  ] as const;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: "2rem", sm: "2.5rem" } }}>
        Your account
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Signed in as <strong>{loaderData.profile.email}</strong>
      </Typography>
      {loaderData.floorShops.length ? (
        <Box component="section" aria-labelledby="floor-shops-h" data-testid="floor-shops" sx={{ mt: 2 }}>
          <Typography id="floor-shops-h" variant="h2" sx={{ fontSize: "1.1rem", fontWeight: 600 }}>
            Print shops you work for
          </Typography>
          <Stack component="ul" sx={{ listStyle: "none", p: 0, m: 0, mt: 0.5 }}>
            {loaderData.floorShops.map((f) => (
              <li key={f.handle}>
                <Link component={RouterLink} to={`/fulfillment/@${f.handle}/administration/orders`}>
                  {f.name}: its floor
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
      ) : null}
      <Box component="nav" aria-label="Account sections" sx={{ my: 3 }}>
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
          {sections.map(([id, label]) => (
            <Chip key={id} label={label} component="a" href={`#${id}`} clickable variant="outlined" />
          ))}
        </Stack>
      </Box>
      <Stack spacing={3}>
        <ProfileSection profile={loaderData.profile} result={result} />
        <AccountOrdersSection orders={loaderData.orders} />
        <AddressesSection addresses={addresses} editing={loaderData.editAddress} notice={loaderData.notice} result={result} />
        <AccountWishesSection cards={loaderData.wishes.cards} total={loaderData.wishes.total} />
        <ThemeSection result={result} />
        <SecuritySection
          profile={loaderData.profile}
          pendingEmail={loaderData.pendingEmail}
          sessions={loaderData.sessions}
          recentLoginMinutes={loaderData.recentLoginMinutes}
          result={result}
        />
        <DangerSection result={result} />
      </Stack>
    </Container>
  );
}
