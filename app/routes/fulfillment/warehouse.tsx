import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Form, data, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import { ChoiceControl } from "#app/components/ChoiceControl.tsx";
import type { Route } from "./+types/warehouse";
import { WarehouseFields } from "#app/components/fulfillment/WarehouseFields.tsx";
import { OutlinedField, OutlinedSelect } from "#app/components/OutlinedField.tsx";
import { echoValues, readForm, type FieldErrors } from "#app/lib/forms.server.ts";
import { orRespond } from "#app/lib/party-orders.server.ts";
import { clockView, requireWarehouse, warehouseChoices, warehouseFormInput, warehouseFormValues } from "#app/lib/warehouses.server.ts";
import { countryName } from "#server/contracts/index.ts";
import { AppError } from "#server/kernel/index.ts";
import {
  boxInputErrors,
  capacityFor,
  deleteWarehouseBox,
  importStockSheet,
  listWarehouseBlanks,
  listWarehouseStock,
  saveWarehouseBox,
  saveWarehouseStock,
  setWarehouseBlanks,
  StockRowsError,
  StockSheetError,
  STOCK_SHEET_MAX_BYTES,
  updateWarehouse,
  warehouseInputErrors,
} from "#server/modules/fulfillment/index.ts";
import type { SheetRowError } from "#server/modules/fulfillment/types.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.warehouse.name} · Warehouses · ${data.fulfiller.name} · Platen` : "Warehouse · Platen" },
];

const NOTICES = {
  created: "The warehouse is added. Choose the blanks it makes, then its boxes and stock.",
  saved: "The warehouse is saved.",
  blanks: "The blanks made here are saved.",
  "box-saved": "The box is saved.",
  "box-deleted": "The box is removed.",
  stock: "Stock is saved.",
} as const;
type Notice = keyof typeof NOTICES;

const ID = /^[a-z]+_[0-9a-z]+$/;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller, warehouse } = await requireWarehouse(request, params.handle, params.warehouseId);
  const url = new URL(request.url);
  // Booked units per day come from the production module's schedule: pass its source to
  // capacityFor as `bookedUnits` when it offers one; until then no booked figure is shown.
  const [blanks, stock, capacity] = await orRespond(
    Promise.all([listWarehouseBlanks(ctx, warehouse.id), listWarehouseStock(ctx, warehouse.id), capacityFor(ctx, warehouse.id)]),
  );
  const made = blanks.filter((b) => b.madeHere);
  const stockBlanks = [...new Map(stock.map((s) => [s.blankId, s.blankName])).entries()].map(([id, name]) => ({ id, name }));
  const blankParam = url.searchParams.get("blank");
  const blankId = stockBlanks.some((b) => b.id === blankParam) ? blankParam! : (stockBlanks[0]?.id ?? "");
  const done = url.searchParams.get("done");
  const count = (name: string) => Math.max(0, Number(url.searchParams.get(name)) || 0);
  const notice =
    done === "sheet"
      ? `The stock sheet is saved: ${count("changed")} ${count("changed") === 1 ? "row" : "rows"} changed, ${count("unchanged")} unchanged.`
      : done && done in NOTICES
        ? NOTICES[done as Notice]
        : null;
  return {
    fulfiller: { handle: fulfiller.handle, name: fulfiller.name },
    warehouse: {
      id: warehouse.id,
      name: warehouse.name,
      place: [warehouse.city, warehouse.region].filter(Boolean).join(", "),
      country: countryName(warehouse.country),
      hasAddress: Boolean(warehouse.line1 && warehouse.postalCode),
      timeZone: warehouse.timeZone,
      capacityPerDay: warehouse.capacityPerDay,
      clock: clockView(warehouse, ctx.clock.now()),
      form: warehouseFormValues(warehouse),
      boxes: warehouse.boxes.map((b) => ({
        id: b.id,
        name: b.name,
        lengthCm: b.lengthCm,
        widthCm: b.widthCm,
        heightCm: b.heightCm,
        weightGrams: b.weightGrams,
        maxWeightGrams: b.maxWeightGrams,
      })),
    },
    capacityDays: capacity.days.some((d) => d.booked !== null) ? capacity.days : null,
    choices: warehouseChoices(),
    blanks: blanks.map((b) => ({ id: b.id, name: b.name, retired: b.status !== "active", madeHere: b.madeHere })),
    madeCount: made.length,
    stock: {
      blankId,
      blanks: stockBlanks,
      rows: stock
        .filter((s) => s.blankId === blankId)
        .map((s) => ({
          blankVariantId: s.blankVariantId,
          sku: s.sku,
          color: s.color,
          size: s.size,
          onHand: s.onHand,
          reserved: s.reserved,
          available: s.available,
          bin: s.bin,
        })),
      variants: stock.length,
      tracked: stock.filter((s) => s.onHand !== null).length,
    },
    editBox: url.searchParams.get("editBox"),
    notice,
    maxSheetMb: STOCK_SHEET_MAX_BYTES / (1024 * 1024),
  };
}

