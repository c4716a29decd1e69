import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import Grid from "@mui/material/Grid";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import TableSortLabel from "@mui/material/TableSortLabel";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { data, Form, redirect } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/list";
import { OrderStatusChip } from "#app/components/admin/orders/OrderStatusChip.tsx";
import { notFoundMessage } from "#app/components/ErrorView.tsx";
import {
  ADMIN_ORDERS_OVERVIEW_PATH,
  filterProblem,
  orderExportHref,
  orderListHref,
  ordersPathFor,
  parseOrderFilter,
  sortHref,
} from "#app/lib/admin-orders.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { formatAmount } from "#server/contracts/money.ts";
import { mockupUrl } from "#server/contracts/imaging.ts";
import { listOrdersAdmin } from "#server/modules/orders/index.ts";
import { isOrderStatus, ORDER_STATUS_LABELS, ORDER_STATUSES, type AdminOrderSort, type OrderStatus } from "#server/modules/orders/types.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.status ? `${ORDER_STATUS_LABELS[d.status]} orders · Admin · Platen` : "All orders · Admin · Platen" },
];

/** /admin/orders/status (every order) and /admin/orders/status/:status (one status; unknown → 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  let status: OrderStatus | undefined;
  if (params.status !== undefined) {
    if (!isOrderStatus(params.status)) throw data(notFoundMessage(new URL(request.url).pathname), { status: 404 });
    status = params.status;
  }
  const filter = parseOrderFilter(new URL(request.url).searchParams, status);
  // The filter form's status select on the all-orders page: one status lives at its own address.
  if (!status && filter.status) throw redirect(orderListHref(filter));
  const problem = filterProblem(filter);
  const { rows, total } = problem ? { rows: [], total: 0 } : await listOrdersAdmin(ctx, filter);
  return {
    status: status ?? null,
    filter,
    problem,
    total,
    pageCount: Math.max(1, Math.ceil(total / filter.pageSize)),
    rows: rows.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status,
      email: r.email,
      customerName: r.customerName,
      place: [r.city, r.country].filter(Boolean).join(", "),
      total: formatAmount(r.totalMinor, r.currency),
      refunded: r.refundedMinor > 0 ? formatAmount(r.refundedMinor, r.currency) : null,
      itemCount: r.itemCount,
      stores: r.storeNames.join(", "),
      fulfillers: r.fulfillerNames.join(", "),
      image: r.image ? mockupUrl(r.image.hash, 320) : null,
      placed: formatDateTime(r.createdAt),
    })),
  };
}

const COLUMNS: { label: string; sort?: AdminOrderSort; align?: "right"; hideXs?: boolean }[] = [
  { label: "Order", sort: "number" },
  { label: "Placed", sort: "created" },
  { label: "Customer" },
  { label: "Stores", hideXs: true },
  { label: "Fulfillers", hideXs: true },
  { label: "Status", sort: "status" },
  { label: "Total", sort: "total", align: "right" },
];

export default function AdminOrderList({ loaderData }: Route.ComponentProps) {
  const { status, filter, problem, total, pageCount, rows } = loaderData;
  const title = status ? `${ORDER_STATUS_LABELS[status]} orders` : "All orders";
  const from = total === 0 ? 0 : (filter.page - 1) * filter.pageSize + 1;
  const to = Math.min(total, filter.page * filter.pageSize);
  return (
    <Box sx={{ maxWidth: 1400, mx: "auto" }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 1 }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" } }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={Link} to={ADMIN_ORDERS_OVERVIEW_PATH} variant="text">
            Overview
          </Button>
          <Button component="a" href={orderExportHref(filter)} variant="outlined" download data-testid="export-csv">
            Export CSV
          </Button>
        </Stack>
      </Stack>

      <Box component="nav" aria-label="Order statuses" sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 2 }}>
        <Chip
          component={Link}
          to={orderListHref(filter, { status: undefined, page: 1 })}
          label="All"
          clickable
          color={status ? "default" : "primary"}
          variant={status ? "outlined" : "filled"}
          aria-current={status ? undefined : "page"}
        />
        {ORDER_STATUSES.map((s) => (
          <Chip
            key={s}
            component={Link}
            to={orderListHref(filter, { status: s, page: 1 })}
            label={ORDER_STATUS_LABELS[s]}
            clickable
            color={status === s ? "primary" : "default"}
            variant={status === s ? "filled" : "outlined"}
            aria-current={status === s ? "page" : undefined}
          />
        ))}
      </Box>

      <Form method="get" action={ordersPathFor(status)} role="search" aria-label="Filter orders">
        <input type="hidden" name="sort" value={filter.sort} />
        <input type="hidden" name="dir" value={filter.dir} />
        <Grid container spacing={1.5} sx={{ mb: 2, alignItems: "center" }}>
          {/* Two rows from tablets up: in one row at 1280 px the dates and the buttons overflowed their cells. */}
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField name="q" label="Order number, id or e-mail" defaultValue={filter.q ?? ""} size="small" fullWidth />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField name="store" label="Store handle" placeholder="@inkwell" defaultValue={filter.store ?? ""} size="small" fullWidth />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              name="fulfiller"
              label="Fulfiller handle"
              placeholder="@print-works"
              defaultValue={filter.fulfiller ?? ""}
              size="small"
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              name="from"
              type="date"
              label="Placed from"
              defaultValue={filter.from ?? ""}
              size="small"
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <TextField
              name="to"
              type="date"
              label="Placed to"
              defaultValue={filter.to ?? ""}
              size="small"
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          {status ? null : (
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField
                select
                name="status"
                label="Status"
                defaultValue={filter.status ?? ""}
                size="small"
                fullWidth
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">All</option>
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {ORDER_STATUS_LABELS[s]}
                  </option>
                ))}
              </TextField>
            </Grid>
          )}
          <Grid size={{ xs: 6, md: status ? 6 : 3 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Button type="submit" variant="contained">
                Filter
              </Button>
              <MuiLink component={Link} to={ordersPathFor(status)} sx={{ whiteSpace: "nowrap" }}>
                Clear
              </MuiLink>
            </Stack>
          </Grid>
        </Grid>
      </Form>

      {problem ? (
        <Alert severity="warning" role="status" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      ) : null}

      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status" data-testid="orders-count">
        {total === 0
          ? "No orders match these filters."
          : `Showing ${from.toLocaleString("en-US")}–${to.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} orders`}
      </Typography>

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={title} data-testid="orders-table">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => {
                const active = c.sort && filter.sort === c.sort;
                return (
                  <TableCell
                    key={c.label}
                    align={c.align}
                    sortDirection={active ? filter.dir : false}
                    sx={c.hideXs ? { display: { xs: "none", md: "table-cell" } } : undefined}
                  >
                    {c.sort ? (
                      <TableSortLabel
                        component={Link}
                        to={sortHref(filter, c.sort)}
                        active={Boolean(active)}
                        direction={active ? filter.dir : "asc"}
                        aria-label={`Sort by ${c.label.toLowerCase()}${active ? (filter.dir === "asc" ? ", now ascending" : ", now descending") : ""}`}
                      >
                        {c.label}
                      </TableSortLabel>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} hover data-testid="order-row">
                <TableCell>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                    {r.image ? (
                      <Box
                        component="img"
                        src={r.image}
                        alt=""
                        width={40}
                        height={40}
                        loading="lazy"
                        sx={{ borderRadius: 1, bgcolor: "action.hover", flexShrink: 0, objectFit: "cover" }}
                      />
                    ) : (
                      <Box sx={{ width: 40, height: 40, bgcolor: "action.hover", borderRadius: 1, flexShrink: 0 }} />
                    )}
                    <Box>
                      <MuiLink component={Link} to={`/admin/orders/${r.id}`} sx={{ fontWeight: 600 }}>
                        {r.number}
                      </MuiLink>
                      <Typography variant="body2" color="text.secondary">
                        {r.itemCount} item{r.itemCount === 1 ? "" : "s"}
                      </Typography>
                    </Box>
                  </Stack>
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{r.placed}</TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {r.customerName || "—"}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                    {r.email}
                  </Typography>
                  {r.place ? (
                    <Typography variant="body2" color="text.secondary">
                      {r.place}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{r.stores}</TableCell>
                <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{r.fulfillers}</TableCell>
                <TableCell>
                  <OrderStatusChip status={r.status} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {r.total}
                  {r.refunded ? (
                    <Typography variant="body2" color="text.secondary">
                      {r.refunded} refunded
                    </Typography>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>No orders match these filters.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>

      {pageCount > 1 && (
        <Stack
          direction="row"
          spacing={2}
          sx={{ mt: 2, justifyContent: "center", alignItems: "center" }}
          component="nav"
          aria-label="Pages"
        >
          {filter.page > 1 ? (
            <MuiLink component={Link} to={orderListHref(filter, { page: filter.page - 1 })} rel="prev">
              Previous
            </MuiLink>
          ) : null}
          <Typography variant="body2">
            Page {filter.page} of {pageCount}
          </Typography>
          {filter.page < pageCount ? (
            <MuiLink component={Link} to={orderListHref(filter, { page: filter.page + 1 })} rel="next">
              Next
            </MuiLink>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}
