import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import LocalShippingOutlined from "@mui/icons-material/LocalShippingOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import Remove from "@mui/icons-material/Remove";
import ShoppingBagOutlined from "@mui/icons-material/ShoppingBagOutlined";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { randomBytes } from "node:crypto";
import { useEffect, useState, type ReactNode } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { z } from "zod";
import type { Route } from "./+types/index";
import { ChoiceControl } from "#app/components/ChoiceControl.tsx";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { mirrorServer } from "#app/components/cart/shopping-client.ts";
import { AddressFields, type AddressValues } from "#app/components/checkout/AddressFields.tsx";
import { addressLines, arrivesText, shipsFromText } from "#app/components/checkout/format.ts";
import { LineItem } from "#app/components/checkout/LineItem.tsx";
import { TotalsSummary } from "#app/components/checkout/TotalsSummary.tsx";
import { OutlinedField } from "#app/components/OutlinedField.tsx";
import { commitCartCookie, visitorCartIdFrom } from "#app/lib/cart-cookie.server.ts";
import { commitCheckoutState, readCheckoutState, type CheckoutCookieAddress } from "#app/lib/checkout-cookie.server.ts";
import { parseForm, zodFieldErrors, echoValues, readForm } from "#app/lib/forms.server.ts";
import { postalCodeProblem } from "#app/lib/postal-code.server.ts";
import { getCtx, getSession } from "#app/lib/session.server.ts";
import { readUserData, writeUserData } from "#app/lib/user-data.ts";
import { AppError } from "#server/kernel/index.ts";
import { addAddress, addressSchema, listAddresses, selectAddress, updateAddress } from "#server/modules/identity/index.ts";
import type { ShippingAddress } from "#server/modules/identity/types.ts";
import { placeOrder, quoteCheckout } from "#server/modules/orders/index.ts";
import {
  contactEmailSchema,
  discountCodeSchema,
  ORDER_MAX_QUANTITY,
  placeKeySchema,
  type CheckoutQuote,
  type OrderAddress,
  type QuoteLine,
} from "#server/modules/orders/types.ts";
import { getCartLines, removeFromCart, setCartQuantity } from "#server/modules/shopping/index.ts";

