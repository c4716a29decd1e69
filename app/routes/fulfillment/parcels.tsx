// /fulfillment/@{name}/administration/parcels: a warehouse's packing table. Each shipment with
// printed lines waiting is a form (the lines, a box preset or the weight on the scale, optional
// dimensions and a photo of the packed items); below, the parcels packed here with their packing
// slip, photo, "Unpack" and the way to their label. Works without JavaScript (multipart form posts).
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
import { ChoiceControl } from "#app/components/ChoiceControl.tsx";
import { OutlinedField, OutlinedSelect } from "#app/components/OutlinedField.tsx";
import type { Route } from "./+types/parcels";
import { formatGrams, ShippingPageHeader, WarehousePicker } from "#app/components/fulfillment/ShippingBits.tsx";
import { formatDateTime } from "#app/lib/dates.ts";
import { echoValues, readForm, type FieldErrors, type FormFailure } from "#app/lib/forms.server.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { countryName } from "#server/contracts/index.ts";
import { AppError, hasRole } from "#server/kernel/index.ts";
import { listWarehouseBoxes, listWarehouses } from "#server/modules/fulfillment/index.ts";
import { listPackable, listParcels, packParcel, PARCEL_PHOTO_MAX_BYTES, unpackParcel } from "#server/modules/shipping/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.warehouse ? `Parcels of ${data.warehouse.name} · Platen` : "Parcels · Platen" },
];

const ID = /^[a-z]{2,4}_[0-9a-z]{26}$/;
/** The photo's cap in MB (server side: the page gets it in its data, the module stays out of the browser). */
const photoMb = () => Math.round(PARCEL_PHOTO_MAX_BYTES / 1024 / 1024);
/** Fields whose refusals show next to them; anything else shows above the form. */
const FIELDS = ["lineIds", "boxId", "weightGrams", "dimensions", "photo"];

const DONE = {
  packed: "Parcel packed. Print its packing slip for the box, then buy its label.",
  unpacked: "Parcel unpacked: its lines are back on the packing table.",
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle, { floor: true });
  const url = new URL(request.url);
  const warehouses = await orRespond(listWarehouses(ctx, fulfiller.id));
  const warehouse = warehouses.find((w) => w.id === url.searchParams.get("warehouse")) ?? warehouses[0] ?? null;
  const suspended = fulfiller.status !== "active" && !hasRole(ctx.actor, "admin");
  const done = url.searchParams.get("done");
  const shop = { handle: fulfiller.handle, name: fulfiller.name };
  const picker = warehouses.map((w) => ({ id: w.id, name: w.name }));
  if (!warehouse || suspended)
    return {
      shop,
      suspended,
      photoMb: photoMb(),
      warehouses: picker,
      warehouse: null,
      boxes: [],
      groups: [],
      packed: [],
      shipped: [],
      notice: null,
    };
  const [groups, boxes, parcels] = await orRespond(
    Promise.all([
      listPackable(ctx, { fulfillerId: fulfiller.id, warehouseId: warehouse.id }),
      listWarehouseBoxes(ctx, warehouse.id),
      listParcels(ctx, { fulfillerId: fulfiller.id, warehouseId: warehouse.id, limit: 60 }),
    ]),
  );
  const parcelView = (p: (typeof parcels)[number]) => ({
    id: p.id,
    status: p.status,
    orderNumber: p.orderNumber,
    boxName: p.boxName,
    weight: formatGrams(p.weightGrams),
    weighed: p.weighed,
    packed: formatDateTime(p.createdAt),
    hasPhoto: p.hasPhoto,
    shipTo: `${p.shipTo.name}, ${[p.shipTo.postalCode, p.shipTo.city].filter(Boolean).join(" ")}, ${countryName(p.shipTo.country)}`,
    lines: p.lines.map((l) => ({ lineId: l.lineId, text: `${l.quantity} × ${l.title}${l.variant ? ` (${l.variant})` : ""}` })),
    shipment: p.shipment,
  });
  return {
    shop,
    suspended,
    photoMb: photoMb(),
    warehouses: picker,
    warehouse: { id: warehouse.id, name: warehouse.name },
    boxes: boxes.map((b) => ({
      id: b.id,
      label: `${b.name} (${b.lengthCm} × ${b.widthCm} × ${b.heightCm} cm, ${formatGrams(b.weightGrams)}${b.maxWeightGrams ? `, up to ${formatGrams(b.maxWeightGrams)}` : ""})`,
    })),
    groups: groups.map((g) => ({
      groupId: g.groupId,
      orderNumber: g.orderNumber,
      shipTo: `${g.shipTo.name}, ${[g.shipTo.postalCode, g.shipTo.city].filter(Boolean).join(" ")}, ${countryName(g.shipTo.country)}`,
      ready: g.ready.map((l) => ({
        lineId: l.lineId,
        text: `${l.quantity} × ${l.title}${[l.color, l.size].filter(Boolean).length ? ` (${[l.color, l.size].filter(Boolean).join(" / ")})` : ""}`,
        sku: l.sku,
        code: l.code,
        due: formatDateTime(l.dueAt),
        late: l.late,
      })),
      waiting: g.waiting.map((l) => `${l.quantity} × ${l.title}`),
    })),
    packed: parcels.filter((p) => p.status === "packed").map(parcelView),
    shipped: parcels.filter((p) => p.status === "shipped").map(parcelView),
    notice: done === "packed" || done === "unpacked" ? DONE[done] : null,
  };
}

