import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/warehouses";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { clockView } from "#app/lib/warehouses.server.ts";
import { countryName } from "#server/contracts/index.ts";
import { listWarehouseSummaries } from "#server/modules/fulfillment/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Warehouses · ${data.fulfiller.name} · Platen` : "Warehouses · Platen" },
];

const NOTICES = { created: "The warehouse is added." } as const;

/** The print shop's warehouses: where each is, its cut-off in its own time, its capacity and stock. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const warehouses = await orRespond(listWarehouseSummaries(ctx, fulfiller.id));
  const now = ctx.clock.now();
  const done = new URL(request.url).searchParams.get("done");
  return {
    fulfiller: { handle: fulfiller.handle, name: fulfiller.name },
    notice: done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null,
    warehouses: warehouses.map((w) => ({
      id: w.id,
      name: w.name,
      place: [w.city, w.region].filter(Boolean).join(", "),
      country: countryName(w.country),
      hasAddress: Boolean(w.line1 && w.postalCode),
      cutoffTime: w.cutoffTime,
      timeZone: w.timeZone,
      clock: clockView(w, now),
      capacityPerDay: w.capacityPerDay,
      unitsOnHand: w.unitsOnHand,
      unitsReserved: w.unitsReserved,
      trackedVariants: w.trackedVariants,
      blanks: w.blanks,
    })),
  };
}

const units = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "unit" : "units"}`;

export default function FulfillerWarehouses({ loaderData }: Route.ComponentProps) {
  const { fulfiller, notice, warehouses } = loaderData;
  const base = `/fulfillment/@${fulfiller.handle}/administration/warehouses`;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography component="p" variant="body2" color="text.secondary">
        {fulfiller.name} · @{fulfiller.handle}
      </Typography>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1.5}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 1 }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" } }}>
          Warehouses
        </Typography>
        <Button component={RouterLink} to={`${base}/create`} variant="contained" sx={{ alignSelf: { xs: "flex-start", sm: "auto" } }}>
          Add a warehouse
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "75ch" }}>
        Where you print and ship from. Each warehouse has its own address for labels, a daily cut-off in its local time (orders paid after
        it start production the next day), how much it can make a day, its box presets and its stock.
      </Typography>
      {notice ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      {warehouses.length === 0 ? (
        <Alert severity="info">
          No warehouses yet. Add your first, with its address and daily cut-off, so that orders can be routed to you.
        </Alert>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}
        >
          {warehouses.map((w) => (
            <Card component="li" variant="outlined" key={w.id} data-testid="warehouse-card" aria-labelledby={`wh-${w.id}`}>
              <CardContent>
                <Typography id={`wh-${w.id}`} variant="h2" sx={{ fontSize: "1.25rem", mb: 0.25 }}>
                  <Link component={RouterLink} to={`${base}/${w.id}`} underline="hover">
                    {w.name}
                  </Link>
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                  {[w.place, w.country].filter(Boolean).join(" · ")}
                </Typography>
                {w.hasAddress ? null : (
                  <Alert severity="warning" sx={{ mb: 1.5 }}>
                    No street address yet: add it before making labels from here.
                  </Alert>
                )}
                <Box
                  component="dl"
                  sx={{ m: 0, display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.75, "& dd": { m: 0 } }}
                >
                  <Typography component="dt" variant="body2" color="text.secondary">
                    Local time
                  </Typography>
                  <Typography component="dd" variant="body2" data-testid="warehouse-clock">
                    {w.clock.localTime} ({w.timeZone.replace(/_/g, " ")})
                    <Box component="span" sx={{ display: "block", color: w.clock.pastCutoff ? "text.secondary" : "text.primary" }}>
                      {w.clock.status}
                    </Box>
                  </Typography>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    Capacity
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {w.capacityPerDay === null ? "No daily limit" : `${units(w.capacityPerDay)} a day`}
                  </Typography>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    In stock
                  </Typography>
                  <Typography component="dd" variant="body2" data-testid="warehouse-stock">
                    {w.trackedVariants === 0
                      ? `Made to order (${w.blanks} ${w.blanks === 1 ? "blank" : "blanks"})`
                      : `${units(w.unitsOnHand)} on hand, ${w.unitsReserved.toLocaleString("en-US")} held for orders · ${w.trackedVariants} variants counted`}
                  </Typography>
                </Box>
                <Button component={RouterLink} to={`${base}/${w.id}`} size="small" sx={{ mt: 1.5 }} aria-label={`Manage ${w.name}`}>
                  Address, boxes and stock
                </Button>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
