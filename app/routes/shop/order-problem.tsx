// /shop/orders/{id}/problem: the shopper reports a problem with items of one shipment (issue 23 §3):
// which items and how many, what went wrong, a description and up to four photos (checked by
// content, size and pixel count like every upload). The order's account or whoever holds its signed
// link (`?token=`, from the "delivered" e-mail); anyone else gets the 404 page. Works without
// JavaScript: a multipart form posting to the action, every problem next to its field.
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Container from "@mui/material/Container";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/order-problem";
import { echoValues, readForm } from "#app/lib/forms.server.ts";
import { accessFromPath, notFoundResponse, orNotFound } from "#app/lib/order-access.server.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { openCase, reportableLines } from "#server/modules/cases/index.ts";
import {
  CASE_DESCRIPTION_MAX,
  CASE_KIND_HINTS,
  CASE_KIND_LABELS,
  CASE_KINDS,
  CASE_PHOTO_MAX,
  CASE_PHOTO_MAX_BYTES,
} from "#server/modules/cases/types.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `Report a problem with order ${d.orderNumber} · Platen` : "Report a problem · Platen" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

/** The order's page, with its signed link when the page was reached with one. */
const orderLink = (orderId: string, token: string | null) =>
  `/shop/orders/${encodeURIComponent(orderId)}${token ? `?${new URLSearchParams({ token }).toString()}` : ""}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  const access = accessFromPath(request, params.id);
  const r = await orNotFound(request, () => reportableLines(ctx, access));
  const groups = r.order.groups.map((g, i) => ({
    id: g.id,
    label: r.order.groups.length > 1 ? `Shipment ${i + 1} of ${r.order.groups.length}` : "Shipment",
    warehouseName: g.warehouseName,
    lines: r.lines.filter((l) => l.groupId === g.id),
  }));
  return {
    orderId: r.order.id,
    orderNumber: r.order.number,
    token: access.token,
    canReport: r.canReport,
    groups,
    cases: r.cases.map((c) => ({ id: c.id, ref: c.ref, status: c.status })),
    preselect: new URL(request.url).searchParams.get("line"),
  };
}

interface Failure {
  ok: false;
  errors: Record<string, string>;
  values: Record<string, string>;
  checked: string[];
}

const photoMb = Math.round(CASE_PHOTO_MAX_BYTES / (1024 * 1024));

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await getCtx(request);
  const access = accessFromPath(request, params.id);
  const form = await readForm(request);
  const checked = form.getAll("line").filter((v): v is string => typeof v === "string");
  const values = echoValues(form);
  const refuse = (errors: Record<string, string>, status: number) => data<Failure>({ ok: false, errors, values, checked }, { status });
  const files = form.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
  if (files.length > CASE_PHOTO_MAX) return refuse({ photos: `Add at most ${CASE_PHOTO_MAX} photos.` }, 422);
  const big = files.find((f) => f.size > CASE_PHOTO_MAX_BYTES);
  if (big) return refuse({ photos: `${big.name || "A photo"} is larger than ${photoMb} MB: take it again at a lower resolution.` }, 413);
  const lines = checked.map((lineId) => {
    const q = String(form.get(`qty.${lineId}`) ?? "1").trim();
    return { lineId, quantity: /^\d{1,3}$/.test(q) ? Number(q) : NaN };
  });
  let made: { id: string };
  try {
    made = await openCase(ctx, {
      orderId: access.orderId,
      token: access.token,
      lines,
      kind: String(form.get("kind") ?? ""),
      description: String(form.get("description") ?? ""),
      photos: await Promise.all(files.map(async (f) => Buffer.from(await f.arrayBuffer()))),
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (error.status === 404 && error.field !== "lines") throw notFoundResponse(request);
    const field = error.field === "artwork" ? "photos" : (error.field ?? "_form");
    return refuse({ [field]: error.message }, error.status === 404 ? 422 : error.status);
  }
  const q = access.token ? `?${new URLSearchParams({ token: access.token }).toString()}` : "";
  throw redirect(`/shop/orders/${encodeURIComponent(access.orderId)}/cases/${made.id}${q}`);
}

export default function ReportProblem({ loaderData, actionData }: Route.ComponentProps) {
  const { orderId, orderNumber, token, canReport, groups, cases, preselect } = loaderData;
  const failure = actionData as Failure | undefined;
  const errors = failure?.errors ?? {};
  const values = failure?.values ?? {};
  const checked = new Set(failure?.checked ?? (preselect ? [preselect] : []));
  const nav = useNavigation();
  const busy = nav.state === "submitting";
  const anyOpen = groups.some((g) => g.lines.some((l) => !l.blockedBy));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Link component={RouterLink} to={orderLink(orderId, token)}>
        Back to order {orderNumber}
      </Link>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mt: 1, mb: 1 }}>
        Report a problem
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Order {orderNumber}. Choose the items the problem is about (from one shipment), tell us what went wrong and add photos if you can:
        we answer within 48 hours.
      </Typography>
      {cases.length ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Already reported:{" "}
          {cases.map((c, i) => (
            <span key={c.id}>
              {i ? ", " : ""}
              <Link
                component={RouterLink}
                to={`/shop/orders/${orderId}/cases/${c.id}${token ? `?token=${encodeURIComponent(token)}` : ""}`}
              >
                case {c.ref}
              </Link>
            </span>
          ))}
          .
        </Alert>
      ) : null}
      {!canReport ? (
        <Alert severity="info">Only the shopper who placed the order can report a problem with it.</Alert>
      ) : !anyOpen ? (
        <Alert severity="info">Nothing on this order can be reported now: each item says why.</Alert>
      ) : null}
      {errors._form ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errors._form}
        </Alert>
      ) : null}
      <Form method="post" encType="multipart/form-data" noValidate aria-label="Report a problem">
        <FormControl component="fieldset" error={Boolean(errors.lines)} fullWidth sx={{ mb: 3 }}>
          <FormLabel component="legend" sx={{ fontWeight: 700, mb: 1 }}>
            Which items?
          </FormLabel>
          {groups.map((g) => (
            <Paper key={g.id} variant="outlined" sx={{ p: 2, mb: 1.5 }} data-testid="problem-group">
              <Typography variant="subtitle2" component="h2">
                {g.label} · from {g.warehouseName}
              </Typography>
              {g.lines.map((l) => (
                <Stack
                  key={l.lineId}
                  direction={{ xs: "column", sm: "row" }}
                  sx={{ alignItems: { sm: "center" }, justifyContent: "space-between", gap: 1, py: 0.5 }}
                  data-testid="problem-line"
                >
                  <FormControlLabel
                    control={
                      <Checkbox
                        name="line"
                        value={l.lineId}
                        defaultChecked={checked.has(l.lineId)}
                        disabled={Boolean(l.blockedBy) || !canReport}
                      />
                    }
                    label={
                      <span>
                        {l.title}
                        {l.variantLabel ? ` (${l.variantLabel})` : ""}
                        {l.blockedBy ? (
                          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
                            {l.blockedBy}
                          </Typography>
                        ) : null}
                      </span>
                    }
                  />
                  {!l.blockedBy && l.quantity > 1 ? (
                    <TextField
                      name={`qty.${l.lineId}`}
                      label="How many"
                      type="number"
                      size="small"
                      defaultValue={values[`qty.${l.lineId}`] ?? String(l.quantity)}
                      error={Boolean(errors[`qty.${l.lineId}`])}
                      helperText={errors[`qty.${l.lineId}`] ?? `of ${l.quantity}`}
                      slotProps={{ htmlInput: { min: 1, max: l.quantity, inputMode: "numeric" } }}
                      sx={{ width: 120 }}
                    />
                  ) : !l.blockedBy ? (
                    <input type="hidden" name={`qty.${l.lineId}`} value="1" />
                  ) : null}
                </Stack>
              ))}
            </Paper>
          ))}
          {errors.lines ? <FormHelperText data-testid="error-lines">{errors.lines}</FormHelperText> : null}
        </FormControl>

        <FormControl component="fieldset" error={Boolean(errors.kind)} fullWidth sx={{ mb: 3 }}>
          <FormLabel component="legend" sx={{ fontWeight: 700 }}>
            What went wrong?
          </FormLabel>
          <RadioGroup name="kind" defaultValue={values.kind ?? ""}>
            {CASE_KINDS.map((k) => (
              <FormControlLabel
                key={k}
                value={k}
                control={<Radio />}
                label={
                  <span>
                    {CASE_KIND_LABELS[k]}
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
                      {CASE_KIND_HINTS[k]}
                    </Typography>
                  </span>
                }
              />
            ))}
          </RadioGroup>
          {errors.kind ? <FormHelperText data-testid="error-kind">{errors.kind}</FormHelperText> : null}
        </FormControl>

        <TextField
          name="description"
          label="Describe the problem"
          multiline
          minRows={4}
          fullWidth
          defaultValue={values.description ?? ""}
          error={Boolean(errors.description)}
          helperText={errors.description ?? "What you see, and on which item."}
          slotProps={{ htmlInput: { maxLength: CASE_DESCRIPTION_MAX } }}
          sx={{ mb: 3 }}
        />

        <FormControl error={Boolean(errors.photos)} fullWidth sx={{ mb: 3 }}>
          <FormLabel htmlFor="case-photos" sx={{ fontWeight: 700 }}>
            Photos (up to {CASE_PHOTO_MAX}, {photoMb} MB each)
          </FormLabel>
          <Box sx={{ mt: 1 }}>
            <input
              id="case-photos"
              name="photos"
              type="file"
              multiple
              accept="image/png,image/jpeg,image/webp"
              aria-describedby="case-photos-help"
            />
          </Box>
          <FormHelperText id="case-photos-help" data-testid={errors.photos ? "error-photos" : undefined}>
            {errors.photos ?? "A PNG, JPEG or WebP photo of the problem helps us decide quickly."}
          </FormHelperText>
        </FormControl>

        <Button type="submit" variant="contained" size="large" disabled={busy || !canReport || !anyOpen}>
          Send the report
        </Button>
      </Form>
    </Container>
  );
}
