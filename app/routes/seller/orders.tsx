import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/orders";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { OrderStatusChip } from "#app/components/orders/AccountOrders.tsx";
import { BalanceCard, OrderThumb } from "#app/components/orders/BalanceCard.tsx";
import { StoreAdminShell } from "#app/components/seller/StoreAdminNav.tsx";
import { formatDate } from "#app/lib/dates.ts";
import { orRespond } from "#app/lib/party-orders.server.ts";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { listStoreOrders } from "#server/modules/orders/index.ts";
import { GROUP_STATUS_LABELS } from "#server/modules/orders/types.ts";

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Orders of ${data.store.name} · Platen` : "Store orders · Platen" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store } = await requireStoreAccess(request, params.handle, "orders");
  const raw = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 100_000 ? raw : 1;
  const { rows, total, balance } = await orRespond(listStoreOrders(ctx, { storeId: store.id, page, pageSize: PAGE_SIZE }));
  return {
    store: {
      handle: store.handle,
      name: store.name,
      status: store.status,
      suspendedReason: store.suspendedReason,
      avatarKey: store.avatarKey,
      accentColor: store.accentColor,
    },
    page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    balance,
    rows: rows.map((r) => ({
      orderId: r.orderId,
      number: r.number,
      status: r.status,
      date: formatDate(r.createdAt),
      buyer: r.buyerName,
      city: [r.buyerCity, r.buyerCountry].filter(Boolean).join(", "),
      currency: r.currency,
      lines: r.lines.map((l) => ({
        id: l.id,
        title: l.title,
        variantLabel: l.variantLabel,
        quantity: l.quantity,
        refundedQuantity: l.refundedQuantity,
        itemsMinor: l.itemsMinor,
        discountMinor: l.discountMinor,
        earningsMinor: l.earningsMinor,
        groupStatus: GROUP_STATUS_LABELS[l.groupStatus],
        image: l.image ? { hash: l.image.hash } : null,
      })),
    })),
  };
}

export default function StoreOrders({ loaderData }: Route.ComponentProps) {
  const { store, rows, page, pages, total, balance } = loaderData;
  const base = `/shop/partners/@${store.handle}/administration/orders`;
  return (
    <StoreAdminShell store={store} active="orders">
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" }, mb: 1 }}>
        Orders
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "75ch" }}>
        The lines of your products that shoppers bought, and what you earn on each. Platen&apos;s print partners make and ship them; you see
        the buyer&apos;s name and city only.
      </Typography>
      <BalanceCard balance={balance} who="store" />
      {rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="store-orders-empty">
          <Typography sx={{ mb: 1.5 }}>
            {page > 1 ? "There are no orders on this page." : "No orders yet. When a shopper buys one of your products, it shows up here."}
          </Typography>
          <Button component={Link} to={page > 1 ? base : `/shop/partners/@${store.handle}/administration/products`} variant="outlined">
            {page > 1 ? "Back to the first page" : "Your products"}
          </Button>
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label="Order lines of this store">
          <Table size="small" aria-label={`Orders of ${store.name}`} data-testid="store-orders">
            <TableHead>
              <TableRow>
                <TableCell scope="col">Order</TableCell>
                <TableCell scope="col">Buyer</TableCell>
                <TableCell scope="col">Item</TableCell>
                <TableCell scope="col" align="right">
                  Quantity
                </TableCell>
                <TableCell scope="col" align="right">
                  Line total
                </TableCell>
                <TableCell scope="col" align="right">
                  Discount
                </TableCell>
                <TableCell scope="col" align="right">
                  Your earnings
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.flatMap((r) =>
                r.lines.map((l, i) => (
                  <TableRow key={l.id} data-testid="store-order-line" data-order-number={r.number}>
                    {i === 0 ? (
                      <>
                        <TableCell rowSpan={r.lines.length} sx={{ verticalAlign: "top" }}>
                          <Typography sx={{ fontWeight: 600 }}>{r.number}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {r.date}
                          </Typography>
                          <Box sx={{ mt: 0.5 }}>
                            <OrderStatusChip status={r.status} />
                          </Box>
                        </TableCell>
                        <TableCell rowSpan={r.lines.length} sx={{ verticalAlign: "top" }}>
                          <Typography>{r.buyer}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {r.city}
                          </Typography>
                        </TableCell>
                      </>
                    ) : null}
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                        <OrderThumb image={l.image} alt="" size={44} />
                        <Box>
                          <Typography>{l.title}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {l.variantLabel} · {l.groupStatus}
                          </Typography>
                        </Box>
                      </Stack>
                    </TableCell>
                    <TableCell align="right">
                      {l.quantity}
                      {l.refundedQuantity > 0 ? (
                        <Typography variant="body2" color="text.secondary">
                          {l.refundedQuantity} refunded
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell align="right">{formatPrice(l.itemsMinor, r.currency)}</TableCell>
                    <TableCell align="right">{l.discountMinor > 0 ? `−${formatPrice(l.discountMinor, r.currency)}` : "—"}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="line-earnings">
                      {formatPrice(l.earningsMinor, r.currency)}
                    </TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {pages > 1 ? (
        <Box component="nav" aria-label="Order pages" sx={{ display: "flex", gap: 1, alignItems: "center", mt: 2, flexWrap: "wrap" }}>
          {page > 1 ? (
            <Button component={Link} to={`${base}?page=${page - 1}`} rel="prev">
              Newer orders
            </Button>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            Page {page} of {pages} · {total} orders
          </Typography>
          {page < pages ? (
            <Button component={Link} to={`${base}?page=${page + 1}`} rel="next">
              Older orders
            </Button>
          ) : null}
        </Box>
      ) : null}
    </StoreAdminShell>
  );
}
