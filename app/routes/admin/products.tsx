import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Checkbox from "@mui/material/Checkbox";
import Chip from "#app/components/ui/Chip.tsx";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Tab from "@mui/material/Tab";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/products";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { echoValues, failure, failureFromError, formText, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { requireAdmin } from "#app/lib/session.server.ts";
import {
  adminListProducts,
  countOpenFlags,
  listArtworkFlags,
  resolveArtworkFlag,
  restoreProduct,
  setProductFeatured,
  takeDownProduct,
} from "#server/modules/catalog/index.ts";
import { PRODUCT_STATUS_LABELS } from "#server/modules/catalog/product-form.ts";
import {
  CATEGORIES,
  CATEGORY_LABELS,
  mockupUrl,
  PRODUCT_STATUSES,
  type Category,
  type ProductStatus,
} from "#server/modules/catalog/types.ts";
import { formatAmount } from "#server/contracts/money.ts";
import { getSettings } from "#server/modules/platform/index.ts";
import { formatDate } from "#app/lib/dates.ts";

export const meta: Route.MetaFunction = () => [{ title: "Products · Platen" }];

const isStatus = (v: string | null): v is ProductStatus => !!v && (PRODUCT_STATUSES as readonly string[]).includes(v);
const isCategory = (v: string | null): v is Category => !!v && (CATEGORIES as readonly string[]).includes(v);
const PRODUCT_ID = /^prd_[0-9a-z]{26}$/;
const FLAG_ID = /^flg_[0-9a-z]{26}$/;

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const url = new URL(request.url);
  const sp = url.searchParams;
  const tab = sp.get("tab") === "flags" ? "flags" : "all";
  const q = (sp.get("q") ?? "").trim().slice(0, 100);
  const status = sp.get("status");
  const category = sp.get("category");
  const store = (sp.get("store") ?? "").trim().slice(0, 40);
  const flagged = sp.get("flagged") === "1";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(sp.get("page") ?? "1", 10) || 1));
  const [settings, openFlags] = await Promise.all([getSettings(ctx), countOpenFlags(ctx)]);
  const list =
    tab === "all"
      ? await adminListProducts(ctx, {
          q: q || undefined,
          status: isStatus(status) ? status : undefined,
          category: isCategory(category) ? category : undefined,
          storeHandle: store || undefined,
          flagged,
          page,
        })
      : null;
  const flags = tab === "flags" ? await listArtworkFlags(ctx, "open") : [];
  const takedown = sp.get("takedown");
  return {
    tab,
    openFlags,
    filter: { q, status: isStatus(status) ? status : "", category: isCategory(category) ? category : "", store, flagged, page },
    takedown: takedown && PRODUCT_ID.test(takedown) ? (list?.rows.find((r) => r.id === takedown) ?? null) : null,
    list: list
      ? {
          total: list.total,
          page: list.page,
          pageCount: list.pageCount,
          rows: list.rows.map((r) => ({
            id: r.id,
            title: r.title,
            status: r.status,
            category: CATEGORY_LABELS[r.category] ?? r.category,
            price: formatAmount(r.priceMinor, settings.currency),
            storeHandle: r.storeHandle,
            storeName: r.storeName,
            featured: r.featured,
            flags: r.openFlags,
            image: r.imageHash ? mockupUrl(r.imageHash, 320) : null,
            takedownReason: r.takedownReason,
            updated: formatDate(r.updatedAt),
          })),
        }
      : null,
    flags: flags.map((f) => ({
      id: f.id,
      distance: f.distance,
      created: formatDate(f.createdAt),
      product: f.product,
      artwork: f.artworkPreviewKey ? `/media/${f.artworkPreviewKey}` : null,
      matched: { ...f.matched, artwork: f.matched.artworkPreviewKey ? `/media/${f.matched.artworkPreviewKey}` : null },
    })),
    notice: sp.get("notice"),
  };
}