export const meta: Route.MetaFunction = () => [{ title: "Checkout · Platen" }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const INTENTS = ["update-quantity", "remove", "address", "apply-code", "remove-code", "place"] as const;
type Intent = (typeof INTENTS)[number];

function toOrderAddress(a: CheckoutCookieAddress | ShippingAddress): OrderAddress {
  return {
    fullName: a.fullName,
    line1: a.line1,
    line2: a.line2 ?? "",
    city: a.city,
    region: a.region ?? "",
    postalCode: a.postalCode,
    country: a.country,
    phone: a.phone ?? "",
  };
}

/** Everything the page and the `place` action price from: the cart, the address, the code. */
async function checkoutInputs(request: Request) {
  const ctx = await getCtx(request);
  const session = await getSession(request);
  const visitorCartId = session ? null : await visitorCartIdFrom(request);
  const state = await readCheckoutState(request);
  const cart = await getCartLines(ctx, visitorCartId);
  const lines = cart.map(({ productId, variantId, quantity, addedPriceMinor }) => ({ productId, variantId, quantity, addedPriceMinor }));
  let addresses: ShippingAddress[] = [];
  let address: OrderAddress | null = null;
  let addressId: string | null = null;
  if (session) {
    addresses = await listAddresses(ctx);
    const chosen = addresses.find((a) => a.isSelected) ?? addresses[0];
    if (chosen) {
      address = toOrderAddress(chosen);
      addressId = chosen.id;
    }
  } else if (state.address) address = toOrderAddress(state.address);
  const email = session ? session.user.email : state.email;
  return { ctx, session, visitorCartId, state, lines, addresses, address, addressId, email };
}

/** The checkout: the server cart priced for the address, grouped into shipments. Works without JavaScript. */
export async function loader({ request }: Route.LoaderArgs) {
  const { ctx, session, state, lines, addresses, address, addressId, email } = await checkoutInputs(request);
  const url = new URL(request.url);
  const base = {
    signedIn: Boolean(session),
    uid: session?.user.id ?? "",
    email,
    addresses,
    addressId,
    guestAddress: session ? null : state.address,
    code: state.code,
    hasAddress: Boolean(address),
    /** `?address=new` or `?address=<id>` opens the inline address form (links, so no JavaScript is needed). */
    editing: url.searchParams.get("address"),
  };
  if (!lines.length) return { ...base, empty: true as const, quote: null, placeKey: "" };
  let quote: CheckoutQuote;
  try {
    quote = await quoteCheckout(ctx, { lines, address, discountCode: state.code || null });
  } catch (error) {
    // A refusal of the whole cart is a page with its message, never a 500.
    if (error instanceof AppError && error.status < 500) throw new Response(error.message, { status: error.status });
    throw error;
  }
  // One key per page load: a double click, a refresh of the POST or a second submit of this page
  // carry the same key, so they can only ever make one order.
  const placeKey = randomBytes(18).toString("base64url");
  return { ...base, empty: false as const, quote, placeKey };
}

interface ActionFailure {
  ok: false;
  intent: Intent;
  errors: Record<string, string>;
  values?: Record<string, string>;
  /** Which line a quantity error belongs to. */
  variantId?: string;
  /** `place` refused: the fresh quote to show. */
  quote?: CheckoutQuote;
}

const refuse = (body: Omit<ActionFailure, "ok">, status = 400) => data<ActionFailure>({ ok: false, ...body }, { status });

const lineSchema = z.object({
  variantId: z
    .string({ error: "That item is no longer in your cart." })
    .regex(/^var_[A-Za-z0-9_-]{1,60}$/, "That item is no longer in your cart."),
});
const quantitySchema = lineSchema.extend({
  quantity: z.coerce
    .number({ error: `Enter a quantity from 1 to ${ORDER_MAX_QUANTITY}.` })
    .int(`Enter a whole number from 1 to ${ORDER_MAX_QUANTITY}.`)
    .min(0, `Enter a quantity from 1 to ${ORDER_MAX_QUANTITY}.`)
    .max(ORDER_MAX_QUANTITY, `You can order at most ${ORDER_MAX_QUANTITY} of one item.`),
  step: z.enum(["-1", "1"]).optional(),
});
const placeSchema = z.object({
  placeKey: placeKeySchema,
  seenTotalMinor: z.coerce.number({ error: "Reload the checkout page and try again." }).int().min(0).max(1_000_000_000),
});

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "") as Intent;
  if (!INTENTS.includes(intent))
    return refuse({ intent: "place", errors: { _form: "Something went wrong with that form. Reload the page and try again." } });
  const { ctx, session, visitorCartId, state, lines, address, email } = await checkoutInputs(request);
  const headers = new Headers();
  const back = () => redirect("/checkout", { headers });
  try {
    switch (intent) {
      case "update-quantity": {
        const p = parseForm(form, quantitySchema);
        if (!p.ok) return refuse({ intent, errors: p.errors, values: p.values, variantId: String(form.get("variantId") ?? "") }, 422);
        const current = lines.find((l) => l.variantId === p.data.variantId);
        if (!current)
          return refuse({ intent, errors: { _form: "That item is no longer in your cart." }, variantId: p.data.variantId }, 404);
        const quantity = p.data.step ? Math.min(ORDER_MAX_QUANTITY, current.quantity + Number(p.data.step)) : p.data.quantity;
        const change =
          quantity <= 0
            ? await removeFromCart(ctx, p.data.variantId, visitorCartId)
            : await setCartQuantity(ctx, p.data.variantId, quantity, visitorCartId);
        if (change.visitorCartId) headers.append("Set-Cookie", await commitCartCookie(change.visitorCartId));
        return back();
      }
      case "remove": {
        const p = parseForm(form, lineSchema);
        if (!p.ok) return refuse({ intent, errors: p.errors }, 422);
        const change = await removeFromCart(ctx, p.data.variantId, visitorCartId);
        if (change.visitorCartId) headers.append("Set-Cookie", await commitCartCookie(change.visitorCartId));
        return back();
      }
      case "address": {
        const addressId = String(form.get("addressId") ?? "");
        if (session) {
          // Pick a saved address, or add / edit one inline (it is saved to the account).
          if (form.get("mode") === "select") {
            if (!addressId) return refuse({ intent, errors: { addressId: "Choose an address." } }, 422);
            await selectAddress(ctx, addressId);
            return back();
          }
          const p = parseForm(form, addressSchema);
          if (!p.ok) return refuse({ intent, errors: p.errors, values: p.values }, 422);
          const postal = postalCodeProblem(p.data.postalCode, p.data.country);
          if (postal) return refuse({ intent, errors: { postalCode: postal }, values: echoValues(form) }, 422);
          if (addressId) {
            await updateAddress(ctx, addressId, p.data);
            await selectAddress(ctx, addressId);
          } else await addAddress(ctx, p.data, { select: true });
          return back();
        }
        // A visitor: contact e-mail and address are kept in the signed checkout cookie.
        const contact = contactEmailSchema.safeParse(form.get("email") ?? "");
        const p = parseForm(form, addressSchema);
        const postal = p.ok ? postalCodeProblem(p.data.postalCode, p.data.country) : null;
        const errors = {
          ...(contact.success ? {} : { email: zodFieldErrors(contact.error)._form ?? "Enter your e-mail address." }),
          ...(p.ok ? {} : p.errors),
          ...(postal ? { postalCode: postal } : {}),
        };
        if (!contact.success || !p.ok || postal) return refuse({ intent, errors, values: echoValues(form) }, 422);
        headers.append("Set-Cookie", await commitCheckoutState(request, { email: contact.data, address: { ...p.data } }));
        return back();
      }
      case "apply-code": {
        const p = discountCodeSchema.safeParse(form.get("code") ?? "");
        if (!p.success)
          return refuse({ intent, errors: { code: p.error.issues[0]?.message ?? "Check the code." }, values: echoValues(form) }, 422);
        if (!p.data) return refuse({ intent, errors: { code: "Enter a code." } }, 422);
        headers.append("Set-Cookie", await commitCheckoutState(request, { code: p.data }));
        return back();
      }
      case "remove-code": {
        headers.append("Set-Cookie", await commitCheckoutState(request, { code: "" }));
        return back();
      }
      case "place": {
        const p = parseForm(form, placeSchema);
        if (!p.ok)
          return refuse({ intent, errors: { _form: Object.values(p.errors)[0] ?? "Reload the checkout page and try again." } }, 400);
        if (!lines.length) return refuse({ intent, errors: { _form: "Your cart is empty, so there is nothing to order." } }, 409);
        if (!email)
          return refuse(
            { intent, errors: { _form: "Add your e-mail address and shipping address first.", email: "Enter your e-mail address." } },
            422,
          );
        if (!address) return refuse({ intent, errors: { _form: "Add a shipping address first." } }, 422);
        const result = await placeOrder(ctx, {
          lines,
          address,
          discountCode: state.code || null,
          email,
          placeKey: p.data.placeKey,
          seenTotalMinor: p.data.seenTotalMinor,
          visitorCartId,
        });
        if (!result.ok) return refuse({ intent, errors: { _form: result.message }, quote: result.quote }, 409);
        const q = new URLSearchParams({ order: result.orderId, token: result.token });
        // The cookie keeps the code: a re-sent form (same key) must price exactly as the first.
        throw redirect(`/payment?${q.toString()}`);
      }
    }
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      const field = error.field && error.field !== "variantId" ? error.field : "_form";
      return refuse(
        { intent, errors: { [field]: error.message }, variantId: String(form.get("variantId") ?? "") || undefined },
        error.status,
      );
    }
    throw error;
  }
  return refuse({ intent, errors: { _form: "Something went wrong with that form. Reload the page and try again." } });
}