type ActionResult = FormFailure & { intent: string; target: string; checked: string[] };

export async function action({ request, params }: Route.ActionArgs) {
  // Access first: nobody else's photo is read.
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle, { floor: true });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const target = String(form.get(intent === "unpack" ? "parcelId" : "groupId") ?? "");
  const values = echoValues(form);
  const refuse = (errors: FieldErrors, status = 422) =>
    data<ActionResult>({ ok: false, intent, target, errors, values, checked: form.getAll("lineIds").map(String) }, { status });
  const url = new URL(request.url);
  const back = (done: keyof typeof DONE, parcelId: string) => {
    const q = new URLSearchParams({
      ...(url.searchParams.get("warehouse") ? { warehouse: url.searchParams.get("warehouse")! } : {}),
      done,
    });
    return redirect(`${url.pathname}?${q.toString()}#parcel-${parcelId}`);
  };
  try {
    if (intent === "unpack") {
      if (!ID.test(target)) return refuse({ _form: "That parcel was not found; reload the page." }, 404);
      await unpackParcel(ctx, target);
      return back("unpacked", target);
    }
    if (intent !== "pack") return refuse({ _form: "Choose what to do on this page." }, 400);
    if (!ID.test(target)) return refuse({ _form: "That shipment was not found; reload the page." }, 404);
    const errors: FieldErrors = {};
    const lineIds = form.getAll("lineIds").map(String);
    if (!lineIds.length) errors.lineIds = "Tick the lines that go into this parcel.";
    else if (lineIds.some((l) => !ID.test(l))) errors.lineIds = "That line is not one of this shipment's; reload the page.";
    const boxId = String(form.get("boxId") ?? "");
    if (boxId && !ID.test(boxId)) errors.boxId = "Choose one of this warehouse's boxes.";
    const weight = String(form.get("weightGrams") ?? "").trim();
    if (weight && !/^\d{1,6}$/.test(weight))
      errors.weightGrams = "Enter the weight in whole grams, like 480, or leave it empty to add up the items and the box.";
    const sides = (["length", "width", "height"] as const).map(
      (s) =>
        [
          s,
          String(form.get(s) ?? "")
            .trim()
            .replace(",", "."),
        ] as const,
    );
    const given = sides.filter(([, v]) => v !== "");
    const side = (name: string) => Number(sides.find(([s]) => s === name)?.[1]);
    if (given.length && given.length < 3) errors.dimensions = "Enter the length, width and height, or none of them (then the box's size).";
    else if (given.some(([, v]) => !/^\d{1,3}(\.\d{1,2})?$/.test(v) || Number(v) <= 0))
      errors.dimensions = "Enter each side in centimetres, like 30 or 30.5.";
    const file = form.get("photo");
    const photo = file instanceof File && file.size > 0 ? file : null;
    if (photo && photo.size > PARCEL_PHOTO_MAX_BYTES)
      errors.photo = `The photo is larger than ${photoMb()} MB: take it again at a lower resolution.`;
    if (Object.keys(errors).length) return refuse(errors, errors.photo && Object.keys(errors).length === 1 ? 413 : 422);
    const parcel = await packParcel(ctx, {
      fulfillerId: fulfiller.id,
      groupId: target,
      lineIds,
      boxId: boxId || null,
      weightGrams: weight ? Number(weight) : null,
      dimensionsCm: given.length === 3 ? { length: side("length"), width: side("width"), height: side("height") } : null,
      photo: photo ? Buffer.from(await photo.arrayBuffer()) : null,
    });
    return back("packed", parcel.id);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return refuse({ [error.field && FIELDS.includes(error.field) ? error.field : "_form"]: error.message }, error.status);
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

function PackForm({
  group,
  boxes,
  photoMb,
  failure,
  busy,
}: {
  group: LoaderData["groups"][number];
  boxes: LoaderData["boxes"];
  photoMb: number;
  failure: ActionResult | undefined;
  busy: boolean;
}) {
  const errors = failure?.errors ?? {};
  const values = failure?.values ?? {};
  const id = (name: string) => `${name}-${group.groupId}`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={id("h")}
      id={`group-${group.groupId}`}
      data-testid="packable-group"
      data-order-number={group.orderNumber}
    >
      <CardContent>
        <Typography id={id("h")} variant="h3" sx={{ fontSize: "1.15rem" }}>
          Order {group.orderNumber}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          To {group.shipTo}
        </Typography>
        {errors._form ? (
          <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
            {errors._form}
          </Alert>
        ) : null}
        <Form method="post" encType="multipart/form-data" noValidate aria-label={`Pack a parcel of order ${group.orderNumber}`}>
          <input type="hidden" name="intent" value="pack" />
          <input type="hidden" name="groupId" value={group.groupId} />
          <Box
            component="fieldset"
            sx={{ border: 0, p: 0, m: 0, mb: 1.5 }}
            aria-describedby={errors.lineIds ? id("lines-error") : undefined}
          >
            <Typography component="legend" variant="subtitle2">
              Printed lines to put in this parcel
            </Typography>
            {group.ready.map((l) => (
              <Box key={l.lineId} sx={{ display: "flex", flexDirection: "column" }} data-testid="packable-line" data-code={l.code ?? ""}>
                <ChoiceControl
                  type="checkbox"
                  name="lineIds"
                  value={l.lineId}
                  defaultChecked={failure ? failure.checked.includes(l.lineId) : true}
                  size="medium"
                  label={l.text}
                />
                <Typography variant="body2" color={l.late ? "error" : "text.secondary"} sx={{ pl: 4, mt: -0.75 }}>
                  {l.late ? "Late · " : ""}SKU {l.sku}
                  {l.code ? ` · code ${l.code}` : ""} · due {l.due}
                </Typography>
              </Box>
            ))}
            {errors.lineIds ? (
              <FormHelperText error id={id("lines-error")}>
                {errors.lineIds}
              </FormHelperText>
            ) : null}
            {group.waiting.length ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Still in production (a later parcel, or wait for them): {group.waiting.join(", ")}.
              </Typography>
            ) : null}
          </Box>
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.5 }}>
            <OutlinedSelect
              name="boxId"
              label="Box"
              size="small"
              id={id("box")}
              defaultValue={values.boxId ?? boxes[0]?.id ?? ""}
              error={Boolean(errors.boxId)}
              helperText={errors.boxId ?? "Its weight is added to the items' weight"}
            >
              {boxes.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.label}
                </option>
              ))}
              <option value="">Another box (type its weight and size)</option>
            </OutlinedSelect>
            <OutlinedField
              name="weightGrams"
              label="Weight on the scale (g)"
              size="small"
              id={id("weight")}
              defaultValue={values.weightGrams ?? ""}
              error={Boolean(errors.weightGrams)}
              helperText={errors.weightGrams ?? "Optional: leave empty to add up the items and the box"}
              inputMode="numeric"
              maxLength={6}
              autoComplete="off"
            />
          </Box>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1.5 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              Size (optional: the box&apos;s size otherwise)
            </Typography>
            <Box sx={{ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 1 }}>
              {(["length", "width", "height"] as const).map((s) => (
                <OutlinedField
                  key={s}
                  name={s}
                  label={`${s[0]!.toUpperCase()}${s.slice(1)} (cm)`}
                  size="small"
                  id={id(s)}
                  defaultValue={values[s] ?? ""}
                  error={Boolean(errors.dimensions)}
                  inputMode="decimal"
                  maxLength={6}
                  autoComplete="off"
                />
              ))}
            </Box>
            {errors.dimensions ? (
              <FormHelperText error role="alert">
                {errors.dimensions}
              </FormHelperText>
            ) : null}
          </Box>
          <OutlinedField
            type="file"
            name="photo"
            label="Photo of the packed items (optional)"
            size="small"
            fullWidth
            id={id("photo")}
            sx={{ mt: 1.5 }}
            error={Boolean(errors.photo)}
            helperText={errors.photo ?? `PNG, JPEG or WebP up to ${photoMb} MB; kept in case the shopper reports a problem`}
            shrink
            accept="image/png,image/jpeg,image/webp"
          />
          <Button type="submit" variant="contained" sx={{ mt: 1.5 }} disabled={busy}>
            Pack parcel
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function ParcelCard({
  parcel,
  admin,
  failure,
  busy,
}: {
  parcel: LoaderData["packed"][number];
  admin: string;
  failure: ActionResult | undefined;
  busy: boolean;
}) {
  return (
    <Card
      variant="outlined"
      component="article"
      id={`parcel-${parcel.id}`}
      aria-labelledby={`parcel-h-${parcel.id}`}
      data-testid="parcel"
      data-order-number={parcel.orderNumber}
      data-parcel-status={parcel.status}
    >
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between" }}>
          <Box>
            <Typography id={`parcel-h-${parcel.id}`} variant="h3" sx={{ fontSize: "1.1rem" }}>
              Order {parcel.orderNumber}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Packed {parcel.packed} · {parcel.boxName || "own box"} · {parcel.weight}
              {parcel.weighed ? " (weighed)" : ""}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              To {parcel.shipTo}
            </Typography>
          </Box>
          <Box>
            <Chip
              size="small"
              label={parcel.status === "packed" ? "Waiting for a label" : "Shipped"}
              color={parcel.status === "packed" ? "default" : "success"}
              variant="outlined"
              data-testid="parcel-status"
            />
          </Box>
        </Stack>
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {parcel.lines.map((l) => (
            <li key={l.lineId}>
              <Typography variant="body2">{l.text}</Typography>
            </li>
          ))}
        </Box>
        {parcel.shipment?.trackingNumber ? (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="parcel-tracking">
            {parcel.shipment.carrierName} {parcel.shipment.serviceName} · tracking number <strong>{parcel.shipment.trackingNumber}</strong>
          </Typography>
        ) : null}
        {failure?.errors._form ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {failure.errors._form}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: "wrap", alignItems: "center" }}>
          <Button
            component="a"
            href={`${admin}/parcels/${parcel.id}/packing-slip.pdf`}
            size="small"
            variant="outlined"
            data-testid="packing-slip-link"
            aria-label={`Packing slip of order ${parcel.orderNumber} (PDF)`}
          >
            Packing slip (PDF)
          </Button>
          {parcel.hasPhoto ? (
            <Button
              component="a"
              href={`${admin}/parcels/${parcel.id}/photo`}
              size="small"
              data-testid="parcel-photo-link"
              aria-label={`Photo of the parcel of order ${parcel.orderNumber}`}
            >
              Photo
            </Button>
          ) : null}
          {parcel.status === "packed" ? (
            <>
              <Button
                component={RouterLink}
                to={`${admin}/shipments#parcel-${parcel.id}`}
                size="small"
                variant="contained"
                data-testid="buy-label-link"
              >
                Buy its label
              </Button>
              <Form method="post">
                <input type="hidden" name="intent" value="unpack" />
                <input type="hidden" name="parcelId" value={parcel.id} />
                <Button
                  type="submit"
                  size="small"
                  color="error"
                  disabled={busy}
                  aria-label={`Unpack the parcel of order ${parcel.orderNumber}`}
                >
                  Unpack
                </Button>
              </Form>
            </>
          ) : (
            <Link component={RouterLink} to={`${admin}/shipments#shipment-of-${parcel.id}`} variant="body2">
              See its shipment
            </Link>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function Parcels({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, suspended, photoMb, warehouses, warehouse, boxes, groups, packed, shipped, notice } = loaderData;
  const failure = actionData as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  const admin = `/fulfillment/@${shop.handle}/administration`;
  const base = `${admin}/parcels`;
  const mine = (intent: string, target: string) =>
    failure && failure.intent === intent && failure.target === target ? failure : undefined;
  const stray = failure && !groups.some((g) => g.groupId === failure.target) && !packed.some((p) => p.id === failure.target);
  return (
    <Container maxWidth="lg" disableGutters sx={{ py: { xs: 1, md: 2 } }}>
      <ShippingPageHeader shop={`${shop.name} · @${shop.handle}`} title={warehouse ? `Parcels of ${warehouse.name}` : "Parcels"}>
        The packing table: a shipment&apos;s printed lines go into a parcel, weighed from the items and the box (or on your scale). Print
        the packing slip for the box, then buy the label on Shipments.
      </ShippingPageHeader>
      {suspended ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This print shop is suspended: its parcels are read-only until Platen reinstates it. Contact Platen to reinstate it.
        </Alert>
      ) : null}
      {warehouses.length > 1 ? <WarehousePicker action={base} warehouses={warehouses} value={warehouse?.id ?? ""} /> : null}
      {notice ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status" data-testid="parcels-notice">
          {notice}
        </Alert>
      ) : null}
      {stray && failure?.errors._form ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {failure.errors._form}
        </Alert>
      ) : null}
      {!warehouse && !suspended ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          You have no warehouse yet.{" "}
          <Link component={RouterLink} to={`${admin}/warehouses/create`}>
            Add your first warehouse
          </Link>{" "}
          to pack parcels there.
        </Alert>
      ) : null}
      {warehouse ? (
        <>
          <Box component="section" aria-labelledby="table-h" sx={{ mb: 3 }}>
            <Typography id="table-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 1 }}>
              Ready to pack
            </Typography>
            {groups.length === 0 ? (
              <Typography color="text.secondary" data-testid="packable-empty">
                Nothing printed is waiting to be packed in {warehouse.name}. Lines come here once they are scanned as printed on the{" "}
                <Link component={RouterLink} to={`${admin}/warehouses/${encodeURIComponent(warehouse.name)}/batches`}>
                  batches of {warehouse.name}
                </Link>
                .
              </Typography>
            ) : (
              <>
                <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                  Lines scanned as printed on the{" "}
                  <Link component={RouterLink} to={`${admin}/warehouses/${encodeURIComponent(warehouse.name)}/batches`}>
                    batches of {warehouse.name}
                  </Link>
                  , by shipment.
                </Typography>
                <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 2 }}>
                  {groups.map((g) => (
                    <PackForm key={g.groupId} group={g} boxes={boxes} photoMb={photoMb} failure={mine("pack", g.groupId)} busy={busy} />
                  ))}
                </Box>
              </>
            )}
          </Box>
          <Box component="section" aria-labelledby="packed-h" sx={{ mb: 3 }}>
            <Typography id="packed-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 1 }}>
              Packed, waiting for a label
            </Typography>
            {packed.length === 0 ? (
              <Typography color="text.secondary" data-testid="packed-empty">
                No parcel waits for a label.
              </Typography>
            ) : (
              <Stack spacing={1.5}>
                {packed.map((p) => (
                  <ParcelCard key={p.id} parcel={p} admin={admin} failure={mine("unpack", p.id)} busy={busy} />
                ))}
              </Stack>
            )}
          </Box>
          {shipped.length ? (
            <Box component="section" aria-labelledby="shipped-h">
              <Typography id="shipped-h" variant="h2" sx={{ fontSize: "1.3rem", mb: 1 }}>
                Shipped
              </Typography>
              <Stack spacing={1.5}>
                {shipped.map((p) => (
                  <ParcelCard key={p.id} parcel={p} admin={admin} failure={undefined} busy={busy} />
                ))}
              </Stack>
            </Box>
          ) : null}
        </>
      ) : null}
    </Container>
  );
}
