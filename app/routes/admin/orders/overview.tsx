import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/overview";
import { OrdersChart } from "#app/components/admin/orders/OrdersChart.tsx";
import { ORDER_STATUS_COLOR } from "#app/components/admin/orders/OrderStatusChip.tsx";
import { ADMIN_ORDERS_PATH, ordersPathFor } from "#app/lib/admin-orders.ts";
import { formatDateTime } from "#app/lib/dates.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { formatAmount } from "#server/contracts/money.ts";
import { orderStatusOverview } from "#server/modules/orders/index.ts";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "#server/modules/orders/types.ts";

export const meta: Route.MetaFunction = () => [{ title: "Orders overview · Admin · Platen" }];

/** "3 days 4 hours", "5 hours", "12 minutes": how long something has waited. */
function describeAge(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} days${rest ? ` ${rest} hour${rest === 1 ? "" : "s"}` : ""}`;
}

const describeTarget = (hours: number | null) =>
  hours == null ? "No target" : hours % 24 === 0 && hours >= 48 ? `${hours / 24} days` : `${hours} hour${hours === 1 ? "" : "s"}`;

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const o = await orderStatusOverview(ctx);
  const now = ctx.clock.now().getTime();
  return {
    currency: o.currency,
    total: o.total,
    counts: o.counts,
    revenue: o.revenue,
    daily: o.daily,
    ageing: ORDER_STATUSES.map((status) => {
      const a = o.ageing[status];
      return {
        status,
        count: o.counts[status],
        oldest: a.oldest ? formatDateTime(a.oldest) : null,
        oldestAge: a.oldest ? describeAge(now - new Date(a.oldest).getTime()) : null,
        overdue: a.overdue,
        target: describeTarget(a.targetHours),
        hasTarget: a.targetHours != null,
      };
    }),
  };
}

function RevenueCard({ label, minor, currency, id }: { label: string; minor: number; currency: string; id: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={id}>
      <Typography id={id} variant="body2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography sx={{ fontSize: "1.6rem", fontWeight: 700 }} data-testid={id}>
        {formatAmount(minor, currency)}
      </Typography>
    </Paper>
  );
}

export default function OrdersOverview({ loaderData }: Route.ComponentProps) {
  const { currency, total, counts, revenue, daily, ageing } = loaderData;
  return (
    <Box sx={{ maxWidth: 1280, mx: "auto" }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 1 }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" } }}>
          Orders overview
        </Typography>
        <Button component={Link} to={ADMIN_ORDERS_PATH} variant="outlined">
          All orders ({total.toLocaleString("en-US")})
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Where every order stands, what has waited too long, and what came in. Revenue counts paid orders, less refunds.
      </Typography>

      <Box component="section" aria-labelledby="revenue-title" sx={{ mb: 3 }}>
        <Typography id="revenue-title" variant="h2" sx={{ fontSize: "1.15rem", mb: 1 }}>
          Revenue
        </Typography>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" }, gap: 2 }}>
          <RevenueCard id="revenue-1" label="Last 24 hours" minor={revenue.days1} currency={currency} />
          <RevenueCard id="revenue-7" label="Last 7 days" minor={revenue.days7} currency={currency} />
          <RevenueCard id="revenue-30" label="Last 30 days" minor={revenue.days30} currency={currency} />
        </Box>
      </Box>

      <Box component="section" aria-labelledby="counts-title" sx={{ mb: 3 }}>
        <Typography id="counts-title" variant="h2" sx={{ fontSize: "1.15rem", mb: 1 }}>
          Orders by status
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: "none",
            p: 0,
            m: 0,
            display: "grid",
            gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, 1fr)", lg: "repeat(5, 1fr)" },
            gap: 1.5,
          }}
        >
          {ORDER_STATUSES.map((s: OrderStatus) => (
            <Box component="li" key={s}>
              <Card variant="outlined" sx={{ height: "100%", borderLeft: 4, borderLeftColor: colorOf(s) }}>
                <CardActionArea component={Link} to={ordersPathFor(s)} sx={{ height: "100%" }} data-testid={`status-count-${s}`}>
                  <CardContent>
                    <Typography sx={{ fontSize: "1.6rem", fontWeight: 700, lineHeight: 1.2 }}>
                      {counts[s].toLocaleString("en-US")}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {ORDER_STATUS_LABELS[s]}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </Box>
      </Box>

      <Box component="section" aria-labelledby="ageing-title" sx={{ mb: 3 }}>
        <Typography id="ageing-title" variant="h2" sx={{ fontSize: "1.15rem", mb: 0.5 }}>
          Ageing
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The oldest order in each status and how many have been there longer than the target.
        </Typography>
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby="ageing-title" data-testid="ageing-table">
            <TableHead>
              <TableRow>
                <TableCell>Status</TableCell>
                <TableCell align="right">Orders</TableCell>
                <TableCell>Oldest</TableCell>
                <TableCell>Target</TableCell>
                <TableCell align="right">Over due</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ageing.map((a) => (
                <TableRow key={a.status}>
                  <TableCell component="th" scope="row">
                    <MuiLink component={Link} to={ordersPathFor(a.status)}>
                      {ORDER_STATUS_LABELS[a.status]}
                    </MuiLink>
                  </TableCell>
                  <TableCell align="right">{a.count.toLocaleString("en-US")}</TableCell>
                  <TableCell>
                    {a.oldest ? (
                      <>
                        {a.oldestAge} ago
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
                          {a.oldest}
                        </Typography>
                      </>
                    ) : (
                      "None"
                    )}
                  </TableCell>
                  <TableCell>{a.target}</TableCell>
                  <TableCell align="right" sx={a.overdue > 0 ? { color: "error.main", fontWeight: 700 } : undefined}>
                    {a.hasTarget ? a.overdue.toLocaleString("en-US") : "—"}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>

      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <OrdersChart daily={daily} currency={currency} />
      </Paper>
    </Box>
  );
}

function colorOf(s: OrderStatus): string {
  const c = ORDER_STATUS_COLOR[s];
  return !c || c === "default" ? "divider" : `${c}.main`;
}
