import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "#app/components/ui/Typography.tsx";
import { z } from "zod";
import { Form, data, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import { OutlinedField, OutlinedSelect } from "#app/components/OutlinedField.tsx";
import type { Route } from "./+types/orders";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { BalanceCard, OrderThumb } from "#app/components/orders/BalanceCard.tsx";
import { formatDate, formatDateTime } from "#app/lib/dates.ts";
import { echoValues, failure, parseForm, type FormFailure, readForm } from "#app/lib/forms.server.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { caseHoldsForPrintShop } from "#server/modules/cases/index.ts";
import { listFulfillerGroups } from "#server/modules/orders/index.ts";
import { acceptLines, floorStates, rejectLine } from "#server/modules/production/index.ts";
import type { FloorStatus } from "#server/modules/production/types.ts";
import { GROUP_STATUS_LABELS, ORDER_STATUS_LABELS, type GroupStatus } from "#server/modules/orders/types.ts";

/** The tabs: what each shows and its label. */
const FILTERS = [
  ["open", "Open"],
  ["pending", "Waiting"],
  ["in_production", "In production"],
  ["shipped", "Shipped"],
  ["delivered", "Delivered"],
  ["all", "All"],
] as const satisfies readonly (readonly [GroupStatus | "open" | "all", string])[];
type Filter = (typeof FILTERS)[number][0];
/** Shipments per page (oldest paid first: the order to make them in). */
const PAGE_SIZE = 20;
const isFilter = (v: string | null): v is Filter => FILTERS.some(([k]) => k === v);

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Orders of ${data.fulfiller.name} · Platen` : "Fulfillment orders · Platen" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller, role } = await requireFulfillerAccess(request, params.handle, { floor: true });
  // The floor's workers see the work, not the money: no balance, no payouts, no case threads (owner's pages).
  const owner = role === "owner";
  const url = new URL(request.url);
  const q = url.searchParams.get("status");
  const status: Filter = isFilter(q) ? q : "open";
  const done = url.searchParams.get("done");
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 40);
  const rawPage = Number(url.searchParams.get("page") ?? "1");
  // Only the page shown is read (its groups, lines and payouts), the search by order number too.
  const { rows, balance, total, page } = await orRespond(
    listFulfillerGroups(ctx, { fulfillerId: fulfiller.id, status, orderNumber: query, page: rawPage, pageSize: PAGE_SIZE }),
  );
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A shipment with an open case is on hold: the print shop sees which case, and can answer it.
  const holds = new Map((await orRespond(caseHoldsForPrintShop(ctx, fulfiller.id))).map((h) => [h.groupId, h]));
  // The page's lines on the floor, from their production rows (the lines themselves are read above).
  const floor = await orRespond(floorStates(ctx, { fulfillerId: fulfiller.id, groups: rows }));
  return {
    fulfiller: { handle: fulfiller.handle, name: fulfiller.name, status: fulfiller.status },
    status,
    query,
    page,
    pages,
    total,
    owner,
    balance: owner ? balance : null,
    notice: done === "accept" || done === "reject" ? DONE[done] : null,
    groups: rows.map((g) => ({
      groupId: g.groupId,
      orderNumber: g.orderNumber,
      orderStatus: ORDER_STATUS_LABELS[g.orderStatus],
      status: g.status,
      caseHold: holds.has(g.groupId) ? { ref: holds.get(g.groupId)!.ref, caseId: holds.get(g.groupId)!.caseId } : null,
      reprint: g.reprintOf ? { reason: g.reprintReason } : null,
      warehouseId: g.warehouseId,
      warehouseName: g.warehouseName,
      placed: formatDate(g.placedAt),
      paid: g.paidAt ? formatDateTime(g.paidAt) : null,
      address: g.address,
      carrier: g.carrier,
      trackingNumber: g.trackingNumber,
      trackingUrl: g.trackingUrl,
      shippingMinor: g.shippingMinor,
      payoutMinor: owner ? g.payoutMinor : null,
      currency: g.currency,
      lines: g.lines.map((l) => ({
        id: l.id,
        title: l.title,
        variantLabel: l.variantLabel,
        sku: l.sku,
        quantity: l.quantity,
        refundedQuantity: l.refundedQuantity,
        image: l.image ? { hash: l.image.hash } : null,
        printFiles: l.printFiles,
        floor: (() => {
          const f = floor.get(l.id);
          return f
            ? {
                status: f.floorStatus,
                due: formatDateTime(f.dueAt),
                late: f.late,
                batchRef: f.batchRef,
                rejectReason: f.rejectReason,
                code: f.code,
              }
            : null;
        })(),
      })),
    })),
  };
}

const groupIdSchema = z.string({ error: "Choose a shipment." }).trim().min(1, "Choose a shipment.").max(64, "Choose a shipment.");
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), groupId: groupIdSchema }),
  z.object({
    intent: z.literal("reject"),
    groupId: groupIdSchema,
    lineId: z.string({ error: "Choose the line you cannot make." }).trim().min(1, "Choose the line you cannot make.").max(64),
    reason: z
      .string({ error: "Say why you cannot make it." })
      .trim()
      .min(3, "Say why you cannot make it (for example: blank out of stock until Friday).")
      .max(500, "Keep the reason under 500 characters."),
  }),
]);

type ActionResult = (FormFailure & { groupId?: string }) | { ok: true; groupId: string; message: string };

const DONE: Record<"accept" | "reject", string> = {
  accept: "Accepted. The lines wait for the next batch of their warehouse (Batches).",
  reject: "Line rejected. The order is on hold for Platen's team, who will re-route or refund it.",
};

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle, { floor: true });
  const form = await readForm(request);
  const groupId = String(form.get("groupId") ?? "");
  const intent = String(form.get("intent") ?? "");
  if (!["accept", "reject"].includes(intent)) return failure({ _form: "Choose what to do with this shipment." }, 400);
  const parsed = parseForm(form, actionSchema);
  if (!parsed.ok) return data<ActionResult>({ ...parsed, groupId }, { status: 400 });
  const input = parsed.data;
  try {
    if (input.intent === "accept") {
      const { rows } = await listFulfillerGroups(ctx, { fulfillerId: fulfiller.id, status: "open" });
      const group = rows.find((r) => r.groupId === input.groupId);
      if (!group) throw new AppError("not-open", "This shipment is no longer open (cancelled, refunded or shipped).", 409);
      await acceptLines(ctx, {
        fulfillerId: fulfiller.id,
        lineIds: group.lines.filter((l) => l.quantity > l.refundedQuantity).map((l) => l.id),
      });
    } else await rejectLine(ctx, { fulfillerId: fulfiller.id, lineId: input.lineId, reason: input.reason });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const field = error.field && ["reason", "lineId"].includes(error.field) ? error.field : "_form";
    return data<ActionResult>(
      { ok: false, errors: { [field]: error.message }, values: echoValues(form), groupId },
      { status: error.status },
    );
  }
  // Post/redirect/get: the page reloads with a notice, with or without JavaScript.
  const url = new URL(request.url);
  url.searchParams.set("done", input.intent);
  return redirect(`${url.pathname}?${url.searchParams.toString()}#group-${input.groupId}`);
}

