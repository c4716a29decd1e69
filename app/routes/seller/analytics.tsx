import Alert from "@mui/material/Alert";
import Typography from "#app/components/ui/Typography.tsx";
import { BarChart, LineChart } from "#app/components/analytics/Charts.tsx";
import type { Route } from "./+types/analytics";
import { ChartWithTable, FigureCards, RangeForm, csvHref, shortDay } from "#app/components/analytics/AnalyticsParts.tsx";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { currencyDigits } from "#server/contracts/money.ts";
import { StoreAdminShell } from "#app/components/seller/StoreAdminNav.tsx";
import { orRespond } from "#app/lib/party-orders.server.ts";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { defaultRange, parseAnalyticsRange, storeAnalytics } from "#server/modules/analytics/index.ts";
import { formatRate } from "#server/modules/analytics/types.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Analytics of ${data.store.name} · Platen` : "Store analytics · Platen" },
];

/**
 * A store's analytics (`/shop/partners/@{name}/administration/analytics?from=&to=`): revenue from
 * the ledger, orders, units, product views, conversion, top products, wishes and fan-club growth.
 * The owner, team members with the Analytics permission and admins (visitors sign in, others 403).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store } = await requireStoreAccess(request, params.handle, "analytics");
  const url = new URL(request.url);
  const asked = { from: url.searchParams.get("from"), to: url.searchParams.get("to") };
  const parsed = parseAnalyticsRange(asked, ctx.clock.now());
  const range = parsed.ok ? parsed.range : defaultRange(ctx.clock.now());
  const analytics = await orRespond(storeAnalytics(ctx, { storeId: store.id, range }));
  return {
    store: {
      handle: store.handle,
      name: store.name,
      status: store.status,
      suspendedReason: store.suspendedReason,
      avatarKey: store.avatarKey,
      accentColor: store.accentColor,
    },
    analytics,
    form: parsed.ok ? { ...range, errors: {} } : { from: asked.from ?? "", to: asked.to ?? "", errors: parsed.errors },
  };
}

export default function StoreAnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { store, analytics: a, form } = loaderData;
  const base = `/shop/partners/@${store.handle}/administration/analytics`;
  const money = (minor: number) => formatPrice(minor, a.currency);
  const major = (minor: number) => minor / 10 ** currencyDigits(a.currency);
  const days = a.daily.map((d) => shortDay(d.date));
  const ticks = (_v: unknown, i: number) => i % Math.max(1, Math.ceil(days.length / 6)) === 0;
  const t = a.totals;
  return (
    <StoreAdminShell store={store} active="analytics">
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" }, mb: 1 }}>
        Analytics
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "75ch" }}>
        How {store.name} sold from {a.range.from} to {a.range.to}. Revenue is your share as booked in the ledger (sales less refunds); the
        other figures are counted from recorded orders, product page views, wishes and fan-club members.
      </Typography>
      {Object.keys(form.errors).length ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          That range could not be shown; the last 30 days are shown instead.
        </Alert>
      ) : null}
      <RangeForm from={form.from} to={form.to} errors={form.errors} zoneNote="Days run midnight to midnight UTC. At most 366 days." />
      <FigureCards
        figures={[
          { label: "Revenue", value: money(t.revenueMinor), note: "Your share, less refunds" },
          { label: "Orders", value: t.orders.toLocaleString("en-US"), note: `${t.units.toLocaleString("en-US")} units` },
          { label: "Product views", value: t.views.toLocaleString("en-US"), note: "One per viewer, product and day" },
          { label: "Conversion", value: formatRate(t.conversion), note: "Orders per product view" },
        ]}
      />

      <ChartWithTable
        id="revenue"
        title="Revenue per day"
        description={`${money(t.revenueMinor)} from ${a.range.from} to ${a.range.to}.`}
        csvHref={csvHref(base, "revenue", a.range)}
        chart={
          <BarChart
            height={260}
            skipAnimation
            xAxis={[{ scaleType: "band", data: days, tickLabelInterval: ticks }]}
            yAxis={[{ width: 56 }]}
            series={[{ data: a.daily.map((d) => major(d.revenueMinor)), label: `Revenue (${a.currency})` }]}
            hideLegend
            margin={{ top: 8, bottom: 8, left: 4, right: 8 }}
          />
        }
        table={{
          caption: "Revenue per day",
          columns: ["Day", "Revenue"],
          rows: a.daily.map((d) => ({ key: d.date, cells: [d.date, money(d.revenueMinor)] })),
        }}
      />

      <ChartWithTable
        id="sales"
        title="Orders, units and product views per day"
        description={`${t.orders.toLocaleString("en-US")} orders with ${t.units.toLocaleString("en-US")} units from ${t.views.toLocaleString("en-US")} product views: ${formatRate(t.conversion)} conversion.`}
        csvHref={csvHref(base, "sales", a.range)}
        chart={
          <LineChart
            height={260}
            skipAnimation
            xAxis={[{ scaleType: "point", data: days, tickLabelInterval: ticks }]}
            yAxis={[{ width: 48 }]}
            series={[
              { data: a.daily.map((d) => d.orders), label: "Orders" },
              { data: a.daily.map((d) => d.units), label: "Units" },
              { data: a.daily.map((d) => d.views), label: "Product views" },
            ]}
            margin={{ top: 8, bottom: 8, left: 4, right: 8 }}
          />
        }
        table={{
          caption: "Orders, units, product views and conversion per day",
          columns: ["Day", "Orders", "Units", "Views", "Conversion"],
          rows: a.daily.map((d) => ({ key: d.date, cells: [d.date, d.orders, d.units, d.views, formatRate(d.conversion)] })),
        }}
      />

      <ChartWithTable
        id="products"
        title="Top products"
        description={
          a.topProducts.length
            ? `${a.topProducts[0]!.title} earned the most: ${money(a.topProducts[0]!.revenueMinor)}.`
            : "No product sold or was seen in this range."
        }
        csvHref={csvHref(base, "products", a.range)}
        chart={
          a.topProducts.length ? (
            <BarChart
              height={Math.max(160, a.topProducts.length * 32 + 40)}
              skipAnimation
              layout="horizontal"
              yAxis={[
                {
                  scaleType: "band",
                  data: a.topProducts.map((p) => (p.title.length > 18 ? `${p.title.slice(0, 17)}…` : p.title)),
                  width: 120,
                },
              ]}
              series={[{ data: a.topProducts.map((p) => major(p.revenueMinor)), label: `Revenue (${a.currency})` }]}
              hideLegend
              margin={{ top: 8, bottom: 8, left: 4, right: 8 }}
            />
          ) : null
        }
        table={{
          caption: "Top products by revenue",
          columns: ["Product", "Revenue", "Units", "Orders", "Views", "Conversion"],
          rows: a.topProducts.map((p) => ({
            key: p.productId,
            cells: [p.title, money(p.revenueMinor), p.units, p.orders, p.views, formatRate(p.conversion)],
          })),
        }}
      />

      <ChartWithTable
        id="audience"
        title="Wishes and fan club"
        description={`${t.wishes} wishes made (${t.wishesStanding} of your products' wishes stand today); the fan club went from ${t.membersAtStart} to ${t.membersAtEnd} members.`}
        csvHref={csvHref(base, "audience", a.range)}
        chart={
          <LineChart
            height={260}
            skipAnimation
            xAxis={[{ scaleType: "point", data: days, tickLabelInterval: ticks }]}
            yAxis={[{ width: 48 }]}
            series={[
              { data: a.daily.map((d) => d.wishes), label: "Wishes" },
              { data: a.daily.map((d) => d.members), label: "Fan-club members" },
            ]}
            margin={{ top: 8, bottom: 8, left: 4, right: 8 }}
          />
        }
        table={{
          caption: "Wishes made, fan-club members joined and members per day",
          columns: ["Day", "Wishes", "Joined", "Members"],
          rows: a.daily.map((d) => ({ key: d.date, cells: [d.date, d.wishes, d.joined, d.members] })),
        }}
      />
      <Typography variant="body2" color="text.secondary">
        Wishes and fan-club members count those still kept today: a wish taken back or a member who left is not counted on any day.
      </Typography>
    </StoreAdminShell>
  );
}
