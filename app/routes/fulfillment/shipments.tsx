// /fulfillment/@{name}/administration/shipments: the packed parcels waiting for a label, each with
// the carrier services that can take it priced from the rate tables (carrier, service, zone,
// billable weight, price) and "Buy label"; then the shipments with their tracking number and
// status, manifest, label as PDF and ZPL, "Void label" (refusals say why) and "Refresh tracking".
// Works without JavaScript: every form posts to the action.
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import FormHelperText from "@mui/material/FormHelperText";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, data, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import { OutlinedSelect } from "#app/components/OutlinedField.tsx";
import type { Route } from "./+types/shipments";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { formatGrams, ShippingPageHeader, WarehousePicker } from "#app/components/fulfillment/ShippingBits.tsx";
import { formatDateTime } from "#app/lib/dates.ts";
import { readForm, type FormFailure } from "#app/lib/forms.server.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { countryName } from "#server/contracts/index.ts";
import { AppError, hasRole } from "#server/kernel/index.ts";
import { listWarehouses } from "#server/modules/fulfillment/index.ts";
import {
  buyLabel,
  listParcels,
  listShipments,
  refreshTracking,
  shippingOptionsMany,
  TRACKING_LABELS,
  voidShipment,
  type ShipmentStatus,
} from "#server/modules/shipping/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Shipments of ${data.shop.name} · Platen` : "Shipments · Platen" }];

const ID = /^[a-z]{2,4}_[0-9a-z]{26}$/;
/** The packed parcels priced on one page load (each is a quote of the rate tables). */
const PRICED = 20;
/** Shipments per page. */
const SHIPMENTS_PER_PAGE = 24;

const STATUS_FILTERS = [
  ["live", "Live labels"],
  ["purchased", "Waiting for a manifest"],
  ["manifested", "On a manifest"],
  ["voided", "Voided"],
  ["all", "All"],
] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number][0];
const isStatusFilter = (v: string | null): v is StatusFilter => STATUS_FILTERS.some(([k]) => k === v);

const SHIPMENT_LABELS: Record<ShipmentStatus, string> = {
  requested: "Label not finished (buy again)",
  purchased: "Waiting for a manifest",
  manifested: "Handed over",
  voided: "Voided",
};