const FLOOR_LABELS: Record<FloorStatus, string> = {
  awaiting: "Waiting for you to accept",
  accepted: "Accepted, waiting for a batch",
  rejected: "Rejected",
  printed: "Printed",
  packed: "Packed",
  shipped: "Shipped",
};

function FloorChips({
  floor,
}: {
  floor: { status: FloorStatus; due: string; late: boolean; batchRef: string | null; rejectReason: string | null };
}) {
  const label = floor.status === "accepted" && floor.batchRef ? `In batch ${floor.batchRef}` : FLOOR_LABELS[floor.status];
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center", mt: 0.5 }} data-testid="line-floor">
      <Chip size="small" variant="outlined" label={label} data-testid="line-floor-status" data-floor-status={floor.status} />
      {floor.status !== "shipped" ? (
        <Typography variant="body2" color={floor.late ? "error" : "text.secondary"} data-testid="line-due">
          {floor.late ? <strong>Late · </strong> : null}Due {floor.due}
        </Typography>
      ) : null}
      {floor.rejectReason ? (
        <Typography variant="body2" color="text.secondary">
          Your reason: {floor.rejectReason}
        </Typography>
      ) : null}
    </Box>
  );
}

function AddressBlock({
  a,
}: {
  a: { fullName: string; line1: string; line2: string; city: string; region: string; postalCode: string; country: string; phone: string };
}) {
  return (
    <Box component="address" sx={{ fontStyle: "normal" }}>
      <Typography>{a.fullName}</Typography>
      <Typography>{a.line1}</Typography>
      {a.line2 ? <Typography>{a.line2}</Typography> : null}
      <Typography>{[a.postalCode, a.city, a.region].filter(Boolean).join(" ")}</Typography>
      <Typography>{a.country}</Typography>
      {a.phone ? <Typography variant="body2" color="text.secondary">{`Phone ${a.phone}`}</Typography> : null}
    </Box>
  );
}

