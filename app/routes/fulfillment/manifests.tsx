// /fulfillment/@{name}/administration/manifests: the end-of-day hand-over. Per warehouse and
// carrier, the labels bought and not yet handed over (all ticked) and "Make manifest"; then the
// manifests made, each with its PDF for the driver to scan. A manifest is never changed; a label
// goes on one only, and a refusal names the label at fault. Works without JavaScript.
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import FormHelperText from "@mui/material/FormHelperText";
import Link from "@mui/material/Link";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, data, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import { ChoiceControl } from "#app/components/ChoiceControl.tsx";
import type { Route } from "./+types/manifests";
import { formatGrams, ShippingPageHeader, WarehousePicker } from "#app/components/fulfillment/ShippingBits.tsx";
import { formatDateTime } from "#app/lib/dates.ts";
import { readForm, type FormFailure } from "#app/lib/forms.server.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { countryName } from "#server/contracts/index.ts";
import { AppError, hasRole } from "#server/kernel/index.ts";
import { listWarehouses } from "#server/modules/fulfillment/index.ts";
import { createManifest, listManifests, listShipments } from "#server/modules/shipping/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Manifests of ${data.shop.name} · Platen` : "Manifests · Platen" }];

const ID = /^[a-z]{2,4}_[0-9a-z]{26}$/;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle, { floor: true });
  const url = new URL(request.url);
  const warehouses = await orRespond(listWarehouses(ctx, fulfiller.id));
  const warehouse = warehouses.find((w) => w.id === url.searchParams.get("warehouse")) ?? null;
  const suspended = fulfiller.status !== "active" && !hasRole(ctx.actor, "admin");
  const shop = { handle: fulfiller.handle, name: fulfiller.name };
  const base = { shop, suspended, warehouses: warehouses.map((w) => ({ id: w.id, name: w.name })), warehouseId: warehouse?.id ?? "" };
  if (suspended) return { ...base, handOvers: [], manifests: [], made: null };
  const filter = warehouse ? { warehouseId: warehouse.id } : {};
  const [waiting, manifests] = await orRespond(
    Promise.all([
      listShipments(ctx, { fulfillerId: fulfiller.id, status: "purchased", limit: 1000, ...filter }),
      listManifests(ctx, { fulfillerId: fulfiller.id, limit: 60, ...filter }),
    ]),
  );
  const names = new Map(warehouses.map((w) => [w.id, w.name]));
  const handOvers = new Map<
    string,
    { key: string; warehouseId: string; warehouseName: string; carrierAccountId: string; carrierName: string }
  >();
  const labels = waiting
    .filter((s) => s.trackingNumber)
    .sort((a, b) => (a.trackingNumber ?? "").localeCompare(b.trackingNumber ?? ""))
    .map((s) => ({
      id: s.id,
      key: `${s.warehouseId}|${s.carrierAccountId}`,
      warehouseId: s.warehouseId,
      carrierAccountId: s.carrierAccountId,
      carrierName: s.carrierName,
      trackingNumber: s.trackingNumber!,
      orderNumber: s.orderNumber,
      service: s.serviceName,
      weightGrams: s.weightGrams,
      to: `${[s.to.postalCode, s.to.city].filter(Boolean).join(" ")}, ${countryName(s.to.country)}`,
    }));
  for (const l of labels)
    if (!handOvers.has(l.key))
      handOvers.set(l.key, {
        key: l.key,
        warehouseId: l.warehouseId,
        warehouseName: names.get(l.warehouseId) ?? "",
        carrierAccountId: l.carrierAccountId,
        carrierName: l.carrierName,
      });
  const madeId = url.searchParams.get("manifest");
  const made = manifests.find((m) => m.id === madeId);
  return {
    ...base,
    handOvers: [...handOvers.values()].map((h) => {
      const mine = labels.filter((l) => l.key === h.key);
      return {
        ...h,
        labels: mine.map((l) => ({
          id: l.id,
          trackingNumber: l.trackingNumber,
          text: `order ${l.orderNumber} · ${l.service} · ${formatGrams(l.weightGrams)} · to ${l.to}`,
        })),
        total: formatGrams(mine.reduce((n, l) => n + l.weightGrams, 0)),
      };
    }),
    manifests: manifests.map((m) => ({
      id: m.id,
      ref: m.ref,
      warehouseName: m.warehouseName,
      carrierName: m.carrierName,
      count: m.shipmentCount,
      total: formatGrams(m.totalGrams),
      made: formatDateTime(m.createdAt),
    })),
    made: url.searchParams.get("done") === "made" && made ? { id: made.id, ref: made.ref, count: made.shipmentCount } : null,
  };
}