const DONE = {
  bought: "Label bought: print it and stick it on the parcel. The shopper has been e-mailed the tracking number.",
  voided: "Label voided: its number is never used again, and the parcel is back among those waiting for a label.",
  refreshed: "Tracking refreshed from the carrier.",
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle, { floor: true });
  const url = new URL(request.url);
  const warehouses = await orRespond(listWarehouses(ctx, fulfiller.id));
  const warehouse = warehouses.find((w) => w.id === url.searchParams.get("warehouse")) ?? null;
  const q = url.searchParams.get("status");
  const status: StatusFilter = isStatusFilter(q) ? q : "live";
  const suspended = fulfiller.status !== "active" && !hasRole(ctx.actor, "admin");
  const shop = { handle: fulfiller.handle, name: fulfiller.name };
  const picker = warehouses.map((w) => ({ id: w.id, name: w.name }));
  const done = url.searchParams.get("done");
  // A page of shipments at a time, newest first (a busy shop has thousands; the page stays light).
  const rawPage = Math.floor(Number(url.searchParams.get("page") ?? "1"));
  const page = Number.isFinite(rawPage) && rawPage >= 1 ? Math.min(rawPage, 10_000) : 1;
  const base = { shop, suspended, warehouses: picker, warehouseId: warehouse?.id ?? "", status, page };
  if (suspended) return { ...base, waiting: [], waitingMore: false, shipments: [], more: false, notice: null };
  const filter = warehouse ? { warehouseId: warehouse.id } : {};
  const [packed, shipments] = await orRespond(
    Promise.all([
      listParcels(ctx, { fulfillerId: fulfiller.id, status: "packed", limit: PRICED + 1, ...filter }),
      listShipments(ctx, {
        fulfillerId: fulfiller.id,
        ...(status === "all" ? {} : { status }),
        limit: SHIPMENTS_PER_PAGE + 1,
        offset: (page - 1) * SHIPMENTS_PER_PAGE,
        ...filter,
      }),
    ]),
  );
  // All the waiting parcels priced at once (the rate tables read once); a refusal is that parcel's problem.
  const quotes = (
    await shippingOptionsMany(
      ctx,
      packed.slice(0, PRICED).map((p) => p.id),
      packed,
    )
  ).map((q) => {
    if (q.error && q.error.status >= 500) throw q.error;
    return { options: q.options, problem: q.error?.message ?? null };
  });
  const named = shipments.find((s) => s.id === url.searchParams.get("shipment"));
  return {
    ...base,
    waiting: packed.slice(0, PRICED).map((p, i) => ({
      id: p.id,
      orderNumber: p.orderNumber,
      warehouseName: p.warehouseName,
      weight: formatGrams(p.weightGrams),
      box: p.boxName,
      packed: formatDateTime(p.createdAt),
      shipTo: `${p.shipTo.name}, ${[p.shipTo.postalCode, p.shipTo.city].filter(Boolean).join(" ")}, ${countryName(p.shipTo.country)}`,
      items: p.lines.reduce((n, l) => n + l.quantity, 0),
      problem: quotes[i]!.problem,
      options: quotes[i]!.options.map((o) => ({
        value: `${o.carrierAccountId}|${o.serviceCode}`,
        carrier: o.carrierName,
        service: o.serviceName,
        zone: o.zone.name,
        billable: formatGrams(o.billableGrams),
        dimensional: o.dimensionalGrams != null && o.dimensionalGrams > o.actualGrams,
        transitDays: o.transitDays,
        price: formatPrice(o.price.amount, o.price.currency),
      })),
    })),
    waitingMore: packed.length > PRICED,
    more: shipments.length > SHIPMENTS_PER_PAGE,
    shipments: shipments.slice(0, SHIPMENTS_PER_PAGE).map((s) => ({
      id: s.id,
      parcelId: s.parcelId,
      status: s.status,
      orderNumber: s.orderNumber,
      carrier: s.carrierName,
      service: s.serviceName,
      trackingNumber: s.trackingNumber,
      tracking: s.trackingStatus,
      trackingLabel: s.trackingLabel,
      manifestRef: s.manifestRef,
      price: formatPrice(s.rateMinor, s.currency),
      weight: formatGrams(s.weightGrams),
      to: `${s.to.name}, ${[s.to.postalCode, s.to.city].filter(Boolean).join(" ")}, ${countryName(s.to.country)}`,
      bought: s.purchasedAt ? formatDateTime(s.purchasedAt) : null,
      delivered: s.deliveredAt ? formatDateTime(s.deliveredAt) : null,
    })),
    notice:
      done === "bought" || done === "voided"
        ? `${DONE[done]}${named?.trackingNumber ? ` (${named.trackingNumber})` : ""}`
        : done === "refreshed" && named
          ? `Tracking of ${named.trackingNumber}: ${TRACKING_LABELS[named.trackingStatus]}.`
          : null,
  };
}