// ---- the page ----------------------------------------------------------------------------------

function Section({ title, id, action, children }: { title: string; id: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2 }} id={id}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "baseline", mb: 1.5, gap: 1 }}>
        <Typography variant="h6" component="h2" id={`${id}-title`} sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function useSubmitting(intent: Intent, key?: string): boolean {
  const nav = useNavigation();
  if (nav.state === "idle" || !nav.formData) return false;
  if (nav.formData.get("intent") !== intent) return false;
  return key === undefined || nav.formData.get("variantId") === key || nav.formData.get("addressId") === key;
}

function AddressSummary({ address }: { address: OrderAddress | CheckoutCookieAddress }) {
  return (
    <Box component="address" sx={{ fontStyle: "normal" }} data-testid="checkout-address">
      {addressLines({ ...address, line2: address.line2 ?? "", region: address.region ?? "" }).map((l, i) => (
        <Typography key={i} variant="body2">
          {l}
        </Typography>
      ))}
    </Box>
  );
}

function GuestContactAndAddress({
  email,
  address,
  errors,
  values,
  editing,
}: {
  email: string;
  address: CheckoutCookieAddress | null;
  errors: Record<string, string>;
  values: Record<string, string>;
  editing: boolean;
}) {
  const busy = useSubmitting("address");
  // A visitor's address from an earlier visit (userData.selectedShippingInfo) fills the form.
  const [remembered, setRemembered] = useState<AddressValues | null>(null);
  useEffect(() => {
    if (address) return;
    const s = readUserData().selectedShippingInfo;
    if (typeof s.fullName === "string" && typeof s.line1 === "string") {
      const v: AddressValues = {};
      for (const k of ["fullName", "line1", "line2", "city", "region", "postalCode", "country", "phone"] as const)
        if (typeof s[k] === "string") v[k] = s[k];
      setRemembered(v);
    }
  }, [address]);
  const showForm = editing || !address || !email || Object.keys(errors).some((k) => k !== "_form");
  if (!showForm && address) {
    return (
      <Stack direction={{ xs: "column", sm: "row" }} spacing={3} sx={{ justifyContent: "space-between" }}>
        <Box>
          <Typography variant="subtitle2">Contact</Typography>
          <Typography variant="body2" data-testid="checkout-email">
            {email}
          </Typography>
          <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
            Ship to
          </Typography>
          <AddressSummary address={address} />
        </Box>
        <Box>
          <Button component={Link} to="/checkout?address=edit#shipping" preventScrollReset variant="outlined" size="small">
            Change
          </Button>
        </Box>
      </Stack>
    );
  }
  const merged: AddressValues = { ...(remembered ?? {}), ...(address ?? {}), ...values };
  return (
    <Form method="post" noValidate preventScrollReset key={remembered ? "remembered" : "blank"}>
      <input type="hidden" name="intent" value="address" />
      <OutlinedField
        name="email"
        id="checkout-email"
        type="email"
        label="E-mail"
        autoComplete="email"
        defaultValue={values.email ?? email}
        error={Boolean(errors.email)}
        helperText={errors.email ?? "We send your order confirmation and tracking here. No account needed."}
        required
        fullWidth
        size="small"
        sx={{ mb: 2 }}
        maxLength={254}
      />
      <AddressFields values={merged} errors={errors} />
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          Use this address
        </Button>
        {address && email ? (
          <Button component={Link} to="/checkout#shipping" preventScrollReset>
            Cancel
          </Button>
        ) : null}
      </Stack>
    </Form>
  );
}