/** What the action answers when it refuses input: which form, its field errors, what was typed. */
interface WarehouseFailure {
  ok: false;
  intent: string;
  /** The box a box form edits ("" for a new one). */
  target: string;
  errors: FieldErrors;
  values: Record<string, string>;
  /** Every bad row of an uploaded stock sheet. */
  sheetRows?: SheetRowError[];
}

const BOX_FIELDS = ["name", "lengthCm", "widthCm", "heightCm", "weightGrams", "maxWeightGrams"] as const;
const SHEET_WORKBOOK = /\.(xlsx|xlsm|xls|ods|numbers)$/i;

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, warehouse } = await requireWarehouse(request, params.handle, params.warehouseId);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const target = String(form.get("id") ?? "");
  const values = echoValues(form);
  const refuse = (errors: FieldErrors, status = 422, sheetRows?: SheetRowError[]) =>
    data<WarehouseFailure>({ ok: false, intent, target, errors, values, sheetRows }, { status });
  const url = new URL(request.url);
  const back = (done: Notice | "sheet", keep: Record<string, string> = {}, anchor = "") => {
    const next = new URLSearchParams(keep);
    next.set("done", done);
    return redirect(`${url.pathname}?${next.toString()}${anchor ? `#${anchor}` : ""}`);
  };
  const keepBlank = (): Record<string, string> => {
    const blank = String(form.get("blank") ?? "");
    return ID.test(blank) ? { blank } : {};
  };
  try {
    switch (intent) {
      case "save-warehouse": {
        const input = warehouseFormInput(form);
        const errors = warehouseInputErrors(input);
        if (errors) return refuse(errors);
        await updateWarehouse(ctx, warehouse.id, input);
        return back("saved", {}, "details");
      }
      case "save-blanks": {
        const ids = form
          .getAll("blankIds")
          .map(String)
          .filter((v) => ID.test(v));
        await setWarehouseBlanks(ctx, warehouse.id, ids);
        return back("blanks", {}, "blanks");
      }
      case "save-box": {
        const input = Object.fromEntries(BOX_FIELDS.map((k) => [k, String(form.get(k) ?? "")])) as Record<
          (typeof BOX_FIELDS)[number],
          string
        >;
        const errors = boxInputErrors(input);
        if (errors) return refuse(errors);
        const id = ID.test(target) ? target : undefined;
        if (target && !id) return refuse({ _form: "That box was not found; reload the page." }, 404);
        await saveWarehouseBox(ctx, { ...input, warehouseId: warehouse.id, id });
        return back("box-saved", {}, "boxes");
      }
      case "delete-box": {
        if (!ID.test(target)) return refuse({ _form: "That box was not found; reload the page." }, 404);
        await deleteWarehouseBox(ctx, { warehouseId: warehouse.id, boxId: target });
        return back("box-deleted", {}, "boxes");
      }
      case "save-stock": {
        // Only the rows whose figure or bin changed are sent; all are saved or none.
        const rows: { blankVariantId: string; onHand: string; bin?: string }[] = [];
        for (const [key, raw] of form.entries()) {
          if (!key.startsWith("onHand:") || typeof raw !== "string") continue;
          const blankVariantId = key.slice("onHand:".length);
          if (!ID.test(blankVariantId)) continue;
          const bin = String(form.get(`bin:${blankVariantId}`) ?? "");
          const onHandChanged = raw.trim() !== String(form.get(`wasOnHand:${blankVariantId}`) ?? "");
          const binChanged = bin.trim() !== String(form.get(`wasBin:${blankVariantId}`) ?? "");
          if (onHandChanged || binChanged) rows.push({ blankVariantId, onHand: raw, bin: binChanged ? bin : undefined });
        }
        try {
          await saveWarehouseStock(ctx, { warehouseId: warehouse.id, rows });
        } catch (error) {
          if (!(error instanceof StockRowsError)) throw error;
          const errors: FieldErrors = { _form: error.message };
          for (const p of error.problems) errors[`${p.field}:${p.blankVariantId}`] ??= p.message;
          return refuse(errors);
        }
        return back("stock", keepBlank(), "stock");
      }
      case "import-stock": {
        const file = form.get("sheet");
        if (!(file instanceof File) || file.size === 0 || !file.name) return refuse({ sheet: "Choose a CSV file to upload." });
        if (file.size > STOCK_SHEET_MAX_BYTES)
          return refuse(
            { sheet: `This sheet is larger than ${STOCK_SHEET_MAX_BYTES / (1024 * 1024)} MB: split it into several files.` },
            413,
          );
        if (SHEET_WORKBOOK.test(file.name))
          return refuse({ sheet: "This is a spreadsheet workbook: save it as CSV (UTF-8) in your spreadsheet, then upload that file." });
        try {
          const result = await importStockSheet(ctx, warehouse.id, await file.text());
          return back("sheet", { ...keepBlank(), changed: String(result.changed), unchanged: String(result.unchanged) }, "stock");
        } catch (error) {
          if (error instanceof StockSheetError) return refuse({ sheet: error.message }, 422, error.rows);
          throw error;
        }
      }
      default:
        return refuse({ _form: "Choose what to change on this page." }, 400);
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const field =
      intent === "save-blanks"
        ? "blankIds"
        : intent === "import-stock"
          ? "sheet"
          : intent === "save-warehouse" || intent === "save-box"
            ? (error.field ?? "_form")
            : "_form";
    return refuse({ [field]: error.message }, error.status);
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type Box = LoaderData["warehouse"]["boxes"][number];

function failureFor(actionData: unknown, intent: string, target = ""): WarehouseFailure | null {
  const f = actionData as WarehouseFailure | undefined;
  return f && f.ok === false && f.intent === intent && f.target === target ? f : null;
}

const cm = (n: number) => `${n.toLocaleString("en-US", { maximumFractionDigits: 1 })}`;
const grams = (n: number) => `${n.toLocaleString("en-US")} g`;

function BoxForm({ box, failed, busy, cancelTo }: { box: Box | null; failed: WarehouseFailure | null; busy: boolean; cancelTo?: string }) {
  const key = box?.id ?? "new";
  const v = failed?.values;
  const e = failed?.errors ?? {};
  const field = (name: (typeof BOX_FIELDS)[number], label: string, current: string, helper = " ") => (
    <OutlinedField
      name={name}
      id={`box-${key}-${name}`}
      label={label}
      defaultValue={v?.[name] ?? current}
      error={Boolean(e[name])}
      helperText={e[name] ?? helper}
      size="small"
      inputMode={name === "name" ? undefined : "decimal"}
      maxLength={name === "name" ? 60 : 10}
      sx={{ gridColumn: name === "name" ? { xs: "1 / -1", md: "span 2" } : undefined }}
    />
  );
  return (
    <Form method="post" noValidate data-testid={`box-form-${key}`} aria-label={box ? `Edit ${box.name}` : "New box"}>
      <input type="hidden" name="intent" value="save-box" />
      {box ? <input type="hidden" name="id" value={box.id} /> : null}
      {e._form ? (
        <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
          {e._form}
        </Alert>
      ) : null}
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, 1fr)", md: "repeat(4, 1fr)" } }}>
        {field("name", "Box name", box?.name ?? "", "Like Mailer bag, Small box or Poster tube.")}
        {field("lengthCm", "Length (cm)", box ? cm(box.lengthCm) : "")}
        {field("widthCm", "Width (cm)", box ? cm(box.widthCm) : "")}
        {field("heightCm", "Height (cm)", box ? cm(box.heightCm) : "")}
        {field("weightGrams", "Empty weight (g)", box ? String(box.weightGrams) : "")}
        {field("maxWeightGrams", "Most it holds (g)", box?.maxWeightGrams ? String(box.maxWeightGrams) : "", "Optional.")}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
        <Button type="submit" variant={box ? "contained" : "outlined"} disabled={busy}>
          {box ? "Save box" : "Add box"}
        </Button>
        {cancelTo ? (
          <Button component={RouterLink} to={cancelTo} replace>
            Cancel
          </Button>
        ) : null}
      </Stack>
    </Form>
  );
}

function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-h`} id={id} sx={{ mb: 3 }}>
      <CardContent>
        <Typography id={`${id}-h`} variant="h2" sx={{ fontSize: "1.35rem", mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export default function WarehousePage({ loaderData, actionData }: Route.ComponentProps) {
  const { fulfiller, warehouse, capacityDays, choices, blanks, madeCount, stock, editBox, notice, maxSheetMb } = loaderData;
  const busy = useNavigation().state !== "idle";
  const list = `/fulfillment/@${fulfiller.handle}/administration/warehouses`;
  const base = `${list}/${warehouse.id}`;
  const details = failureFor(actionData, "save-warehouse");
  const blanksFailure = failureFor(actionData, "save-blanks");
  const stockFailure = failureFor(actionData, "save-stock");
  const sheetFailure = failureFor(actionData, "import-stock");
  const deleteFailure = (id: string) => failureFor(actionData, "delete-box", id)?.errors._form;
  const detailErrors = details?.errors ?? {};
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography component="p" variant="body2" color="text.secondary">
        <Link component={RouterLink} to={list}>
          Warehouses
        </Link>{" "}
        · {fulfiller.name}
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" } }}>
        {warehouse.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 0.5 }}>
        {[warehouse.place, warehouse.country].filter(Boolean).join(" · ")}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="warehouse-clock">
        Local time {warehouse.clock.localTime} ({warehouse.timeZone.replace(/_/g, " ")}). {warehouse.clock.status}{" "}
        {warehouse.capacityPerDay === null
          ? "No daily capacity limit."
          : `Capacity: ${warehouse.capacityPerDay.toLocaleString("en-US")} units a day.`}
      </Typography>
      {notice ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="warehouse-notice">
          {notice}
        </Alert>
      ) : null}
      {warehouse.hasAddress ? null : (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This warehouse has no street address yet: add it below before making labels from here.
        </Alert>
      )}

      {capacityDays ? (
        <SectionCard id="capacity" title="Capacity, next 7 days">
          <Box sx={{ overflowX: "auto" }} role="region" aria-label="Units booked per day" tabIndex={0}>
            <Box component="table" sx={{ borderCollapse: "collapse", "& td, & th": { py: 0.5, px: 1.5, textAlign: "right" } }}>
              <thead>
                <tr>
                  <th scope="col" style={{ textAlign: "left" }}>
                    Day
                  </th>
                  <th scope="col">Booked</th>
                  <th scope="col">Capacity</th>
                  <th scope="col">Free</th>
                </tr>
              </thead>
              <tbody>
                {capacityDays.map((d) => (
                  <tr key={d.date}>
                    <th scope="row" style={{ textAlign: "left", fontWeight: 400 }}>
                      {d.date}
                    </th>
                    <td>{d.booked ?? "–"}</td>
                    <td>{d.capacity ?? "No limit"}</td>
                    <td>{d.free ?? "–"}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        </SectionCard>
      ) : null}

      <SectionCard id="details" title="Address, cut-off and capacity">
        <Form method="post" noValidate aria-label={`Address, cut-off and capacity of ${warehouse.name}`}>
          <input type="hidden" name="intent" value="save-warehouse" />
          {detailErrors._form ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {detailErrors._form}
            </Alert>
          ) : Object.keys(detailErrors).length ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              Some fields need fixing: see the messages below them.
            </Alert>
          ) : null}
          <WarehouseFields values={details?.values ?? warehouse.form} errors={detailErrors} choices={choices} idPrefix="wh" />
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
            Save warehouse
          </Button>
        </Form>
      </SectionCard>

      <SectionCard id="blanks" title="Blanks made here">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, maxWidth: "75ch" }}>
          Orders for a blank are routed only to the warehouses that make it. {madeCount} of your {blanks.length}{" "}
          {blanks.length === 1 ? "blank is" : "blanks are"} made here.
        </Typography>
        {blanks.length === 0 ? (
          <Alert severity="info">You have no blanks yet.</Alert>
        ) : (
          <Form method="post" aria-label={`Blanks made in ${warehouse.name}`}>
            <input type="hidden" name="intent" value="save-blanks" />
            {blanksFailure?.errors.blankIds ? (
              <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
                {blanksFailure.errors.blankIds}
              </Alert>
            ) : null}
            <Box
              component="fieldset"
              sx={{ border: 0, p: 0, m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "1fr 1fr 1fr" } }}
            >
              <Box
                component="legend"
                sx={{ position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" }}
              >
                Blanks made in {warehouse.name}
              </Box>
              {blanks.map((b) => (
                <ChoiceControl
                  key={b.id}
                  type="checkbox"
                  name="blankIds"
                  value={b.id}
                  defaultChecked={b.madeHere}
                  label={b.retired ? `${b.name} (retired)` : b.name}
                />
              ))}
            </Box>
            <Button type="submit" variant="outlined" disabled={busy} sx={{ mt: 1 }}>
              Save blanks
            </Button>
          </Form>
        )}
      </SectionCard>

      <SectionCard id="boxes" title="Box presets">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, maxWidth: "75ch" }}>
          The boxes, bags and tubes this warehouse packs in: inside size and empty weight. A parcel&apos;s weight is its items plus its box.
        </Typography>
        {warehouse.boxes.length ? (
          <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, mb: 2 }} aria-label={`Boxes of ${warehouse.name}`}>
            {warehouse.boxes.map((box) =>
              editBox === box.id ? (
                <Box component="li" key={box.id} sx={{ py: 1.5, borderTop: 1, borderColor: "divider" }}>
                  <BoxForm box={box} failed={failureFor(actionData, "save-box", box.id)} busy={busy} cancelTo={`${base}#boxes`} />
                </Box>
              ) : (
                <Box
                  component="li"
                  key={box.id}
                  data-testid="box"
                  sx={{
                    display: "flex",
                    flexWrap: "wrap",
                    gap: 1,
                    justifyContent: "space-between",
                    alignItems: "center",
                    py: 1,
                    borderTop: 1,
                    borderColor: "divider",
                  }}
                >
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{box.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {cm(box.lengthCm)} × {cm(box.widthCm)} × {cm(box.heightCm)} cm · {grams(box.weightGrams)} empty
                      {box.maxWeightGrams ? ` · holds up to ${grams(box.maxWeightGrams)}` : ""}
                    </Typography>
                    {deleteFailure(box.id) ? (
                      <Typography variant="body2" color="error" role="alert">
                        {deleteFailure(box.id)}
                      </Typography>
                    ) : null}
                  </Box>
                  <Stack direction="row" spacing={1}>
                    <Button component={RouterLink} to={`${base}?editBox=${box.id}#boxes`} size="small" aria-label={`Edit ${box.name}`}>
                      Edit
                    </Button>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete-box" />
                      <input type="hidden" name="id" value={box.id} />
                      <Button type="submit" size="small" color="error" disabled={busy} aria-label={`Remove ${box.name}`}>
                        Remove
                      </Button>
                    </Form>
                  </Stack>
                </Box>
              ),
            )}
          </Box>
        ) : (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            No boxes yet.
          </Typography>
        )}
        <Typography variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 600, mb: 1 }}>
          Add a box
        </Typography>
        <BoxForm box={null} failed={failureFor(actionData, "save-box")} busy={busy} />
      </SectionCard>

      <SectionCard id="stock" title="Stock">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: "80ch" }}>
          Leave a figure empty for made to order (never sold out). With a figure, each order holds its units until it ships or is cancelled,
          and the variant shows as sold out when none are left. The bin is where the blanks sit, for pick lists. {stock.tracked} of{" "}
          {stock.variants} variants made here are counted.
        </Typography>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2, alignItems: { md: "flex-start" } }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 600, mb: 0.5 }}>
              Stock sheet (CSV)
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Columns sku, on_hand and bin; one row per variant. Every row is checked before anything is saved.
            </Typography>
            <Button component="a" href={`${base}/stock.csv`} variant="outlined" size="small" download>
              Download the stock sheet
            </Button>
          </Box>
          <Box sx={{ flex: 1 }}>
            <Form method="post" encType="multipart/form-data" aria-label="Upload a stock sheet">
              <input type="hidden" name="intent" value="import-stock" />
              <input type="hidden" name="blank" value={stock.blankId} />
              <OutlinedField
                type="file"
                name="sheet"
                id="stock-sheet"
                label="Stock sheet to upload"
                size="small"
                fullWidth
                error={Boolean(sheetFailure?.errors.sheet)}
                helperText={sheetFailure?.errors.sheet ?? `A CSV file of at most ${maxSheetMb} MB.`}
                shrink
                accept=".csv,text/csv"
              />
              <Button type="submit" variant="outlined" size="small" disabled={busy} sx={{ mt: 1 }}>
                Upload sheet
              </Button>
            </Form>
          </Box>
        </Stack>
        {sheetFailure?.sheetRows?.length ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="sheet-errors">
            <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{sheetFailure.errors.sheet}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {sheetFailure.sheetRows.map((r, i) => (
                <li key={`${r.row}-${r.column}-${i}`} data-testid="sheet-error">
                  {`Row ${r.row}${r.column ? `, ${r.column}` : ""}: ${r.message}`}
                </li>
              ))}
            </Box>
          </Alert>
        ) : null}

        {stock.blanks.length === 0 ? (
          <Alert severity="info">No blanks are made here yet: choose them under Blanks made here.</Alert>
        ) : (
          <>
            {stock.blanks.length > 1 ? (
              <Form method="get" action={`${base}#stock`}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: "flex-start", mb: 2 }}>
                  <OutlinedSelect name="blank" label="Blank" id="stock-blank" size="small" defaultValue={stock.blankId}>
                    {stock.blanks.map((b) => (
                      <option key={b.id} value={b.id}>
                        {b.name}
                      </option>
                    ))}
                  </OutlinedSelect>
                  <Button type="submit" variant="outlined">
                    Show
                  </Button>
                </Stack>
              </Form>
            ) : null}
            <Form method="post" noValidate data-testid="stock-form" aria-label="Stock of the chosen blank">
              <input type="hidden" name="intent" value="save-stock" />
              <input type="hidden" name="blank" value={stock.blankId} />
              {stockFailure?.errors._form ? (
                <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
                  {stockFailure.errors._form}
                </Alert>
              ) : null}
              <Box sx={{ overflowX: "auto" }} role="region" aria-label="Stock of the chosen blank" tabIndex={0}>
                <Box
                  component="table"
                  sx={{
                    width: "100%",
                    borderCollapse: "collapse",
                    "& td, & th": { py: 0.75, px: 1, textAlign: "left", verticalAlign: "top" },
                  }}
                >
                  <thead>
                    <tr>
                      <th scope="col">SKU</th>
                      <th scope="col">Variant</th>
                      <th scope="col">On hand</th>
                      <th scope="col">Bin</th>
                      <th scope="col">Held</th>
                      <th scope="col">Available</th>
                    </tr>
                  </thead>
                  <tbody>
                    {stock.rows.map((row) => {
                      const onHandName = `onHand:${row.blankVariantId}`;
                      const binName = `bin:${row.blankVariantId}`;
                      const was = row.onHand === null ? "" : String(row.onHand);
                      return (
                        <tr key={row.blankVariantId} data-testid="stock-row" data-sku={row.sku}>
                          <td>
                            <Typography variant="body2" sx={{ fontFamily: "monospace", pt: 1 }}>
                              {row.sku}
                            </Typography>
                          </td>
                          <td>
                            <Typography variant="body2" sx={{ pt: 1 }}>
                              {row.color} / {row.size}
                            </Typography>
                          </td>
                          <td>
                            <input type="hidden" name={`wasOnHand:${row.blankVariantId}`} value={was} />
                            <OutlinedField
                              name={onHandName}
                              id={`stock-${row.blankVariantId}`}
                              size="small"
                              defaultValue={stockFailure?.values[onHandName] ?? was}
                              placeholder="Made to order"
                              error={Boolean(stockFailure?.errors[onHandName])}
                              helperText={stockFailure?.errors[onHandName]}
                              inputMode="numeric"
                              aria-label={`On hand, ${row.sku}`}
                              sx={{ width: 140 }}
                            />
                          </td>
                          <td>
                            <input type="hidden" name={`wasBin:${row.blankVariantId}`} value={row.bin} />
                            <OutlinedField
                              name={binName}
                              id={`bin-${row.blankVariantId}`}
                              size="small"
                              defaultValue={stockFailure?.values[binName] ?? row.bin}
                              error={Boolean(stockFailure?.errors[binName])}
                              helperText={stockFailure?.errors[binName]}
                              maxLength={40}
                              aria-label={`Bin, ${row.sku}`}
                              sx={{ width: 140 }}
                            />
                          </td>
                          <td>
                            <Typography variant="body2" sx={{ pt: 1 }}>
                              {row.onHand === null ? "–" : row.reserved}
                            </Typography>
                          </td>
                          <td>
                            <Typography variant="body2" sx={{ pt: 1, fontWeight: row.available === 0 ? 700 : 400 }}>
                              {row.available === null ? "Made to order" : row.available === 0 ? "Sold out" : row.available}
                            </Typography>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </Box>
              </Box>
              <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
                Save stock
              </Button>
            </Form>
          </>
        )}
      </SectionCard>
    </Box>
  );
}