const UNKNOWN_ACTION = "Unknown action. Reload the page and try again.";
const productActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.enum(["clear", "confirm"]),
      id: z.string().regex(FLAG_ID, "Unknown flag. Reload the page and try again."),
      note: formText(),
    }),
    z.object({
      intent: z.literal("takedown"),
      id: z.string().regex(PRODUCT_ID, "Unknown product. Reload the page and try again."),
      reason: formText(),
    }),
    z.object({
      intent: z.enum(["restore", "feature", "unfeature"]),
      id: z.string().regex(PRODUCT_ID, "Unknown product. Reload the page and try again."),
    }),
  ],
  { error: UNKNOWN_ACTION },
);

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const form = await readForm(request);
  const parsed = parseForm(form, productActionSchema);
  // A bad id is not a field the admin can fix: the message goes on top of the form, as before.
  if (!parsed.ok) return failure({ _form: parsed.errors._form ?? parsed.errors.id ?? UNKNOWN_ACTION }, 400);
  const input = parsed.data;
  const back = new URL(request.url);
  back.searchParams.delete("takedown");
  back.searchParams.delete("notice");
  try {
    if (input.intent === "clear" || input.intent === "confirm") {
      await resolveArtworkFlag(ctx, input.id, input.intent, input.note);
      back.searchParams.set("notice", input.intent === "clear" ? "cleared" : "confirmed");
      return redirect(`${back.pathname}${back.search}`);
    }
    if (input.intent === "takedown") {
      await takeDownProduct(ctx, input.id, input.reason);
      back.searchParams.set("notice", "taken-down");
    } else if (input.intent === "restore") {
      await restoreProduct(ctx, input.id);
      back.searchParams.set("notice", "restored");
    } else {
      await setProductFeatured(ctx, input.id, input.intent === "feature");
      back.searchParams.set("notice", input.intent === "feature" ? "featured" : "unfeatured");
    }
  } catch (e) {
    return failureFromError(e, { ...echoValues(form), id: input.id });
  }
  return redirect(`${back.pathname}${back.search}`);
}

const NOTICES: Record<string, string> = {
  "taken-down": "The product was taken down and removed from the shop and search. The partner was told by e-mail.",
  restored: "The product was restored as unpublished; the partner was told and can publish it again.",
  featured: "The product is featured on the home page.",
  unfeatured: "The product is no longer featured.",
  cleared: "The flag was cleared and the product is live.",
  confirmed: "The flag was confirmed: the product was taken down and the partner told.",
};

const STATUS_COLOR: Record<ProductStatus, "default" | "success" | "warning" | "error" | "info"> = {
  draft: "default",
  in_review: "warning",
  published: "success",
  unpublished: "info",
  taken_down: "error",
};