type ActionResult = FormFailure & { target: string; checked: string[] };

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle, { floor: true });
  const form = await readForm(request);
  const warehouseId = String(form.get("warehouseId") ?? "");
  const carrierAccountId = String(form.get("carrierAccountId") ?? "");
  const shipmentIds = form.getAll("shipmentIds").map(String);
  const target = `${warehouseId}|${carrierAccountId}`;
  const refuse = (errors: Record<string, string>, status = 422) =>
    data<ActionResult>({ ok: false, target, errors, checked: shipmentIds }, { status });
  if (form.get("intent") !== "manifest") return refuse({ _form: "Choose what to do on this page." }, 400);
  if (!ID.test(warehouseId) || !ID.test(carrierAccountId))
    return refuse({ _form: "That warehouse or carrier was not found; reload the page." }, 404);
  if (!shipmentIds.length) return refuse({ shipmentIds: "Tick the labels the driver takes today." });
  if (shipmentIds.some((id) => !ID.test(id))) return refuse({ shipmentIds: "One of those labels was not found; reload the page." }, 404);
  try {
    const m = await createManifest(ctx, { fulfillerId: fulfiller.id, warehouseId, carrierAccountId, shipmentIds });
    const url = new URL(request.url);
    const q = new URLSearchParams(url.searchParams);
    q.set("done", "made");
    q.set("manifest", m.id);
    return redirect(`${url.pathname}?${q.toString()}#manifest-${m.id}`);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return refuse({ [error.field === "shipmentIds" ? "shipmentIds" : "_form"]: error.message }, error.status);
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

function HandOver({ h, failure, busy }: { h: LoaderData["handOvers"][number]; failure: ActionResult | undefined; busy: boolean }) {
  const errors = failure?.errors ?? {};
  const id = `handover-${h.warehouseId}-${h.carrierAccountId}`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={`${id}-h`}
      data-testid="handover"
      data-carrier={h.carrierName}
      data-warehouse={h.warehouseName}
    >
      <CardContent>
        <Typography id={`${id}-h`} variant="h3" sx={{ fontSize: "1.1rem" }}>
          {h.carrierName} from {h.warehouseName}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {h.labels.length === 1 ? "1 label" : `${h.labels.length} labels`} · {h.total}
        </Typography>
        {errors._form ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {errors._form}
          </Alert>
        ) : null}
        <Form method="post" aria-label={`Make a manifest of ${h.carrierName} labels from ${h.warehouseName}`}>
          <input type="hidden" name="intent" value="manifest" />
          <input type="hidden" name="warehouseId" value={h.warehouseId} />
          <input type="hidden" name="carrierAccountId" value={h.carrierAccountId} />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2">
              Labels the driver takes
            </Typography>
            {h.labels.map((l) => (
              <Box key={l.id} data-testid="handover-label" data-tracking-number={l.trackingNumber}>
                <ChoiceControl
                  type="checkbox"
                  name="shipmentIds"
                  value={l.id}
                  defaultChecked={failure ? failure.checked.includes(l.id) : true}
                  size="medium"
                  label={
                    <>
                      <Box component="span" sx={{ fontFamily: "monospace", fontWeight: 600, overflowWrap: "anywhere" }}>
                        {l.trackingNumber}
                      </Box>{" "}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {l.text}
                      </Typography>
                    </>
                  }
                />
              </Box>
            ))}
            {errors.shipmentIds ? (
              <FormHelperText error role="alert" data-testid="handover-error">
                {errors.shipmentIds}
              </FormHelperText>
            ) : null}
          </Box>
          <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={busy}>
            Make manifest
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

export default function Manifests({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, suspended, warehouses, warehouseId, handOvers, manifests, made } = loaderData;
  const failure = actionData as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  const admin = `/fulfillment/@${shop.handle}/administration`;
  const stray = failure && !handOvers.some((h) => h.key === failure.target) ? (failure.errors._form ?? failure.errors.shipmentIds) : null;
  return (
    <Container maxWidth="lg" disableGutters sx={{ py: { xs: 1, md: 2 } }}>
      <ShippingPageHeader shop={`${shop.name} · @${shop.handle}`} title="Manifests">
        At the end of the day, hand each carrier&apos;s labels over on one manifest per warehouse: the driver scans its barcode and takes
        the parcels. A manifest is never changed afterwards, and a label on it can no longer be voided.
      </ShippingPageHeader>
      {suspended ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This print shop is suspended: its manifests are read-only until Platen reinstates it. Contact Platen to reinstate it.
        </Alert>
      ) : null}
      {warehouses.length > 1 ? (
        <WarehousePicker action={`${admin}/manifests`} warehouses={warehouses} value={warehouseId} allLabel="All warehouses" />
      ) : null}
      {made ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status" data-testid="manifests-notice">
          Manifest {made.ref} made with {made.count === 1 ? "1 label" : `${made.count} labels`}.{" "}
          <Link href={`${admin}/manifests/${made.id}/manifest.pdf`} color="inherit" underline="always">
            Print it for the driver
          </Link>
          .
        </Alert>
      ) : null}
      {stray ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="manifests-error">
          {stray}
        </Alert>
      ) : null}
      <Box component="section" aria-labelledby="waiting-h" sx={{ mb: 3 }}>
        <Typography id="waiting-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 1 }}>
          Labels waiting for a hand-over
        </Typography>
        {handOvers.length === 0 ? (
          <Typography color="text.secondary" data-testid="handover-empty">
            Every label bought is on a manifest. Labels are bought on{" "}
            <Link component={RouterLink} to={`${admin}/shipments`}>
              Shipments
            </Link>
            .
          </Typography>
        ) : (
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 2 }}>
            {handOvers.map((h) => (
              <HandOver key={h.key} h={h} failure={failure?.target === h.key ? failure : undefined} busy={busy} />
            ))}
          </Box>
        )}
      </Box>
      <Box component="section" aria-labelledby="made-h">
        <Typography id="made-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 1 }}>
          Manifests made
        </Typography>
        {manifests.length === 0 ? (
          <Typography color="text.secondary" data-testid="manifests-empty">
            No manifest yet.
          </Typography>
        ) : (
          <TableContainer component={Card} variant="outlined">
            <Table size="small" aria-label="Manifests made">
              <TableHead>
                <TableRow>
                  <TableCell>Manifest</TableCell>
                  <TableCell>Carrier</TableCell>
                  <TableCell>Warehouse</TableCell>
                  <TableCell align="right">Labels</TableCell>
                  <TableCell align="right">Weight</TableCell>
                  <TableCell>Made</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {manifests.map((m) => (
                  <TableRow key={m.id} id={`manifest-${m.id}`} data-testid="manifest-row" data-ref={m.ref}>
                    <TableCell>
                      <Link
                        href={`${admin}/manifests/${m.id}/manifest.pdf`}
                        data-testid="manifest-pdf"
                        aria-label={`Manifest ${m.ref} (PDF)`}
                      >
                        {m.ref} (PDF)
                      </Link>
                    </TableCell>
                    <TableCell>{m.carrierName}</TableCell>
                    <TableCell>{m.warehouseName}</TableCell>
                    <TableCell align="right">{m.count}</TableCell>
                    <TableCell align="right">{m.total}</TableCell>
                    <TableCell>{m.made}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
    </Container>
  );
}