type ActionResult = FormFailure & { intent: string; target: string };

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx } = await requireFulfillerAccess(request, params.handle, { floor: true });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const target = String(form.get(intent === "buy" ? "parcelId" : "shipmentId") ?? "");
  const refuse = (errors: Record<string, string>, status = 422) =>
    data<ActionResult>({ ok: false, intent, target, errors, values: { option: String(form.get("option") ?? "") } }, { status });
  const url = new URL(request.url);
  const back = (done: keyof typeof DONE, shipmentId: string) => {
    const q = new URLSearchParams(url.searchParams);
    q.set("done", done);
    q.set("shipment", shipmentId);
    return redirect(`${url.pathname}?${q.toString()}#shipment-${shipmentId}`);
  };
  if (!["buy", "void", "refresh"].includes(intent)) return refuse({ _form: "Choose what to do on this page." }, 400);
  if (!ID.test(target)) return refuse({ _form: "That parcel or label was not found; reload the page." }, 404);
  try {
    if (intent === "buy") {
      const [carrierAccountId, serviceCode] = String(form.get("option") ?? "").split("|");
      if (!carrierAccountId || !serviceCode || !ID.test(carrierAccountId)) return refuse({ service: "Choose a carrier service." });
      const s = await buyLabel(ctx, { parcelId: target, carrierAccountId, serviceCode });
      return back("bought", s.id);
    }
    if (intent === "void") {
      await voidShipment(ctx, target);
      return back("voided", target);
    }
    await refreshTracking(ctx, target);
    return back("refreshed", target);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return refuse(
      { [intent === "buy" && (error.field === "service" || error.field === "carrier") ? "service" : "_form"]: error.message },
      error.status,
    );
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

function BuyForm({ parcel, failure, busy }: { parcel: LoaderData["waiting"][number]; failure: ActionResult | undefined; busy: boolean }) {
  const errors = failure?.errors ?? {};
  const chosen = failure?.values?.option || parcel.options[0]?.value;
  const h = `parcel-h-${parcel.id}`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={h}
      id={`parcel-${parcel.id}`}
      data-testid="waiting-parcel"
      data-order-number={parcel.orderNumber}
    >
      <CardContent>
        <Typography id={h} variant="h3" sx={{ fontSize: "1.1rem" }}>
          Order {parcel.orderNumber}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          From {parcel.warehouseName} · {parcel.items === 1 ? "1 item" : `${parcel.items} items`} · {parcel.box || "own box"} ·{" "}
          {parcel.weight}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          To {parcel.shipTo}
        </Typography>
        {errors._form ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {errors._form}
          </Alert>
        ) : null}
        {parcel.problem ? (
          <Alert severity="warning" data-testid="parcel-no-option">
            {parcel.problem}
          </Alert>
        ) : (
          <Form method="post" aria-label={`Buy a label for order ${parcel.orderNumber}`}>
            <input type="hidden" name="intent" value="buy" />
            <input type="hidden" name="parcelId" value={parcel.id} />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
                Carrier service
              </Typography>
              <Stack spacing={0.75}>
                {parcel.options.map((o) => {
                  const id = `opt-${parcel.id}-${o.value.replace(/\W+/g, "-")}`;
                  return (
                    <Box
                      key={o.value}
                      component="label"
                      htmlFor={id}
                      sx={{
                        display: "flex",
                        gap: 1,
                        alignItems: "flex-start",
                        p: 1,
                        border: 1,
                        borderColor: "divider",
                        borderRadius: 1,
                        cursor: "pointer",
                        "&:has(input:checked)": { borderColor: "primary.main" },
                      }}
                      data-testid="shipping-option"
                    >
                      <input
                        type="radio"
                        name="option"
                        id={id}
                        value={o.value}
                        defaultChecked={o.value === chosen}
                        style={{ marginTop: 4 }}
                      />
                      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600 }}>
                          {o.carrier} {o.service} · {o.price}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          Zone {o.zone} · billed for {o.billable}
                          {o.dimensional ? " (its size)" : ""}
                          {o.transitDays ? ` · about ${o.transitDays} ${o.transitDays === 1 ? "day" : "days"} on the way` : ""}
                        </Typography>
                      </Box>
                    </Box>
                  );
                })}
              </Stack>
              {errors.service ? (
                <FormHelperText error role="alert">
                  {errors.service}
                </FormHelperText>
              ) : null}
            </Box>
            <Button type="submit" variant="contained" sx={{ mt: 1.5 }} disabled={busy}>
              Buy label
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

function ShipmentCard({
  s,
  admin,
  failure,
  busy,
  live,
}: {
  s: LoaderData["shipments"][number];
  admin: string;
  failure: ActionResult | undefined;
  busy: boolean;
  live: boolean;
}) {
  const h = `shipment-h-${s.id}`;
  const files = `${admin}/shipments/${s.id}`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={h}
      id={`shipment-${s.id}`}
      data-testid="shipment"
      data-order-number={s.orderNumber}
      data-tracking-number={s.trackingNumber ?? ""}
      data-shipment-status={s.status}
    >
      <CardContent>
        {/* The parcels page links here by parcel (to its one live label; a voided one keeps no anchor, so ids stay unique). */}
        {s.status !== "voided" ? <span id={`shipment-of-${s.parcelId}`} /> : null}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between" }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={h} variant="h3" sx={{ fontSize: "1.1rem", overflowWrap: "anywhere" }}>
              {s.trackingNumber ?? "No tracking number yet"}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Order {s.orderNumber} · {s.carrier} {s.service} · {s.price} · {s.weight}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              To {s.to}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {s.bought ? `Bought ${s.bought}` : "Not bought yet"}
              {s.manifestRef ? ` · on manifest ${s.manifestRef}` : ""}
              {s.delivered ? ` · delivered ${s.delivered}` : ""}
            </Typography>
          </Box>
          <Stack spacing={0.5} sx={{ alignItems: { sm: "flex-end" }, flexShrink: 0 }}>
            <Chip
              size="small"
              label={s.trackingLabel}
              color={s.tracking === "delivered" ? "success" : "default"}
              data-testid="tracking-status"
            />
            <Chip size="small" variant="outlined" label={SHIPMENT_LABELS[s.status]} data-testid="shipment-status" />
          </Stack>
        </Stack>
        {failure?.errors._form ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }} data-testid="shipment-error">
            {failure.errors._form}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: "wrap", alignItems: "center" }}>
          {live ? (
            <>
              <Button
                component="a"
                href={`${files}/label.pdf`}
                size="small"
                variant="outlined"
                data-testid="label-pdf"
                aria-label={`Label ${s.trackingNumber} (PDF, 4×6 in)`}
              >
                Label PDF
              </Button>
              <Button
                component="a"
                href={`${files}/label.zpl`}
                size="small"
                variant="outlined"
                download
                data-testid="label-zpl"
                aria-label={`Label ${s.trackingNumber} for a thermal printer (ZPL)`}
              >
                Label ZPL
              </Button>
              <Form method="post">
                <input type="hidden" name="intent" value="refresh" />
                <input type="hidden" name="shipmentId" value={s.id} />
                <Button type="submit" size="small" disabled={busy} aria-label={`Refresh the tracking of ${s.trackingNumber}`}>
                  Refresh tracking
                </Button>
              </Form>
            </>
          ) : null}
          {s.status === "purchased" || s.status === "requested" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="void" />
              <input type="hidden" name="shipmentId" value={s.id} />
              <Button type="submit" size="small" color="error" disabled={busy} aria-label={`Void label ${s.trackingNumber ?? ""}`.trim()}>
                Void label
              </Button>
            </Form>
          ) : s.status === "manifested" ? (
            <Typography variant="body2" color="text.secondary">
              Handed over on {s.manifestRef}: it can no longer be voided.
            </Typography>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function Shipments({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, suspended, warehouses, warehouseId, status, waiting, waitingMore, shipments, notice, page, more } = loaderData;
  const failure = actionData as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  const admin = `/fulfillment/@${shop.handle}/administration`;
  const pageHref = (p: number) =>
    `${admin}/shipments?${new URLSearchParams({
      ...(status !== "live" ? { status } : {}),
      ...(warehouseId ? { warehouse: warehouseId } : {}),
      ...(p > 1 ? { page: String(p) } : {}),
    }).toString()}`;
  const mine = (intent: string, target: string) =>
    failure && failure.intent === intent && failure.target === target ? failure : undefined;
  const stray =
    failure && !waiting.some((p) => p.id === failure.target) && !shipments.some((s) => s.id === failure.target)
      ? failure.errors._form
      : null;
  return (
    <Container maxWidth="lg" disableGutters sx={{ py: { xs: 1, md: 2 } }}>
      <ShippingPageHeader shop={`${shop.name} · @${shop.handle}`} title="Shipments">
        Choose a carrier service for each packed parcel, priced from your carriers&apos; rate tables, and buy its 4×6 in label: the shipment
        ships and the shopper is e-mailed the tracking number. A label can be voided until it is handed over on a{" "}
        <Link component={RouterLink} to={`${admin}/manifests`}>
          manifest
        </Link>
        .
      </ShippingPageHeader>
      {suspended ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This print shop is suspended: its shipments are read-only until Platen reinstates it. Contact Platen to reinstate it.
        </Alert>
      ) : null}
      <WarehousePicker action={`${admin}/shipments`} warehouses={warehouses} value={warehouseId} allLabel="All warehouses">
        <OutlinedSelect
          name="status"
          label="Labels"
          size="small"
          defaultValue={status}
          key={status}
          id="status-picker"
          sx={{ minWidth: 200 }}
        >
          {STATUS_FILTERS.map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </OutlinedSelect>
      </WarehousePicker>
      {notice ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status" data-testid="shipments-notice">
          {notice}
        </Alert>
      ) : null}
      {stray ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="shipments-error">
          {stray}
        </Alert>
      ) : null}
      <Box component="section" aria-labelledby="waiting-h" sx={{ mb: 3 }}>
        <Typography id="waiting-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 1 }}>
          Parcels waiting for a label
        </Typography>
        {waiting.length === 0 ? (
          <Typography color="text.secondary" data-testid="waiting-empty">
            No packed parcel waits for a label. Parcels are packed on{" "}
            <Link component={RouterLink} to={`${admin}/parcels`}>
              Parcels
            </Link>
            .
          </Typography>
        ) : (
          <>
            <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 2 }}>
              {waiting.map((p) => (
                <BuyForm key={p.id} parcel={p} failure={mine("buy", p.id)} busy={busy} />
              ))}
            </Box>
            {waitingMore ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                More parcels wait: the newest {PRICED} are shown; buy their labels to see the others.
              </Typography>
            ) : null}
          </>
        )}
      </Box>
      <Box component="section" aria-labelledby="shipments-h">
        <Typography id="shipments-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 1 }}>
          {STATUS_FILTERS.find(([k]) => k === status)![1]}
        </Typography>
        {shipments.length === 0 ? (
          <Typography color="text.secondary" data-testid="shipments-empty">
            No label here.
          </Typography>
        ) : (
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 2 }}>
            {shipments.map((s) => (
              <ShipmentCard
                key={s.id}
                s={s}
                admin={admin}
                failure={mine(failure?.intent === "refresh" ? "refresh" : "void", s.id)}
                busy={busy}
                live={s.status === "purchased" || s.status === "manifested"}
              />
            ))}
          </Box>
        )}
        {page > 1 || more ? (
          <Box component="nav" aria-label="Shipment pages" sx={{ display: "flex", gap: 1, alignItems: "center", mt: 2, flexWrap: "wrap" }}>
            {page > 1 ? (
              <Button component={RouterLink} to={pageHref(page - 1)} rel="prev">
                Newer shipments
              </Button>
            ) : null}
            <Typography variant="body2" color="text.secondary" data-testid="shipments-page">
              Page {page}
            </Typography>
            {more ? (
              <Button component={RouterLink} to={pageHref(page + 1)} rel="next">
                Older shipments
              </Button>
            ) : null}
          </Box>
        ) : null}
      </Box>
    </Container>
  );
}
