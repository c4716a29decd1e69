import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "#app/components/ui/Typography.tsx";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/overview";
import { BalanceCard } from "#app/components/orders/BalanceCard.tsx";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { listStock, listWarehouses, setupCountsOfFulfiller } from "#server/modules/fulfillment/index.ts";
import { countFulfillerGroups } from "#server/modules/orders/index.ts";

/** A tracked variant with this many units or fewer available is "running low". */
export const LOW_STOCK_UNITS = 5;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.fulfiller.name} · Fulfillment administration · Platen` : "Fulfillment administration · Platen" },
];

/** The business at a glance: shipments to make, warehouses, blanks, shipping and stock that needs attention. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle, { workerTo: "orders" });
  // Counted, not listed: the overview shows how many shipments, blanks and rates, not which.
  const [groups, warehouses, setup, stock] = await orRespond(
    Promise.all([
      countFulfillerGroups(ctx, { fulfillerId: fulfiller.id }),
      listWarehouses(ctx, fulfiller.id),
      setupCountsOfFulfiller(ctx, fulfiller.id),
      listStock(ctx, fulfiller.id),
    ]),
  );
  const tracked = stock.filter((s) => s.onHand !== null);
  return {
    fulfiller: { handle: fulfiller.handle, name: fulfiller.name, status: fulfiller.status },
    balance: groups.balance,
    shipments: {
      waiting: groups.counts.pending,
      inProduction: groups.counts.in_production,
      shipped: groups.counts.shipped,
    },
    warehouses: warehouses.length,
    blanks: { active: setup.activeBlanks, all: setup.blanks },
    shipping: { zones: setup.zones, rates: setup.rates, zonesWithoutRates: setup.zonesWithoutRates },
    stock: {
      tracked: tracked.length,
      soldOut: tracked.filter((s) => (s.available ?? 0) === 0).length,
      low: tracked
        .filter((s) => (s.available ?? 0) > 0 && (s.available ?? 0) <= LOW_STOCK_UNITS)
        .slice(0, 8)
        .map((s) => ({ sku: s.sku, warehouseName: s.warehouseName, blankName: s.blankName, available: s.available ?? 0 })),
      lowCount: tracked.filter((s) => (s.available ?? 0) > 0 && (s.available ?? 0) <= LOW_STOCK_UNITS).length,
    },
  };
}

function Figure({ label, value, help, testId }: { label: string; value: number | string; help: string; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        <Typography component="span" sx={{ display: "block", fontSize: "1.6rem", fontWeight: 600 }}>
          {value}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
          {help}
        </Typography>
      </Box>
    </Box>
  );
}

export default function FulfillerOverview({ loaderData }: Route.ComponentProps) {
  const { fulfiller, balance, shipments, warehouses, blanks, shipping, stock } = loaderData;
  const base = `/fulfillment/@${fulfiller.handle}/administration`;
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography component="p" variant="body2" color="text.secondary">
        @{fulfiller.handle}
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" }, mb: 2 }}>
        {fulfiller.name}
      </Typography>
      {fulfiller.status !== "active" ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This business is suspended: no new orders are routed to it. Contact Platen to reinstate it.
        </Alert>
      ) : null}

      <Card variant="outlined" component="section" aria-labelledby="shipments-h" sx={{ mb: 3 }}>
        <CardContent>
          <Typography id="shipments-h" variant="h2" sx={{ fontSize: "1.2rem", mb: 1.5 }}>
            Shipments
          </Typography>
          <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, 1fr)" }, gap: 2, m: 0 }}>
            <Figure label="To start" value={shipments.waiting} help="Paid, waiting for production" testId="figure-waiting" />
            <Figure label="In production" value={shipments.inProduction} help="Being printed and packed" testId="figure-in-production" />
            <Figure label="On the way" value={shipments.shipped} help="Shipped, not delivered yet" testId="figure-shipped" />
          </Box>
          <Button component={RouterLink} to={`${base}/orders`} variant="contained" sx={{ mt: 2 }}>
            Open orders
          </Button>
        </CardContent>
      </Card>

      <BalanceCard balance={balance} who="fulfiller" />

      <Card variant="outlined" component="section" aria-labelledby="setup-h" sx={{ mb: 3 }}>
        <CardContent>
          <Typography id="setup-h" variant="h2" sx={{ fontSize: "1.2rem", mb: 1.5 }}>
            Shipping and stock
          </Typography>
          <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, 1fr)" }, gap: 2, m: 0 }}>
            <Figure label="Warehouses" value={warehouses} help="Where your orders are made" testId="figure-warehouses" />
            <Figure label="Blanks" value={blanks.active} help={`${plural(blanks.all, "blank")} in your catalogue`} testId="figure-blanks" />
            <Figure label="Shipping zones" value={shipping.zones} help={plural(shipping.rates, "rate")} testId="figure-zones" />
            <Figure
              label="Stock tracked"
              value={stock.tracked}
              help={`${plural(stock.soldOut, "variant")} sold out`}
              testId="figure-stock"
            />
          </Box>
          {shipping.zones === 0 ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              You have no shipping zones yet: no order can be routed to you until you add a zone and its rates.
            </Alert>
          ) : shipping.zonesWithoutRates.length ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {shipping.zonesWithoutRates.join(", ")} {shipping.zonesWithoutRates.length === 1 ? "has" : "have"} no rates yet, so nothing
              ships there.
            </Alert>
          ) : null}
          {stock.lowCount ? (
            <Box sx={{ mt: 2 }} data-testid="low-stock">
              <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600, mb: 0.5 }}>
                Running low ({LOW_STOCK_UNITS} or fewer available)
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {stock.low.map((s) => (
                  <li key={`${s.warehouseName}-${s.sku}`}>
                    <Typography variant="body2">
                      {s.sku} · {s.blankName} · {s.warehouseName}: {s.available} left
                    </Typography>
                  </li>
                ))}
              </Box>
              {stock.lowCount > stock.low.length ? (
                <Typography variant="body2" color="text.secondary">
                  and {stock.lowCount - stock.low.length} more.
                </Typography>
              ) : null}
            </Box>
          ) : null}
          <Button component={RouterLink} to={`${base}/config`} variant="outlined" sx={{ mt: 2 }}>
            Edit shipping and stock
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
