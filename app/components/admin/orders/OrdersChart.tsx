import Box from "#app/components/ui/Box.tsx";
import { Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { BarChart } from "#app/components/analytics/Charts.tsx";
import { formatAmount, currencyDigits } from "#server/contracts/money.ts";
import { visuallyHidden } from "./visually-hidden.ts";

export interface DailyPoint {
  date: string;
  orders: number;
  revenueMinor: number;
}

const shortDay = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

/**
 * Orders and paid revenue per day (last 30 days) as two bar series on two axes. The chart is an
 * image with a name and a one-sentence description; the same figures follow in a table that only
 * screen readers (and the no-SVG fallback) read.
 */
export function OrdersChart({ daily, currency }: { daily: DailyPoint[]; currency: string }) {
  const digits = currencyDigits(currency);
  const scale = 10 ** digits;
  const days = daily.map((d) => shortDay(d.date));
  const totalOrders = daily.reduce((n, d) => n + d.orders, 0);
  const totalRevenue = daily.reduce((n, d) => n + d.revenueMinor, 0);
  const busiest = daily.reduce<DailyPoint | null>((best, d) => (!best || d.orders > best.orders ? d : best), null);
  const description =
    daily.length === 0
      ? "No days to show yet."
      : `${totalOrders.toLocaleString("en-US")} orders and ${formatAmount(totalRevenue, currency)} paid revenue from ${shortDay(daily[0]!.date)} to ${shortDay(daily[daily.length - 1]!.date)}` +
        (busiest && busiest.orders > 0 ? `; the busiest day was ${shortDay(busiest.date)} with ${busiest.orders} orders.` : ".");
  return (
    <Box component="figure" sx={{ m: 0 }} aria-labelledby="orders-chart-title" data-testid="orders-chart">
      <Typography id="orders-chart-title" variant="h2" sx={{ fontSize: "1.15rem", mb: 0.5 }}>
        Orders and revenue per day, last 30 days
      </Typography>
      <Typography id="orders-chart-desc" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
      <Box
        role="img"
        tabIndex={0}
        aria-labelledby="orders-chart-title"
        aria-describedby="orders-chart-desc"
        sx={{ width: "100%", overflowX: "auto" }}
      >
        <Box aria-hidden inert sx={{ minWidth: 640 }}>
          <BarChart
            height={320}
            width={960}
            skipAnimation
            xAxis={[{ id: "day", scaleType: "band", data: days, tickLabelInterval: (_v, i) => i % 5 === 0 }]}
            yAxis={[
              { id: "orders", label: "Orders", position: "left", width: 56 },
              {
                id: "revenue",
                label: `Revenue (${currency})`,
                position: "right",
                width: 72,
                valueFormatter: (v: number | null) => (v == null ? "" : Math.round(v).toLocaleString("en-US")),
              },
            ]}
            series={[
              { id: "orders", label: "Orders", data: daily.map((d) => d.orders), yAxisId: "orders" },
              {
                id: "revenue",
                label: "Paid revenue",
                data: daily.map((d) => d.revenueMinor / scale),
                yAxisId: "revenue",
                valueFormatter: (v: number | null) => (v == null ? "" : formatAmount(Math.round(v * scale), currency)),
              },
            ]}
            margin={{ top: 16, bottom: 8, left: 8, right: 8 }}
          />
        </Box>
      </Box>
      <Box sx={visuallyHidden}>
        <Table size="small" data-testid="orders-chart-table">
          <caption>Orders and paid revenue per day, last 30 days</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Day
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                Orders
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                Paid revenue
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {daily.map((d) => (
              <TableRow key={d.date}>
                <TableCell component="th" scope="row">
                  {d.date}
                </TableCell>
                <TableCell align="right">{d.orders}</TableCell>
                <TableCell align="right">{formatAmount(d.revenueMinor, currency)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
