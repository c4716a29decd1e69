// /fulfillment/@{name}/administration/warehouses/{warehouseName}/batches: a warehouse's production
// runs. The scan station (a text field a USB scanner types into) moves lines on; batches are made
// by filter or released by themselves at the cut-off or a line count; each has its pick list and
// print sheet as PDFs. Works without JavaScript: every form posts to the action.
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, data, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import { ChoiceControl } from "#app/components/ChoiceControl.tsx";
import { OutlinedField, OutlinedSelect } from "#app/components/OutlinedField.tsx";
import { z } from "zod";
import type { Route } from "./+types/batches";
import { formatDateTime } from "#app/lib/dates.ts";
import { echoValues, parseForm, readForm, type FormFailure } from "#app/lib/forms.server.ts";
import { notFoundMessage } from "#app/lib/not-found.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { AppError, type Ctx } from "#server/kernel/index.ts";
import { listWarehouses } from "#server/modules/fulfillment/index.ts";
import {
  cancelBatch,
  createBatch,
  getBatch,
  getReleaseSettings,
  listBatches,
  listFloor,
  parseBatchFilter,
  saveReleaseSettings,
  scanLine,
} from "#server/modules/production/index.ts";
import { TECHNIQUE_LABELS, TECHNIQUES, type BatchStatus, type Technique } from "#server/modules/production/types.ts";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Batches of ${data.warehouse.name} · Platen` : "Batches · Platen" }];

const STATUS_LABELS: Record<BatchStatus, string> = {
  open: "Open",
  printing: "Printing",
  printed: "Printed",
  packed: "Packed",
  cancelled: "Cancelled",
};
const RELEASED_LABELS = { manual: "Made by hand", cutoff: "Released at the cut-off", count: "Released at the line count" } as const;

async function warehouseOf(request: Request, ctx: Ctx, fulfillerId: string, name: string | undefined) {
  const w = (await listWarehouses(ctx, fulfillerId)).find((x) => x.name === name);
  if (!w) throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
  return w;
}

function localClock(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", weekday: "short" }).format(new Date());
  } catch {
    return "";
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle, { floor: true });
  const warehouse = await warehouseOf(request, ctx, fulfiller.id, params.warehouseName);
  const url = new URL(request.url);
  const [lines, batches, settings] = await Promise.all([
    orRespond(listFloor(ctx, { fulfillerId: fulfiller.id, warehouseId: warehouse.id })),
    orRespond(listBatches(ctx, { fulfillerId: fulfiller.id, warehouseId: warehouse.id, limit: 50 })),
    orRespond(getReleaseSettings(ctx, { fulfillerId: fulfiller.id, warehouseId: warehouse.id })),
  ]);
  const waiting = lines.filter((l) => l.floorStatus === "accepted" && !l.batchId);
  const openId = url.searchParams.get("batch");
  const open = openId && batches.some((b) => b.id === openId) ? await orRespond(getBatch(ctx, openId)) : null;
  const done = url.searchParams.get("done");
  return {
    fulfiller: { handle: fulfiller.handle, name: fulfiller.name },
    warehouse: {
      id: warehouse.id,
      name: warehouse.name,
      cutoffTime: warehouse.cutoffTime,
      timeZone: warehouse.timeZone,
      localNow: localClock(warehouse.timeZone),
    },
    settings,
    awaiting: lines.filter((l) => l.floorStatus === "awaiting").length,
    waiting: {
      lines: waiting.length,
      units: waiting.reduce((s, l) => s + l.quantity, 0),
      late: waiting.filter((l) => l.late).length,
      blanks: [...new Map(waiting.map((l) => [l.blankId, l.blankName])).entries()].map(([id, name]) => ({ id, name })),
      colors: [...new Set(waiting.map((l) => l.color))].sort(),
      techniques: [...new Set(waiting.map((l) => l.technique))] as Technique[],
    },
    batches: batches.map((b) => ({ ...b, created: formatDateTime(b.createdAt) })),
    open: open
      ? {
          id: open.batch.id,
          ref: open.batch.ref,
          lines: open.lines.map((l) => ({
            lineId: l.lineId,
            code: l.code,
            orderNumber: l.orderNumber,
            title: l.title,
            variant: [l.color, l.size].filter(Boolean).join(" / "),
            sku: l.sku,
            quantity: l.quantity,
            status: l.floorStatus,
            due: formatDateTime(l.dueAt),
            late: l.late,
          })),
        }
      : null,
    notice:
      done === "batch"
        ? "Batch made: print its sheet and pick list below."
        : done === "cancel"
          ? "Batch cancelled: its lines wait for the next batch."
          : done === "settings"
            ? "Release rules saved."
            : null,
  };
}

const schemas = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("scan"),
    code: z.string().trim().max(64, "That code is too long for a line's code.").default(""),
    to: z.enum(["", "printed", "packed"]).default(""),
  }),
  z.object({
    intent: z.literal("batch"),
    blankId: z.string().max(64).default(""),
    technique: z.string().max(20).default(""),
    color: z.string().max(60).default(""),
    dueBy: z.string().max(10).default(""),
  }),
  z.object({ intent: z.literal("cancel"), batchId: z.string().trim().min(1).max(64) }),
  z.object({
    intent: z.literal("settings"),
    releaseAtCutoff: z.string().optional(),
    releaseAtCount: z
      .string()
      .trim()
      .max(5)
      .default("")
      .refine((v) => v === "" || /^\d+$/.test(v), "Enter a whole number of lines, or leave it empty."),
  }),
]);

type ActionResult =
  (FormFailure & { intent?: string }) | { ok: true; intent: "scan"; message: string; to: string; batchRef: string | null };

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle, { floor: true });
  const warehouse = await warehouseOf(request, ctx, fulfiller.id, params.warehouseName);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const parsed = parseForm(form, schemas);
  if (!parsed.ok) return data<ActionResult>({ ...parsed, intent }, { status: 400 });
  const input = parsed.data;
  const url = new URL(request.url);
  try {
    if (input.intent === "scan") {
      const r = await scanLine(ctx, { fulfillerId: fulfiller.id, code: input.code, ...(input.to ? { to: input.to } : {}) });
      return data<ActionResult>({ ok: true, intent: "scan", message: r.message, to: r.to, batchRef: r.batchRef });
    }
    if (input.intent === "batch") {
      const b = await createBatch(ctx, { fulfillerId: fulfiller.id, warehouseId: warehouse.id, filter: parseBatchFilter(input) });
      url.searchParams.set("batch", b.id);
      url.searchParams.set("done", "batch");
    } else if (input.intent === "cancel") {
      await cancelBatch(ctx, input.batchId);
      url.searchParams.delete("batch");
      url.searchParams.set("done", "cancel");
    } else {
      await saveReleaseSettings(ctx, {
        fulfillerId: fulfiller.id,
        warehouseId: warehouse.id,
        releaseAtCutoff: input.releaseAtCutoff === "on",
        releaseAtCount: input.releaseAtCount === "" ? null : Number(input.releaseAtCount),
      });
      url.searchParams.set("done", "settings");
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const field = error.field && ["code", "technique", "dueBy", "releaseAtCount", "lineIds"].includes(error.field) ? error.field : "_form";
    return data<ActionResult>(
      { ok: false, errors: { [field]: error.message }, values: echoValues(form), intent },
      { status: error.status },
    );
  }
  return redirect(`${url.pathname}?${url.searchParams.toString()}`);
}

export default function Batches({ loaderData, actionData }: Route.ComponentProps) {
  const { fulfiller, warehouse, settings, waiting, awaiting, batches, open, notice } = loaderData;
  const result = actionData as ActionResult | undefined;
  const failed = result && !result.ok ? result : undefined;
  const errorsOf = (intent: string) => (failed && failed.intent === intent ? failed.errors : {});
  const valuesOf = (intent: string) => (failed && failed.intent === intent ? (failed.values ?? {}) : {});
  const scanned = result && result.ok ? result : undefined;
  const busy = useNavigation().state !== "idle";
  const base = `/fulfillment/@${fulfiller.handle}/administration/warehouses/${encodeURIComponent(warehouse.name)}/batches`;
  const scanErrors = errorsOf("scan");
  const batchErrors = errorsOf("batch");
  const batchValues = valuesOf("batch");
  const settingsErrors = errorsOf("settings");
  return (
    <Container maxWidth="lg" disableGutters sx={{ py: { xs: 1, md: 2 } }}>
      <Typography component="p" variant="body2" color="text.secondary">
        {fulfiller.name} · {warehouse.name}
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" }, mb: 1 }}>
        Batches of {warehouse.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "75ch" }}>
        A batch is one production run of this warehouse. Print its sheet and pick list, then scan each line&apos;s barcode as it comes off
        the press (printed) and again at the packing table (packed). Local time {warehouse.localNow} ({warehouse.timeZone}); daily cut-off{" "}
        {warehouse.cutoffTime}.
      </Typography>
      {notice ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status" data-testid="batches-notice">
          {notice}
        </Alert>
      ) : null}
      {errorsOf("cancel")._form || batchErrors._form || settingsErrors._form ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {errorsOf("cancel")._form ?? batchErrors._form ?? settingsErrors._form}
        </Alert>
      ) : null}

      <Card variant="outlined" component="section" aria-labelledby="scan-h" sx={{ mb: 2 }}>
        <CardContent>
          <Typography id="scan-h" variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
            Scan station
          </Typography>
          <Form method="post" noValidate aria-label="Scan a line">
            <input type="hidden" name="intent" value="scan" />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
              <OutlinedField
                name="code"
                label="Line code"
                size="small"
                autoFocus
                defaultValue=""
                error={Boolean(scanErrors.code)}
                helperText={scanErrors.code ?? "Scan the barcode on the print sheet, or type the code"}
                maxLength={64}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                sx={{ minWidth: 260 }}
              />
              <OutlinedSelect
                name="to"
                label="Station"
                size="small"
                defaultValue={valuesOf("scan").to ?? ""}
                sx={{ minWidth: 200 }}
                helperText=" "
              >
                <option value="">Next step (printed, then packed)</option>
                <option value="printed">Press: mark printed</option>
                <option value="packed">Packing: mark packed</option>
              </OutlinedSelect>
              <Button type="submit" variant="contained" disabled={busy}>
                Scan
              </Button>
            </Stack>
          </Form>
          {scanned ? (
            <Alert severity="success" role="status" data-testid="scan-result" sx={{ mt: 1 }}>
              {scanned.message}
              {scanned.batchRef ? ` Batch ${scanned.batchRef}.` : ""}
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
        <Card variant="outlined" component="section" aria-labelledby="make-h" sx={{ flex: 2 }}>
          <CardContent>
            <Typography id="make-h" variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
              Make a batch
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1.5 }} data-testid="waiting-summary">
              {waiting.lines === 0
                ? "No accepted line is waiting for a batch."
                : `${waiting.lines} accepted ${waiting.lines === 1 ? "line" : "lines"} (${waiting.units} ${waiting.units === 1 ? "unit" : "units"}) waiting${waiting.late ? `, ${waiting.late} late` : ""}.`}
              {awaiting ? (
                <>
                  {" "}
                  {awaiting} more {awaiting === 1 ? "line waits" : "lines wait"} for you to{" "}
                  <Link component={RouterLink} to={`/fulfillment/@${fulfiller.handle}/administration/orders`}>
                    accept
                  </Link>
                  .
                </>
              ) : null}
            </Typography>
            <Form method="post" noValidate aria-label="Make a batch">
              <input type="hidden" name="intent" value="batch" />
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.5 }}>
                <OutlinedSelect name="blankId" label="Blank" size="small" defaultValue={batchValues.blankId ?? ""}>
                  <option value="">Any blank</option>
                  {waiting.blanks.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </OutlinedSelect>
                <OutlinedSelect
                  name="technique"
                  label="Technique"
                  size="small"
                  defaultValue={batchValues.technique ?? ""}
                  error={Boolean(batchErrors.technique)}
                  helperText={batchErrors.technique}
                >
                  <option value="">Any technique</option>
                  {TECHNIQUES.map((t) => (
                    <option key={t} value={t}>
                      {TECHNIQUE_LABELS[t]}
                    </option>
                  ))}
                </OutlinedSelect>
                <OutlinedSelect name="color" label="Colour" size="small" defaultValue={batchValues.color ?? ""}>
                  <option value="">Any colour</option>
                  {waiting.colors.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </OutlinedSelect>
                <OutlinedField
                  name="dueBy"
                  label="Due by"
                  type="date"
                  size="small"
                  defaultValue={batchValues.dueBy ?? ""}
                  error={Boolean(batchErrors.dueBy)}
                  helperText={batchErrors.dueBy ?? "Lines due on or before this day"}
                  shrink
                />
              </Box>
              {batchErrors.filter ? (
                <Typography color="error" role="alert" sx={{ mt: 1 }}>
                  {batchErrors.filter}
                </Typography>
              ) : null}
              <Button type="submit" variant="contained" sx={{ mt: 1.5 }} disabled={busy || waiting.lines === 0}>
                Make batch
              </Button>
            </Form>
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="rules-h" sx={{ flex: 1 }}>
          <CardContent>
            <Typography id="rules-h" variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
              Released by themselves
            </Typography>
            <Form method="post" noValidate aria-label="Release rules">
              <input type="hidden" name="intent" value="settings" />
              <ChoiceControl
                type="checkbox"
                name="releaseAtCutoff"
                defaultChecked={settings.releaseAtCutoff}
                size="medium"
                label={`At the daily cut-off (${warehouse.cutoffTime})`}
              />
              <OutlinedField
                name="releaseAtCount"
                label="As soon as this many lines wait"
                size="small"
                fullWidth
                defaultValue={valuesOf("settings").releaseAtCount ?? settings.releaseAtCount ?? ""}
                error={Boolean(settingsErrors.releaseAtCount)}
                helperText={settingsErrors.releaseAtCount ?? "Leave empty to release only at the cut-off"}
                inputMode="numeric"
                sx={{ mt: 1 }}
              />
              <Button type="submit" variant="outlined" sx={{ mt: 1 }} disabled={busy}>
                Save rules
              </Button>
            </Form>
          </CardContent>
        </Card>
      </Stack>

      <Typography variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
        Batches
      </Typography>
      {batches.length === 0 ? (
        <Typography color="text.secondary" data-testid="batches-empty">
          No batch yet in {warehouse.name}.
        </Typography>
      ) : (
        <TableContainer component={Card} variant="outlined">
          <Table size="small" aria-label={`Batches of ${warehouse.name}`}>
            <TableHead>
              <TableRow>
                <TableCell>Batch</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Made</TableCell>
                <TableCell align="right">Lines</TableCell>
                <TableCell align="right">Printed</TableCell>
                <TableCell align="right">Packed</TableCell>
                <TableCell>Documents</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {batches.map((b) => (
                <TableRow key={b.id} data-testid="batch-row" data-batch-ref={b.ref} data-batch-status={b.status}>
                  <TableCell>
                    <Link component={RouterLink} to={`${base}?batch=${b.id}`}>
                      {b.ref}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={STATUS_LABELS[b.status]} data-testid="batch-status" />
                  </TableCell>
                  <TableCell>
                    {b.created}
                    <Typography variant="body2" color="text.secondary">
                      {RELEASED_LABELS[b.releasedBy]}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">
                    {b.lineCount} ({b.unitCount} units)
                  </TableCell>
                  <TableCell align="right">{b.printed}</TableCell>
                  <TableCell align="right">{b.packed}</TableCell>
                  <TableCell>
                    {b.status !== "cancelled" ? (
                      <Stack direction="row" spacing={1}>
                        <Link href={`${base}/${b.id}/pick-list.pdf`} data-testid="pick-list-link">
                          Pick list
                        </Link>
                        <Link href={`${base}/${b.id}/print-sheet.pdf`} data-testid="print-sheet-link">
                          Print sheet
                        </Link>
                      </Stack>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {b.status === "open" || b.status === "printing" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="cancel" />
                        <input type="hidden" name="batchId" value={b.id} />
                        <Button type="submit" size="small" color="error" disabled={busy} aria-label={`Cancel batch ${b.ref}`}>
                          Cancel
                        </Button>
                      </Form>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {open ? (
        <Box component="section" aria-labelledby="open-h" sx={{ mt: 3 }} data-testid="batch-lines">
          <Typography id="open-h" variant="h2" sx={{ fontSize: "1.25rem", mb: 1 }}>
            Lines of batch {open.ref}
          </Typography>
          <TableContainer component={Card} variant="outlined">
            <Table size="small" aria-label={`Lines of batch ${open.ref}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Code</TableCell>
                  <TableCell>Order</TableCell>
                  <TableCell>Item</TableCell>
                  <TableCell align="right">Qty</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Due</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {open.lines.map((l) => (
                  <TableRow key={l.lineId} data-testid="batch-line" data-code={l.code ?? ""} data-floor-status={l.status}>
                    <TableCell sx={{ fontFamily: "monospace" }}>{l.code}</TableCell>
                    <TableCell>{l.orderNumber}</TableCell>
                    <TableCell>
                      {l.title}
                      <Typography variant="body2" color="text.secondary">
                        {l.variant} · {l.sku}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{l.quantity}</TableCell>
                    <TableCell>{l.status}</TableCell>
                    <TableCell>
                      {l.late ? (
                        <Typography component="span" color="error">
                          Late ·{" "}
                        </Typography>
                      ) : null}
                      {l.due}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ) : null}
    </Container>
  );
}