export default function FulfillerOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { fulfiller, status, groups, balance, notice, query, page, pages, total, owner } = loaderData;
  const base = `/fulfillment/@${fulfiller.handle}/administration/orders`;
  const pageHref = (p: number) => `${base}?${new URLSearchParams({ status, ...(query ? { q: query } : {}), page: String(p) }).toString()}`;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const result = actionData as ActionResult | undefined;
  const formError = result && !result.ok ? result.errors._form : undefined;
  return (
    <Container maxWidth="lg" disableGutters sx={{ py: { xs: 1, md: 2 } }}>
      <Typography component="p" variant="body2" color="text.secondary">
        {fulfiller.name} · @{fulfiller.handle}
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" }, mb: 1 }}>
        Orders to make and ship
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "75ch" }}>
        Each card is one shipment: the lines of an order routed to one of your warehouses, each with the time it must ship by. Accept what
        you will make (or reject a line with the reason); accepted lines go into your warehouse&apos;s batches, where the print sheet and
        scanning move them on; printed lines are packed on Parcels, and buying the parcel&apos;s label on Shipments ships it and e-mails the
        shopper the tracking number. The carrier&apos;s tracking marks it delivered.
      </Typography>
      {fulfiller.status !== "active" ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This business is suspended: no new orders are routed to it. Contact Platen to reinstate it.
        </Alert>
      ) : null}
      {balance ? <BalanceCard balance={balance} who="fulfiller" /> : null}
      {formError && !result?.groupId ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {formError}
        </Alert>
      ) : null}
      <Box component="nav" aria-label="Shipments by status" sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}>
        <Tabs value={status} variant="scrollable" allowScrollButtonsMobile aria-label="Shipments by status">
          {FILTERS.map(([key, label]) => (
            <Tab key={key} value={key} label={label} component={RouterLink} to={`${base}?status=${key}`} data-testid={`tab-${key}`} />
          ))}
        </Tabs>
      </Box>
      {notice ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status" data-testid="group-notice">
          {notice}
        </Alert>
      ) : null}
      <Box
        component="form"
        method="get"
        action={base}
        role="search"
        aria-label="Find a shipment by order number"
        sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap", mb: 2 }}
      >
        <input type="hidden" name="status" value={status} />
        <OutlinedField name="q" label="Order number" size="small" defaultValue={query} maxLength={40} />
        <Button type="submit" variant="outlined">
          Find
        </Button>
        {query ? (
          <Button component={RouterLink} to={`${base}?status=${status}`}>
            Show all
          </Button>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: "center", ml: { sm: "auto" } }} data-testid="groups-count">
          {total === 1 ? "1 shipment" : `${total} shipments`}
        </Typography>
      </Box>
      {groups.length === 0 ? (
        <Typography color="text.secondary" data-testid="groups-empty">
          {query
            ? `No shipment of an order matching “${query}” here.`
            : status === "open"
              ? "Nothing to make right now. New paid orders appear here."
              : "No shipments with this status."}
        </Typography>
      ) : (
        <Stack spacing={2} data-testid="fulfiller-groups">
          {groups.map((g) => {
            const mine = result && result.groupId === g.groupId ? result : undefined;
            const errors = mine && !mine.ok ? mine.errors : {};
            const values = mine && !mine.ok ? (mine.values ?? {}) : {};
            return (
              <Card
                key={g.groupId}
                variant="outlined"
                id={`group-${g.groupId}`}
                component="article"
                aria-labelledby={`group-h-${g.groupId}`}
                data-testid="fulfiller-group"
                data-order-number={g.orderNumber}
                data-group-status={g.status}
              >
                <CardContent>
                  <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between", mb: 1.5 }}>
                    <Box>
                      <Typography id={`group-h-${g.groupId}`} variant="h2" sx={{ fontSize: "1.2rem" }}>
                        Order {g.orderNumber}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {g.paid ? `Paid ${g.paid}` : `Placed ${g.placed}`} · from {g.warehouseName} · order {g.orderStatus.toLowerCase()}
                      </Typography>
                    </Box>
                    <Box sx={{ textAlign: { sm: "right" } }}>
                      <Chip label={GROUP_STATUS_LABELS[g.status]} size="small" data-testid="group-status" />
                      {g.reprint ? (
                        <Chip label="Reprint at no charge" size="small" variant="outlined" sx={{ ml: 1 }} data-testid="group-reprint" />
                      ) : null}
                      {g.caseHold ? (
                        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="group-case-hold">
                          On hold: case{" "}
                          {owner ? (
                            <Link component={RouterLink} to={`/fulfillment/@${fulfiller.handle}/administration/cases/${g.caseHold.caseId}`}>
                              {g.caseHold.ref}
                            </Link>
                          ) : (
                            g.caseHold.ref
                          )}{" "}
                          is open
                        </Typography>
                      ) : null}
                      {g.reprint?.reason ? (
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                          Why: {g.reprint.reason}
                        </Typography>
                      ) : null}
                      {g.payoutMinor !== null ? (
                        <Typography sx={{ mt: 0.5 }} data-testid="group-payout">
                          You will be paid <strong>{formatPrice(g.payoutMinor, g.currency)}</strong>
                        </Typography>
                      ) : null}
                      <Typography variant="body2" color="text.secondary">
                        Shipping charged {formatPrice(g.shippingMinor, g.currency)}
                      </Typography>
                    </Box>
                  </Stack>
                  <Stack direction={{ xs: "column", md: "row" }} spacing={3}>
                    <Box sx={{ minWidth: 220 }}>
                      <Typography variant="subtitle2" component="h3">
                        Ship to
                      </Typography>
                      <AddressBlock a={g.address} />
                    </Box>
                    <Box sx={{ flexGrow: 1 }}>
                      <Typography variant="subtitle2" component="h3">
                        Items
                      </Typography>
                      <Stack
                        component="ul"
                        spacing={1.5}
                        sx={{ listStyle: "none", p: 0, m: 0, "& > li + li": { borderTop: 1, borderColor: "divider", pt: 1.5 } }}
                      >
                        {g.lines.map((l) => (
                          <Box component="li" key={l.id} sx={{ display: "flex", gap: 1.5 }} data-testid="group-line">
                            <OrderThumb image={l.image} alt="" />
                            <Box sx={{ flexGrow: 1 }}>
                              <Typography sx={{ fontWeight: 600 }}>
                                {l.quantity} × {l.title}
                              </Typography>
                              <Typography variant="body2" color="text.secondary">
                                {l.variantLabel} · SKU {l.sku}
                                {l.refundedQuantity > 0 ? ` · ${l.refundedQuantity} refunded, do not make` : ""}
                              </Typography>
                              {l.floor && l.quantity > l.refundedQuantity ? <FloorChips floor={l.floor} /> : null}
                              {l.printFiles.length ? (
                                <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 0.5 }}>
                                  {l.printFiles.map((f) => (
                                    <Button
                                      key={f.areaKey}
                                      size="small"
                                      variant="outlined"
                                      component="a"
                                      href={`${base}/${g.groupId}/files/${l.id}/${encodeURIComponent(f.areaKey)}`}
                                      download
                                      data-testid="print-file"
                                      aria-label={`Download the ${f.areaKey} print file of ${l.title}`}
                                    >
                                      {f.areaKey} print file ({f.widthPx}×{f.heightPx} px, {f.dpi} dpi)
                                    </Button>
                                  ))}
                                </Box>
                              ) : (
                                <Typography variant="body2" color="text.secondary">
                                  No print file for this line.
                                </Typography>
                              )}
                            </Box>
                          </Box>
                        ))}
                      </Stack>
                    </Box>
                  </Stack>
                  {g.carrier && g.trackingNumber ? (
                    <Typography sx={{ mt: 2 }} data-testid="group-tracking">
                      Shipped with {g.carrier}, tracking number{" "}
                      {g.trackingUrl ? (
                        <Link href={g.trackingUrl} target="_blank" rel="noopener noreferrer">
                          {g.trackingNumber}
                        </Link>
                      ) : (
                        <strong>{g.trackingNumber}</strong>
                      )}
                    </Typography>
                  ) : null}
                  {errors._form ? (
                    <Alert severity="error" sx={{ mt: 2 }} role="alert">
                      {errors._form}
                    </Alert>
                  ) : null}
                  <Box sx={{ mt: 2 }}>
                    {g.lines.some((l) => l.floor?.status === "awaiting" || l.floor?.status === "rejected") && g.status !== "shipped" ? (
                      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "flex-start" } }}>
                        <Form method="post">
                          <input type="hidden" name="groupId" value={g.groupId} />
                          <Button type="submit" name="intent" value="accept" variant="contained" disabled={busy}>
                            Accept
                          </Button>
                        </Form>
                        {g.lines.some((l) => l.floor?.status === "awaiting") ? (
                          <Form method="post" noValidate aria-label={`Reject a line of order ${g.orderNumber}`}>
                            <input type="hidden" name="groupId" value={g.groupId} />
                            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
                              <OutlinedSelect
                                name="lineId"
                                label="Line you cannot make"
                                size="small"
                                defaultValue={values.lineId ?? g.lines.find((l) => l.floor?.status === "awaiting")?.id ?? ""}
                                error={Boolean(errors.lineId)}
                                helperText={errors.lineId ?? " "}
                                sx={{ minWidth: 200 }}
                                id={`reject-line-${g.groupId}`}
                              >
                                {g.lines
                                  .filter((l) => l.floor?.status === "awaiting")
                                  .map((l) => (
                                    <option key={l.id} value={l.id}>
                                      {l.title} ({l.variantLabel})
                                    </option>
                                  ))}
                              </OutlinedSelect>
                              <OutlinedField
                                name="reason"
                                label="Why"
                                size="small"
                                defaultValue={values.reason ?? ""}
                                error={Boolean(errors.reason)}
                                helperText={errors.reason ?? "Platen's team re-routes or refunds it"}
                                id={`reject-reason-${g.groupId}`}
                                maxLength={500}
                              />
                              <Button type="submit" name="intent" value="reject" variant="outlined" color="error" disabled={busy}>
                                Reject line
                              </Button>
                            </Stack>
                          </Form>
                        ) : null}
                      </Stack>
                    ) : null}
                    {g.status === "pending" && g.lines.every((l) => l.floor?.status !== "awaiting" && l.floor?.status !== "rejected") ? (
                      <Typography color="text.secondary" data-testid="group-waiting-batch">
                        Accepted: it goes into the next batch of {g.warehouseName}.{" "}
                        <Link
                          component={RouterLink}
                          to={`/fulfillment/@${fulfiller.handle}/administration/warehouses/${encodeURIComponent(g.warehouseName)}/batches`}
                        >
                          Open the batches
                        </Link>
                      </Typography>
                    ) : null}
                    {g.status === "in_production" ? (
                      <Typography color="text.secondary" data-testid="group-in-production">
                        In production: scan its lines as they are printed, then pack them.{" "}
                        <Link
                          component={RouterLink}
                          to={`/fulfillment/@${fulfiller.handle}/administration/parcels?warehouse=${encodeURIComponent(g.warehouseId)}#group-${g.groupId}`}
                        >
                          Pack it on Parcels
                        </Link>
                      </Typography>
                    ) : null}
                  </Box>
                </CardContent>
              </Card>
            );
          })}
        </Stack>
      )}
      {pages > 1 ? (
        <Box component="nav" aria-label="Shipment pages" sx={{ display: "flex", gap: 1, alignItems: "center", mt: 2, flexWrap: "wrap" }}>
          {page > 1 ? (
            <Button component={RouterLink} to={pageHref(page - 1)} rel="prev">
              Previous
            </Button>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            Page {page} of {pages}
          </Typography>
          {page < pages ? (
            <Button component={RouterLink} to={pageHref(page + 1)} rel="next">
              Next
            </Button>
          ) : null}
        </Box>
      ) : null}
    </Container>
  );
}
