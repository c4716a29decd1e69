import AddIcon from "@mui/icons-material/Add";
import SearchIcon from "@mui/icons-material/Search";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "#app/components/ui/Chip.tsx";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/products";
import { errorsOf, FormError } from "#app/components/forms.tsx";
import { StoreAdminShell } from "#app/components/seller/StoreAdminNav.tsx";
import { failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { bulkSetPublished, listStoreProducts } from "#server/modules/catalog/index.ts";
import { PRODUCT_STATUS_LABELS } from "#server/modules/catalog/product-form.ts";
import { CATEGORY_LABELS, mockupUrl, PRODUCT_STATUSES, type ProductStatus } from "#server/modules/catalog/types.ts";
import { formatAmount } from "#server/contracts/money.ts";
import { getSettings } from "#server/modules/platform/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Products of ${data.store.name} · Platen` : "Products · Platen" }];

const STATUS_COLOR: Record<ProductStatus, "default" | "success" | "warning" | "error" | "info"> = {
  draft: "default",
  in_review: "warning",
  published: "success",
  unpublished: "info",
  taken_down: "error",
};

const isStatus = (v: string | null): v is ProductStatus => !!v && (PRODUCT_STATUSES as readonly string[]).includes(v);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store } = await requireStoreAccess(request, params.handle, "products");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const statusParam = url.searchParams.get("status");
  const status = isStatus(statusParam) ? statusParam : undefined;
  const [rows, settings] = await Promise.all([listStoreProducts(ctx, store.id, { q: q || undefined, status }), getSettings(ctx)]);
  return {
    store: {
      handle: store.handle,
      name: store.name,
      status: store.status,
      suspendedReason: store.suspendedReason,
      avatarKey: store.avatarKey,
      accentColor: store.accentColor,
    },
    filter: { q, status: status ?? "" },
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      price: formatAmount(r.priceMinor, settings.currency),
      category: CATEGORY_LABELS[r.category as keyof typeof CATEGORY_LABELS] ?? r.category,
      image: r.imageHash ? mockupUrl(r.imageHash, 320) : null,
      note: r.takedownReason
        ? `Taken down: ${r.takedownReason}`
        : r.heldReason || (r.hasPreflightError ? "Preflight found a problem: open it to fix." : ""),
    })),
  };
}

const bulkSchema = z.object({
  intent: z.enum(["publish", "unpublish"]),
  // checked rows: one value or several; anything that is not a product id is ignored
  ids: z
    .union([z.string(), z.array(z.string())])
    .default([])
    .transform((v) => (Array.isArray(v) ? v : [v]).filter((id) => /^prd_[0-9a-z]{26}$/.test(id))),
});

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, store } = await requireStoreAccess(request, params.handle, "products");
  const parsed = parseForm(await readForm(request), bulkSchema);
  if (!parsed.ok) return failure({ _form: "Choose Publish or Unpublish." }, 400);
  const { intent, ids } = parsed.data;
  if (!ids.length) return failure({ _form: "Select at least one product first." }, 400);
  try {
    const out = await bulkSetPublished(ctx, store.id, ids, intent);
    const verb = intent === "publish" ? "published" : "unpublished";
    const summary = [`${out.done.length} ${verb}`, out.refused.length ? `${out.refused.length} refused` : ""].filter(Boolean).join(", ");
    return { ok: true as const, summary, refused: out.refused.map((r) => `${r.title}: ${r.reason}`) };
  } catch (e) {
    return failureFromError(e);
  }
}

export default function StoreProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { store, filter, rows } = loaderData;
  const errors = errorsOf(actionData);
  const nav = useNavigation();
  const [selected, setSelected] = useState<string[]>([]);
  const base = `/shop/partners/@${store.handle}/administration/products`;
  const allSelected = rows.length > 0 && selected.length === rows.length;
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const result = actionData && "summary" in actionData ? actionData : null;
  return (
    <StoreAdminShell store={store} active="products">
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" } }}>
          Products
        </Typography>
        <Button component={Link} to={`${base}/create`} variant="contained" startIcon={<AddIcon />}>
          Design a product
        </Button>
      </Stack>

      <Form method="get" role="search" aria-label="Filter products">
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mb: 2 }}>
          <TextField name="q" label="Search by title or tag" defaultValue={filter.q} size="small" sx={{ flexGrow: 1 }} />
          <TextField
            select
            name="status"
            label="State"
            defaultValue={filter.status}
            size="small"
            sx={{ minWidth: 180 }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">All states</option>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PRODUCT_STATUS_LABELS[s]}
              </option>
            ))}
          </TextField>
          <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
            Search
          </Button>
        </Stack>
      </Form>

      {result && (
        <Alert severity={result.refused.length ? "warning" : "success"} sx={{ mb: 2 }} role="status" data-testid="bulk-result">
          <strong>{result.summary}.</strong>
          {result.refused.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {result.refused.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <FormError errors={errors} />

      <Form method="post" id="bulk">
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
            {selected.length ? `${selected.length} selected` : "Select products to publish or unpublish them together."}
          </Typography>
          <Button type="submit" name="intent" value="publish" variant="contained" size="small" disabled={nav.state !== "idle"}>
            Publish selected
          </Button>
          <Button type="submit" name="intent" value="unpublish" variant="outlined" size="small" disabled={nav.state !== "idle"}>
            Unpublish selected
          </Button>
        </Stack>
        {rows.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
            <Typography sx={{ mb: 2 }}>
              {filter.q || filter.status ? "No product matches this search." : "You have no products yet."}
            </Typography>
            <Button component={Link} to={`${base}/create`} variant="contained">
              Design your first product
            </Button>
          </Paper>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Products">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={selected.length > 0 && !allSelected}
                      onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.id))}
                      slotProps={{ input: { "aria-label": "Select all products" } }}
                    />
                  </TableCell>
                  <TableCell>Product</TableCell>
                  <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>Category</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell>State</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} hover selected={selected.includes(r.id)} data-testid="product-row">
                    <TableCell padding="checkbox">
                      <Checkbox
                        name="ids"
                        value={r.id}
                        checked={selected.includes(r.id)}
                        onChange={() => toggle(r.id)}
                        slotProps={{ input: { "aria-label": `Select ${r.title}` } }}
                      />
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                        {r.image ? (
                          <Box
                            component="img"
                            src={r.image}
                            alt=""
                            width={48}
                            height={48}
                            loading="lazy"
                            sx={{ width: 48, height: 48, borderRadius: 1, objectFit: "cover", bgcolor: "action.hover", flexShrink: 0 }}
                          />
                        ) : (
                          <Box sx={{ width: 48, height: 48, borderRadius: 1, bgcolor: "action.hover", flexShrink: 0 }} />
                        )}
                        <Box sx={{ minWidth: 0 }}>
                          <MuiLink component={Link} to={`${base}/${r.id}`} sx={{ fontWeight: 600 }}>
                            {r.title}
                          </MuiLink>
                          {r.note && (
                            <Typography variant="body2" color="text.secondary">
                              {r.note}
                            </Typography>
                          )}
                        </Box>
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{r.category}</TableCell>
                    <TableCell align="right">{r.price}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={PRODUCT_STATUS_LABELS[r.status]}
                        color={STATUS_COLOR[r.status]}
                        variant={r.status === "draft" ? "outlined" : "filled"}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Form>
    </StoreAdminShell>
  );
}