function AccountAddresses({
  addresses,
  addressId,
  editing,
  errors,
  values,
}: {
  addresses: ShippingAddress[];
  addressId: string | null;
  editing: string | null;
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  const busy = useSubmitting("address");
  const failedEdit = Object.keys(errors).some((k) => k !== "_form" && k !== "addressId");
  const editId =
    editing === "new" ? "new" : addresses.some((a) => a.id === editing) ? editing : failedEdit ? values.addressId || "new" : null;
  const formFor = editId === "new" || !addresses.length ? undefined : addresses.find((a) => a.id === editId);
  if (editId || !addresses.length) {
    return (
      <Form method="post" noValidate preventScrollReset>
        <input type="hidden" name="intent" value="address" />
        {formFor ? <input type="hidden" name="addressId" value={formFor.id} /> : null}
        <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
          {formFor ? "Edit this address" : "Add an address"}
          <Typography component="span" variant="body2" color="text.secondary">
            {" "}
            (saved to your account)
          </Typography>
        </Typography>
        <AddressFields values={{ ...(formFor ?? {}), ...values }} errors={errors} withLabel />
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {formFor ? "Save and use this address" : "Add and use this address"}
          </Button>
          {addresses.length ? (
            <Button component={Link} to="/checkout#shipping" preventScrollReset>
              Cancel
            </Button>
          ) : null}
        </Stack>
      </Form>
    );
  }
  return (
    <Form
      method="post"
      preventScrollReset
      onChange={(e) => {
        // With JavaScript, picking an address re-prices at once; without, the button posts it.
        const target = e.target;
        if (target instanceof HTMLInputElement && target.name === "addressId") e.currentTarget.requestSubmit();
      }}
    >
      <input type="hidden" name="intent" value="address" />
      <input type="hidden" name="mode" value="select" />
      <div role="radiogroup" aria-label="Ship to">
        {addresses.map((a) => (
          <Stack
            key={a.id}
            direction="row"
            sx={{ alignItems: "flex-start", justifyContent: "space-between", py: 1, borderBottom: 1, borderColor: "divider" }}
          >
            <ChoiceControl
              type="radio"
              name="addressId"
              value={a.id}
              defaultChecked={a.id === addressId}
              sx={{ alignItems: "flex-start", m: 0, "& > span:first-of-type": { mt: -0.75 } }}
              label={
                <Box>
                  {a.label ? <Typography variant="subtitle2">{a.label}</Typography> : null}
                  <AddressSummary address={a} />
                </Box>
              }
            />
            <Button component={Link} to={`/checkout?address=${encodeURIComponent(a.id)}#shipping`} preventScrollReset size="small">
              Edit
            </Button>
          </Stack>
        ))}
      </div>
      {errors.addressId ? (
        <Typography color="error" variant="body2" role="alert">
          {errors.addressId}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: "wrap", rowGap: 1 }}>
        <Button type="submit" variant="outlined" size="small" disabled={busy}>
          Ship to the chosen address
        </Button>
        <Button component={Link} to="/checkout?address=new#shipping" preventScrollReset size="small" startIcon={<Add />}>
          Add an address
        </Button>
      </Stack>
    </Form>
  );
}

function QuantityForm({ line, error }: { line: QuoteLine; error?: string }) {
  const updating = useSubmitting("update-quantity", line.variantId);
  const removing = useSubmitting("remove", line.variantId);
  const busy = updating || removing;
  const fieldId = `qty-${line.variantId}`;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: "flex-start", flexWrap: "wrap", rowGap: 1 }}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="update-quantity" />
        <input type="hidden" name="variantId" value={line.variantId} />
        {/* Wraps on a phone: at 360 px the four controls side by side made the page 395 px wide. */}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: "flex-start", flexWrap: "wrap", rowGap: 1 }}>
          <IconButton
            type="submit"
            name="step"
            value="-1"
            size="small"
            aria-label={`One less ${line.title}`}
            disabled={busy || line.quantity <= 1}
          >
            <Remove fontSize="small" />
          </IconButton>
          <OutlinedField
            id={fieldId}
            name="quantity"
            type="number"
            size="small"
            label="Quantity"
            key={line.quantity}
            defaultValue={line.quantity}
            error={Boolean(error)}
            helperText={error}
            sx={{ width: 96 }}
            min={1}
            max={ORDER_MAX_QUANTITY}
            step={1}
            inputMode="numeric"
            data-testid="checkout-quantity"
          />
          <IconButton
            type="submit"
            name="step"
            value="1"
            size="small"
            aria-label={`One more ${line.title}`}
            disabled={busy || line.quantity >= ORDER_MAX_QUANTITY}
          >
            <Add fontSize="small" />
          </IconButton>
          <Button type="submit" size="small" variant="outlined" disabled={busy}>
            Update
          </Button>
        </Stack>
      </Form>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="variantId" value={line.variantId} />
        <Button type="submit" size="small" startIcon={<DeleteOutline />} aria-label={`Remove ${line.title} from the cart`} disabled={busy}>
          Remove
        </Button>
      </Form>
    </Stack>
  );
}

