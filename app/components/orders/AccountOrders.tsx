import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#server/modules/orders/types.ts";
import { formatPrice } from "../catalog/PriceText.tsx";
import { OrderThumb } from "./BalanceCard.tsx";

/** One row of the account's order list (serialisable loader data). */
export interface AccountOrderRow {
  id: string;
  number: string;
  status: OrderStatus;
  date: string;
  itemCount: number;
  totalMinor: number;
  refundedMinor: number;
  currency: string;
  image: { hash: string } | null;
}

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  // Default and success chips keep a 4.5:1 contrast on the light themes; the other palette colours do not.
  return (
    <Chip
      size="small"
      label={ORDER_STATUS_LABELS[status]}
      color={status === "delivered" ? "success" : "default"}
      variant="outlined"
      data-status={status}
    />
  );
}

/** The account page's "Orders" section: newest first, each linking to its order page. */
export function AccountOrdersSection({ orders }: { orders: readonly AccountOrderRow[] }) {
  return (
    <Paper variant="outlined" component="section" id="orders" aria-labelledby="orders-h" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="orders-h" variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        Orders
      </Typography>
      {orders.length === 0 ? (
        <Box data-testid="orders-empty">
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            You have not ordered anything yet. When you do, your orders and their tracking appear here.
          </Typography>
          <Button component={Link} to="/shop" variant="outlined">
            Browse the shop
          </Button>
        </Box>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }} data-testid="account-orders">
          {orders.map((o) => (
            <Box
              component="li"
              key={o.id}
              data-testid="account-order"
              data-order-id={o.id}
              sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: { xs: "wrap", sm: "nowrap" } }}
            >
              <OrderThumb image={o.image} alt="" />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  <Link to={`/shop/orders/${o.id}`} aria-label={`Order ${o.number}, placed ${o.date}`}>
                    Order {o.number}
                  </Link>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {o.date} · {o.itemCount === 1 ? "1 item" : `${o.itemCount} items`}
                </Typography>
              </Box>
              <OrderStatusChip status={o.status} />
              <Box sx={{ textAlign: "right", minWidth: 96 }}>
                <Typography sx={{ fontWeight: 600 }}>{formatPrice(o.totalMinor, o.currency)}</Typography>
                {o.refundedMinor > 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {formatPrice(o.refundedMinor, o.currency)} refunded
                  </Typography>
                ) : null}
              </Box>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
