import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { BarChart } from "#app/components/analytics/Charts.tsx";
import type { Route } from "./+types/analytics";
import { ChartWithTable, FigureCards, RangeForm, csvHref, shortDay } from "#app/components/analytics/AnalyticsParts.tsx";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { currencyDigits } from "#server/contracts/money.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { defaultRange, parseAnalyticsRange, shopAnalytics, shopTimeZone } from "#server/modules/analytics/index.ts";
import { formatRate } from "#server/modules/analytics/types.ts";
import { countPrintShopCases } from "#server/modules/cases/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Analytics · ${data.fulfiller.name} · Platen` : "Analytics · Platen" },
];

/**
 * The print shop's analytics (`/fulfillment/@{name}/administration/analytics?from=&to=`): what it
 * shipped per day, on time or late, how long production took, its defect rate and what it is owed.
 * Its owner and admins only (anyone else: 404, visitors sign in).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const url = new URL(request.url);
  const timeZone = await orRespond(shopTimeZone(ctx, fulfiller.id));
  const asked = { from: url.searchParams.get("from"), to: url.searchParams.get("to") };
  const parsed = parseAnalyticsRange(asked, ctx.clock.now(), timeZone);
  const range = parsed.ok ? parsed.range : defaultRange(ctx.clock.now(), timeZone);
  const analytics = await orRespond(shopAnalytics(ctx, { fulfillerId: fulfiller.id, range, countCases: countPrintShopCases }));
  return {
    fulfiller: { handle: fulfiller.handle, name: fulfiller.name },
    analytics,
    form: parsed.ok ? { ...range, errors: {} } : { from: asked.from ?? "", to: asked.to ?? "", errors: parsed.errors },
  };
}

export default function FulfillerAnalytics({ loaderData }: Route.ComponentProps) {
  const { fulfiller, analytics: a, form } = loaderData;
  const base = `/fulfillment/@${fulfiller.handle}/administration/analytics`;
  const money = (minor: number) => formatPrice(minor, a.currency);
  const major = (minor: number) => minor / 10 ** currencyDigits(a.currency);
  const days = a.daily.map((d) => shortDay(d.date));
  const t = a.totals;
  const owedTotal = a.owed.pendingMinor + a.owed.heldMinor + a.owed.availableMinor;
  return (
    <Box sx={{ maxWidth: 1100, mx: "auto" }}>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" }, mb: 1 }}>
        Analytics
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "75ch" }}>
        What {fulfiller.name} shipped from {a.range.from} to {a.range.to}, how fast, and what Platen owes you. Every figure is counted from
        recorded shipments and the ledger.
      </Typography>
      {Object.keys(form.errors).length ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          That range could not be shown; the last 30 days are shown instead.
        </Alert>
      ) : null}
      <RangeForm
        from={form.from}
        to={form.to}
        errors={form.errors}
        zoneNote={`Days run midnight to midnight in ${a.timeZone}, the time zone of your first warehouse. At most 366 days.`}
      />
      <FigureCards
        figures={[
          { label: "Units shipped", value: t.units.toLocaleString("en-US"), note: `${t.shipments.toLocaleString("en-US")} shipments` },
          {
            label: "On-time ship rate",
            value: formatRate(t.onTimeRate),
            note: t.shipments ? `${t.onTime} of ${t.shipments} shipped by their due time` : "Nothing shipped in this range",
          },
          {
            label: "Median production time",
            value: t.medianHours == null ? "—" : `${t.medianHours} h`,
            note: "From payment to shipping",
          },
          {
            label: "Defect rate",
            value: a.defects.tracked ? (a.defects.per100 == null ? "—" : `${a.defects.per100} per 100 orders`) : "0 cases counted",
            note: a.defects.tracked
              ? `${a.defects.cases} cases on ${a.defects.orders} orders shipped`
              : "Cases per 100 orders: cases on your orders are not counted on this page yet, so none are included.",
          },
        ]}
      />

      <ChartWithTable
        id="units"
        title="Units shipped per day"
        description={`${t.units.toLocaleString("en-US")} units in ${t.shipments.toLocaleString("en-US")} shipments from ${a.range.from} to ${a.range.to}.`}
        csvHref={csvHref(base, "units", a.range)}
        chart={
          <BarChart
            height={260}
            skipAnimation
            xAxis={[{ scaleType: "band", data: days, tickLabelInterval: (_v, i) => i % Math.max(1, Math.ceil(days.length / 6)) === 0 }]}
            yAxis={[{ width: 48 }]}
            series={[{ data: a.daily.map((d) => d.units), label: "Units" }]}
            hideLegend
            margin={{ top: 8, bottom: 8, left: 4, right: 8 }}
          />
        }
        table={{
          caption: "Units and shipments per day",
          columns: ["Day", "Units", "Shipments"],
          rows: a.daily.map((d) => ({ key: d.date, cells: [d.date, d.units, d.shipments] })),
        }}
      />

      <ChartWithTable
        id="on-time"
        title="On time and production time per day"
        description={`${formatRate(t.onTimeRate)} of shipments left by their due time; half were shipped within ${t.medianHours ?? "—"} hours of payment.`}
        csvHref={csvHref(base, "on-time", a.range)}
        chart={
          <BarChart
            height={260}
            skipAnimation
            xAxis={[{ scaleType: "band", data: days, tickLabelInterval: (_v, i) => i % Math.max(1, Math.ceil(days.length / 6)) === 0 }]}
            yAxis={[{ width: 48 }]}
            series={[
              { data: a.daily.map((d) => d.onTime), label: "On time", stack: "s" },
              { data: a.daily.map((d) => d.shipments - d.onTime), label: "Late", stack: "s" },
            ]}
            margin={{ top: 8, bottom: 8, left: 4, right: 8 }}
          />
        }
        table={{
          caption: "Shipments on time and median hours from payment to shipping, per day",
          columns: ["Day", "Shipments", "On time", "On-time rate", "Median hours"],
          rows: a.daily.map((d) => ({
            key: d.date,
            cells: [d.date, d.shipments, d.onTime, formatRate(d.shipments ? d.onTime / d.shipments : null), d.medianHours ?? "—"],
          })),
        }}
      />

      <Typography variant="h2" sx={{ fontSize: "1.15rem", mb: 1 }}>
        What you are owed
      </Typography>
      <FigureCards
        figures={[
          { label: "Earned in this range", value: money(t.earnedMinor), note: "Your share booked, less refunds" },
          { label: "Pending delivery", value: money(a.owed.pendingMinor), note: "Shipped or in production" },
          { label: "Held", value: money(a.owed.heldMinor), note: "Delivered, inside the hold period" },
          { label: "Available", value: money(a.owed.availableMinor), note: `Ready to pay out; ${money(owedTotal)} in all` },
        ]}
      />
      <ChartWithTable
        id="payouts"
        title="When held money becomes available"
        description={
          a.owed.schedule.length
            ? `${money(a.owed.heldMinor)} is held; the first ${money(a.owed.schedule[0]!.amountMinor)} becomes available on ${a.owed.schedule[0]!.date}.`
            : "Nothing is held: nothing waits for its hold period to end."
        }
        csvHref={csvHref(base, "payouts", a.range)}
        chart={
          a.owed.schedule.length ? (
            <BarChart
              height={220}
              skipAnimation
              xAxis={[{ scaleType: "band", data: a.owed.schedule.map((d) => shortDay(d.date)) }]}
              yAxis={[{ width: 56 }]}
              series={[{ data: a.owed.schedule.map((d) => major(d.amountMinor)), label: `Amount (${a.currency})` }]}
              hideLegend
              margin={{ top: 8, bottom: 8, left: 4, right: 8 }}
            />
          ) : null
        }
        table={{
          caption: "Held money by the day it becomes available",
          columns: ["Available on", "Amount"],
          rows: a.owed.schedule.map((d) => ({ key: d.date, cells: [d.date, money(d.amountMinor)] })),
        }}
      />
    </Box>
  );
}