function DiscountForm({
  quote,
  code,
  errors,
  values,
}: {
  quote: CheckoutQuote;
  code: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  const applying = useSubmitting("apply-code");
  const d = quote.discount;
  const message = errors.code ?? (d ? d.message : null);
  const failed = Boolean(errors.code) || (d !== null && !d.ok);
  return (
    <Box>
      {code && !errors.code ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="remove-code" />
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Typography sx={{ fontWeight: 700 }} data-testid="discount-code">
              {code}
            </Typography>
            <Button type="submit" size="small">
              Remove code
            </Button>
          </Stack>
          {message ? (
            <Typography variant="body2" color={failed ? "error" : "success.main"} role="status" data-testid="discount-message">
              {message}
            </Typography>
          ) : null}
        </Form>
      ) : (
        <Form method="post" preventScrollReset noValidate>
          <input type="hidden" name="intent" value="apply-code" />
          <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <OutlinedField
              id="discount-code"
              name="code"
              label="Discount code"
              size="small"
              defaultValue={values.code ?? ""}
              error={Boolean(errors.code)}
              helperText={errors.code ?? "Fan-club codes apply to that store's items."}
              autoComplete="off"
              maxLength={40}
              autoCapitalize="characters"
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="outlined" disabled={applying}>
              Apply
            </Button>
          </Stack>
        </Form>
      )}
    </Box>
  );
}