type Filter = Route.ComponentProps["loaderData"]["filter"];
function href(filter: Filter, patch: Partial<Filter> & { takedown?: string; tab?: string }) {
  const f = { ...filter, ...patch };
  const p = new URLSearchParams();
  if (patch.tab === "flags") p.set("tab", "flags");
  if (f.q) p.set("q", f.q);
  if (f.status) p.set("status", f.status);
  if (f.category) p.set("category", f.category);
  if (f.store) p.set("store", f.store);
  if (f.flagged) p.set("flagged", "1");
  if (f.page > 1) p.set("page", String(f.page));
  if (patch.takedown) p.set("takedown", patch.takedown);
  const s = p.toString();
  return `/admin/products${s ? `?${s}` : ""}`;
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, openFlags, filter, list, flags, takedown, notice } = loaderData;
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const nav = useNavigation();
  const busy = nav.state !== "idle";
  const takedownRow = takedown ?? (values.id && errors.reason ? (list?.rows.find((r) => r.id === values.id) ?? null) : null);
  return (
    <Box sx={{ maxWidth: 1280, mx: "auto" }}>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 1 }}>
        Products
      </Typography>
      <Tabs value={tab} aria-label="Product views" sx={{ mb: 2 }}>
        <Tab value="all" label="All products" component={Link} to="/admin/products" />
        <Tab value="flags" label={`Flagged artwork (${openFlags})`} component={Link} to="/admin/products?tab=flags" />
      </Tabs>
      {notice && NOTICES[notice] && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {NOTICES[notice]}
        </Alert>
      )}
      <FormError errors={errors} />

      {tab === "all" && list && (
        <>
          <Form method="get" role="search" aria-label="Filter products">
            <Grid container spacing={1.5} sx={{ mb: 2, alignItems: "center" }}>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField name="q" label="Search title, store or id" defaultValue={filter.q} size="small" fullWidth />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <TextField
                  select
                  name="status"
                  label="State"
                  defaultValue={filter.status}
                  size="small"
                  fullWidth
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">All</option>
                  {PRODUCT_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {PRODUCT_STATUS_LABELS[s]}
                    </option>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <TextField
                  select
                  name="category"
                  label="Category"
                  defaultValue={filter.category}
                  size="small"
                  fullWidth
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">All</option>
                  {CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {CATEGORY_LABELS[c]}
                    </option>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <TextField name="store" label="Store handle" placeholder="@inkwell" defaultValue={filter.store} size="small" fullWidth />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <FormControlLabel
                    control={<Checkbox name="flagged" value="1" defaultChecked={filter.flagged} size="small" />}
                    label="Flagged"
                  />
                  <Button type="submit" variant="outlined">
                    Filter
                  </Button>
                </Stack>
              </Grid>
            </Grid>
          </Form>

          {takedownRow && (
            <Paper
              variant="outlined"
              sx={{ p: 2, mb: 2, borderColor: "error.main" }}
              component="section"
              aria-labelledby="takedown-heading"
            >
              <Typography id="takedown-heading" variant="h2" sx={{ fontSize: "1.15rem", mb: 1 }}>
                Take down “{takedownRow.title}” (@{takedownRow.storeHandle})
              </Typography>
              <Form method="post" noValidate>
                <input type="hidden" name="id" value={takedownRow.id} />
                <TextField
                  name="reason"
                  label="Reason (sent to the partner)"
                  multiline
                  minRows={2}
                  fullWidth
                  required
                  defaultValue={values.reason ?? ""}
                  error={!!errors.reason}
                  helperText={errors.reason ?? "Be specific: which rule, and what the partner can do about it."}
                  sx={{ mb: 1.5 }}
                />
                <Stack direction="row" spacing={1}>
                  <Button type="submit" name="intent" value="takedown" color="error" variant="contained" disabled={busy}>
                    Take down
                  </Button>
                  <Button component={Link} to={href(filter, {})} variant="text">
                    Cancel
                  </Button>
                </Stack>
              </Form>
            </Paper>
          )}

          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {list.total.toLocaleString("en-US")} products
          </Typography>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="All products">
              <TableHead>
                <TableRow>
                  <TableCell>Product</TableCell>
                  <TableCell>Store</TableCell>
                  <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>Category</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell>State</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.rows.map((r) => (
                  <TableRow key={r.id} data-testid="admin-product-row">
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                        {r.image ? (
                          <Box
                            component="img"
                            src={r.image}
                            alt=""
                            width={44}
                            height={44}
                            loading="lazy"
                            sx={{ borderRadius: 1, bgcolor: "action.hover", flexShrink: 0 }}
                          />
                        ) : (
                          <Box sx={{ width: 44, height: 44, bgcolor: "action.hover", borderRadius: 1, flexShrink: 0 }} />
                        )}
                        <Box sx={{ minWidth: 0 }}>
                          {r.status === "published" ? (
                            <MuiLink component={Link} to={`/shop/product/${r.id}`} sx={{ fontWeight: 600 }}>
                              {r.title}
                            </MuiLink>
                          ) : (
                            <Typography sx={{ fontWeight: 600 }}>{r.title}</Typography>
                          )}
                          {r.takedownReason && (
                            <Typography variant="body2" color="text.secondary">
                              Taken down: {r.takedownReason}
                            </Typography>
                          )}
                          {r.flags > 0 && (
                            <Chip size="small" color="warning" label={`${r.flags} open flag${r.flags > 1 ? "s" : ""}`} sx={{ mt: 0.5 }} />
                          )}
                        </Box>
                      </Stack>
                    </TableCell>
                    <TableCell>
                      <MuiLink component={Link} to={`/shop/stores/@${r.storeHandle}`}>
                        @{r.storeHandle}
                      </MuiLink>
                    </TableCell>
                    <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{r.category}</TableCell>
                    <TableCell align="right">{r.price}</TableCell>
                    <TableCell>
                      <Chip size="small" label={PRODUCT_STATUS_LABELS[r.status]} color={STATUS_COLOR[r.status]} />
                      {r.featured && <Chip size="small" label="Featured" color="secondary" sx={{ ml: 0.5 }} />}
                    </TableCell>
                    <TableCell>
                      <Form method="post" style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
                        <input type="hidden" name="id" value={r.id} />
                        {r.status !== "taken_down" && (
                          <Button
                            component={Link}
                            to={href(filter, { takedown: r.id })}
                            size="small"
                            color="error"
                            variant="outlined"
                            aria-label={`Take down ${r.title}`}
                          >
                            Take down
                          </Button>
                        )}
                        {r.status === "taken_down" && (
                          <Button
                            type="submit"
                            name="intent"
                            value="restore"
                            size="small"
                            variant="outlined"
                            disabled={busy}
                            aria-label={`Restore ${r.title}`}
                          >
                            Restore
                          </Button>
                        )}
                        {r.status === "published" && (
                          <Button
                            type="submit"
                            name="intent"
                            value={r.featured ? "unfeature" : "feature"}
                            size="small"
                            variant="text"
                            disabled={busy}
                            aria-label={`${r.featured ? "Stop featuring" : "Feature"} ${r.title}`}
                          >
                            {r.featured ? "Unfeature" : "Feature"}
                          </Button>
                        )}
                      </Form>
                    </TableCell>
                  </TableRow>
                ))}
                {list.rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>No product matches these filters.</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {list.pageCount > 1 && (
            <Stack
              direction="row"
              spacing={2}
              sx={{ mt: 2, justifyContent: "center", alignItems: "center" }}
              component="nav"
              aria-label="Pages"
            >
              {list.page > 1 && (
                <MuiLink component={Link} to={href(filter, { page: list.page - 1 })}>
                  Previous
                </MuiLink>
              )}
              <Typography variant="body2">
                Page {list.page} of {list.pageCount}
              </Typography>
              {list.page < list.pageCount && (
                <MuiLink component={Link} to={href(filter, { page: list.page + 1 })}>
                  Next
                </MuiLink>
              )}
            </Stack>
          )}
        </>
      )}

      {tab === "flags" && (
        <Stack spacing={2}>
          {flags.length === 0 && <Typography>No artwork is waiting for review.</Typography>}
          {flags.map((f) => (
            <Card key={f.id} variant="outlined" data-testid="flag-card">
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: "1.15rem", mb: 1 }}>
                  {f.product ? `“${f.product.title}” by @${f.product.storeHandle}` : "Upload"} looks like “{f.matched.title}” by @
                  {f.matched.storeHandle}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  Flagged {f.created} · perceptual hash distance {f.distance} of 64 bits (0 = identical)
                </Typography>
                <Grid container spacing={2} sx={{ mb: 2 }}>
                  {[
                    { label: `New upload (@${f.product?.storeHandle ?? "?"})`, src: f.artwork },
                    { label: `Already published (@${f.matched.storeHandle})`, src: f.matched.artwork },
                  ].map((a) => (
                    <Grid key={a.label} size={{ xs: 6 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                        {a.label}
                      </Typography>
                      {a.src ? (
                        <Box
                          component="img"
                          src={a.src}
                          alt={a.label}
                          sx={{
                            width: "100%",
                            maxWidth: 360,
                            aspectRatio: "1 / 1",
                            objectFit: "contain",
                            bgcolor: "#e9e9e9",
                            borderRadius: 1,
                          }}
                        />
                      ) : (
                        <Typography>No preview</Typography>
                      )}
                    </Grid>
                  ))}
                </Grid>
                <Form method="post">
                  <input type="hidden" name="id" value={f.id} />
                  <TextField name="note" label="Note to the partner (optional)" size="small" fullWidth sx={{ mb: 1.5 }} />
                  <Stack direction="row" spacing={1}>
                    <Button type="submit" name="intent" value="clear" variant="contained" color="success" disabled={busy}>
                      Clear and publish
                    </Button>
                    <Button type="submit" name="intent" value="confirm" variant="outlined" color="error" disabled={busy}>
                      Confirm and take down
                    </Button>
                  </Stack>
                </Form>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}
