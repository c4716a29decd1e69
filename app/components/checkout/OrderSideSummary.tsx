import Box from "#app/components/ui/Box.tsx";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import { arrivesText, shipsFromText } from "./format.ts";
import { LineItem } from "./LineItem.tsx";
import { TotalsSummary } from "./TotalsSummary.tsx";
import type { OrderView } from "#server/modules/orders/types.ts";

/** The order next to the payment form: its shipments, items and totals. */
export function OrderSideSummary({ order }: { order: OrderView }) {
  return (
    <Paper component="aside" variant="outlined" aria-label="Order summary" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
        Order {order.number}
      </Typography>
      {order.groups.map((g, i) => (
        <Box key={g.id} sx={{ mt: 2 }} data-testid="summary-group">
          <Typography variant="subtitle2" component="h3">
            {order.groups.length > 1 ? `Shipment ${i + 1} of ${order.groups.length}` : "Shipment"} · {arrivesText(g.estimate)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {shipsFromText(g.warehouseName)}
          </Typography>
          <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
            {g.lines.map((l) => (
              <LineItem
                key={l.id}
                compact
                title={l.title}
                variantLabel={l.variantLabel}
                storeName={l.storeName}
                image={l.image}
                quantity={l.quantity}
                itemsMinor={l.itemsMinor}
                unitPriceMinor={l.unitPriceMinor}
                currency={order.currency}
              />
            ))}
          </Box>
        </Box>
      ))}
      <Box sx={{ mt: 2 }}>
        <TotalsSummary
          totals={order.totals}
          currency={order.currency}
          pricesIncludeTax={order.pricesIncludeTax}
          taxRatePercent={order.taxRatePercent}
          idPrefix="payment"
        />
      </Box>
    </Paper>
  );
}