/** The sentence under a disabled "Continue to payment" button. */
function blockedReason(quote: CheckoutQuote, hasEmail: boolean): string | null {
  if (quote.canPlace && hasEmail) return null;
  if (!hasEmail) return "Add your e-mail address and shipping address first.";
  if (quote.addressProblem) return quote.addressProblem;
  const problems = quote.lines.filter((l) => l.problem).length;
  if (problems)
    return problems === 1
      ? "One item cannot be bought right now: remove it or change it to continue. Nothing has been charged."
      : `${problems} items cannot be bought right now: remove them or change them to continue. Nothing has been charged.`;
  return "This order cannot be placed yet. Check the messages above.";
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, uid, email, addresses, addressId, guestAddress, code, editing, placeKey } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const errorsFor = (intent: Intent) => (failed?.intent === intent ? failed.errors : {});
  const valuesFor = (intent: Intent) => (failed?.intent === intent ? (failed.values ?? {}) : {});
  const quote = failed?.quote ?? loaderData.quote;
  const placing = useSubmitting("place");

  // Keep userData (the spec's fields) in step: the cart, and the shipping address(es).
  useEffect(() => {
    if (loaderData.empty) {
      mirrorServer(uid, { cart: [] });
      return;
    }
    if (quote) mirrorServer(uid, { cart: quote.lines.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity })) });
  }, [uid, quote, loaderData.empty]);
  useEffect(() => {
    if (signedIn) {
      const selected = addresses.find((a) => a.id === addressId);
      writeUserData((d) => ({ ...d, shippingInfo: addresses, selectedShippingInfo: selected ? { ...selected } : {} }));
    } else if (guestAddress) {
      writeUserData((d) => ({ ...d, shippingInfo: [{ ...guestAddress }], selectedShippingInfo: { ...guestAddress } }));
    }
  }, [signedIn, addresses, addressId, guestAddress]);

  if (loaderData.empty || !quote) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
          Checkout
        </Typography>
        <Box sx={{ textAlign: "center", py: 8 }} data-testid="checkout-empty">
          <ShoppingBagOutlined sx={{ fontSize: 56, color: "text.secondary" }} />
          <Typography variant="h6" component="h2" sx={{ mt: 1, fontWeight: 700 }}>
            Your cart is empty
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            Add something you love from independent artists, then come back here to check out.
          </Typography>
          <Button component={Link} to="/shop" variant="contained">
            Browse the shop
          </Button>
        </Box>
      </Container>
    );
  }

  const currency = quote.currency;
  const linesByVariant = new Map(quote.lines.map((l) => [l.variantId, l]));
  const unrouted = quote.lines.filter((l) => !l.groupKey);
  const reason = blockedReason(quote, Boolean(email));
  const qtyErrors = errorsFor("update-quantity");
  const lineError = (l: QuoteLine) =>
    failed && (failed.intent === "update-quantity" || failed.intent === "remove") && failed.variantId === l.variantId
      ? (qtyErrors.quantity ?? failed.errors._form)
      : undefined;
  const lineView = (l: QuoteLine) => (
    <LineItem
      key={l.variantId}
      testId="checkout-line"
      title={l.title}
      variantLabel={l.variantLabel}
      storeName={l.storeName}
      productId={l.productId}
      image={l.image}
      quantity={l.quantity}
      itemsMinor={l.itemsMinor}
      unitPriceMinor={l.unitPriceMinor}
      currency={currency}
      problem={l.problem?.message ?? null}
      note={l.discountMinor ? `Discount −${formatPrice(l.discountMinor, currency)}` : null}
      priceNote={
        l.priceWhenAddedMinor !== null
          ? `The price has ${l.priceWhenAddedMinor > l.unitPriceMinor ? "dropped" : "gone up"} since you added this: it was ${formatPrice(l.priceWhenAddedMinor, currency)}, it is now ${formatPrice(l.unitPriceMinor, currency)}.`
          : null
      }
    >
      <QuantityForm line={l} error={lineError(l)} />
    </LineItem>
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        Checkout
      </Typography>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) 360px" }, gap: 3, alignItems: "start" }}>
        <Stack spacing={3}>
          <Section title="Contact" id="contact">
            {signedIn ? (
              <Typography data-testid="checkout-email">
                {email}{" "}
                <Typography component="span" variant="body2" color="text.secondary">
                  · Not you?{" "}
                  <Link to="/logout" style={{ color: "inherit" }}>
                    Sign out
                  </Link>
                </Typography>
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Check out as a guest with your e-mail address below. Have an account?{" "}
                <Link to={`/login?next=${encodeURIComponent("/checkout")}`}>Sign in</Link>
              </Typography>
            )}
          </Section>

          <Section title="Shipping address" id="shipping">
            {errorsFor("address")._form ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {errorsFor("address")._form}
              </Alert>
            ) : null}
            {signedIn ? (
              <AccountAddresses
                addresses={addresses}
                addressId={addressId}
                editing={editing}
                errors={errorsFor("address")}
                values={valuesFor("address")}
              />
            ) : (
              <GuestContactAndAddress
                email={email}
                address={guestAddress}
                errors={errorsFor("address")}
                values={valuesFor("address")}
                editing={editing !== null}
              />
            )}
            {quote.addressProblem && (guestAddress || addressId) ? (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="address-problem">
                {quote.addressProblem}
              </Alert>
            ) : null}
          </Section>

          <Section title="Your items" id="items">
            {failed && (failed.intent === "update-quantity" || failed.intent === "remove") && !failed.variantId && failed.errors._form ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {failed.errors._form}
              </Alert>
            ) : null}
            <Stack spacing={2}>
              {quote.groups.map((g, i) => (
                <Box key={g.key} data-testid="shipment-group" sx={{ border: 1, borderColor: "divider", borderRadius: 2, p: 2 }}>
                  <Stack direction={{ xs: "column", sm: "row" }} sx={{ justifyContent: "space-between", gap: 1, mb: 1 }}>
                    <Box>
                      <Typography component="h3" sx={{ fontWeight: 800 }}>
                        {quote.groups.length > 1 ? `Shipment ${i + 1} of ${quote.groups.length}` : "Shipment"}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {shipsFromText(g.warehouseName)} · made by {g.fulfillerName}
                      </Typography>
                    </Box>
                    <Box sx={{ textAlign: { sm: "right" } }}>
                      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", justifyContent: { sm: "flex-end" } }}>
                        <LocalShippingOutlined fontSize="small" aria-hidden />
                        <Typography sx={{ fontWeight: 700, whiteSpace: "nowrap" }} data-testid="group-arrives">
                          {arrivesText(g.estimate)}
                        </Typography>
                      </Stack>
                      <Typography variant="body2" color="text.secondary" data-testid="group-shipping">
                        Shipping {g.shippingMinor ? formatPrice(g.shippingMinor, currency) : "free"}
                      </Typography>
                    </Box>
                  </Stack>
                  <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={`Items in shipment ${i + 1}`}>
                    {g.lineVariantIds.map((id) => {
                      const l = linesByVariant.get(id);
                      return l ? lineView(l) : null;
                    })}
                  </Box>
                </Box>
              ))}
              {unrouted.length ? (
                <Box data-testid="unrouted-lines" sx={{ border: 1, borderColor: "error.main", borderRadius: 2, p: 2 }}>
                  <Typography component="h3" sx={{ fontWeight: 800 }}>
                    {quote.groups.length ? "Cannot be shipped in this order" : "Not ready to ship"}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {loaderData.hasAddress
                      ? "Remove these items or change them to continue."
                      : "Add your shipping address to see delivery dates and shipping."}
                  </Typography>
                  <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Items not in a shipment">
                    {unrouted.map(lineView)}
                  </Box>
                </Box>
              ) : null}
            </Stack>
          </Section>
        </Stack>

        <Paper
          component="aside"
          variant="outlined"
          aria-label="Order summary"
          sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2, position: { md: "sticky" }, top: { md: 88 } }}
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1.5 }}>
            Order summary
          </Typography>
          <DiscountForm quote={quote} code={code} errors={errorsFor("apply-code")} values={valuesFor("apply-code")} />
          <Box sx={{ mt: 2 }}>
            {quote.lines.length && quote.lines.every((l) => l.problem) ? (
              // Nothing can be bought as it is: no "Total $0.00" as if it could.
              <Typography color="text.secondary" data-testid="checkout-nothing-to-buy">
                Nothing in your cart can be bought as it is: see the message on each item.
              </Typography>
            ) : (
              <TotalsSummary
                totals={quote.totals}
                currency={currency}
                pricesIncludeTax={quote.pricesIncludeTax}
                taxRatePercent={quote.taxRatePercent}
                idPrefix="checkout"
              />
            )}
          </Box>
          {errorsFor("place")._form ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="place-error">
              {errorsFor("place")._form}
            </Alert>
          ) : null}
          <Form method="post" style={{ marginTop: 16 }}>
            <input type="hidden" name="intent" value="place" />
            <input type="hidden" name="placeKey" value={placeKey} />
            <input type="hidden" name="seenTotalMinor" value={quote.totals.totalMinor} />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              startIcon={<LockOutlined />}
              disabled={Boolean(reason) || placing}
              aria-describedby={reason ? "place-blocked" : undefined}
              data-testid="place-order"
            >
              {placing ? "Placing your order…" : "Continue to payment"}
            </Button>
          </Form>
          {reason ? (
            <Typography id="place-blocked" variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="place-blocked">
              {reason}
            </Typography>
          ) : (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
              You pay on the next page. Nothing is charged until you confirm the payment.
            </Typography>
          )}
        </Paper>
      </Box>
    </Container>
  );
}
