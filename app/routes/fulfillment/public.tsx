import Box from "#app/components/ui/Box.tsx";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import MuiLink from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/public";
import { notFoundMessage } from "#app/lib/not-found.ts";
import { publicStoreOr404 } from "#app/lib/store-access.server.ts";
import { countryName } from "#server/contracts/index.ts";
import {
  CAPABILITY_LABELS,
  CATEGORY_LABELS,
  getPublicFulfiller,
  listOfferedBlanksOf,
  listWarehouses,
} from "#server/modules/fulfillment/index.ts";
import { fulfillerPerformance, PERFORMANCE_MIN_SHIPMENTS } from "#server/modules/orders/index.ts";

const DAY = 86_400_000;
const SHOP_HANDLE = /^@[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$/;

/**
 * /shop/partners/@{store}/fulfillment/@{shop}: a print shop's public page, what partners look at
 * before they pick a blank: its print methods, the blanks it offers, where it ships from, and how
 * it does, measured on its shipments of the last 30 days.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store } = await publicStoreOr404(request, params.handle);
  const missing = () => new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
  if (!params.shop || !SHOP_HANDLE.test(params.shop)) throw missing();
  const shop = await getPublicFulfiller(ctx, params.shop);
  // The shop belongs to this store (or, for a shop made before shops had a store, to its owner).
  if (!shop || !(shop.storeId === store.id || (shop.storeId === null && shop.ownerUserId === store.ownerUserId))) throw missing();
  const now = ctx.clock.now();
  const [blanks, warehouses, figures] = await Promise.all([
    listOfferedBlanksOf(ctx, shop.id),
    listWarehouses(ctx, shop.id),
    fulfillerPerformance(ctx, shop.id, { since: new Date(now.getTime() - 30 * DAY), until: now }),
  ]);
  const places = new Map<string, { city: string; region: string; country: string; countryName: string }>();
  for (const w of warehouses) {
    const key = `${w.city}|${w.region}|${w.country}`;
    if (!places.has(key)) places.set(key, { city: w.city, region: w.region, country: w.country, countryName: countryName(w.country) });
  }
  return {
    store: { handle: store.handle, name: store.name },
    shop: {
      handle: shop.handle,
      name: shop.name,
      description: shop.description,
      since: shop.createdAt.getUTCFullYear(),
      techniques: shop.capabilities.map((c) => CAPABILITY_LABELS[c as keyof typeof CAPABILITY_LABELS] ?? c),
    },
    locations: [...places.values()],
    blanks: blanks.map((b) => ({
      id: b.id,
      name: b.name,
      category: CATEGORY_LABELS[b.category] ?? b.category,
      colors: b.colors,
      sizes: b.sizes,
      productionDays: b.productionDays,
      thumb: b.thumbnailKey ? `/media/${b.thumbnailKey}` : null,
    })),
    figures: {
      shipments: figures.shipments,
      medianHours: figures.medianProductionHours,
      onTimePercent: figures.onTimeRate === null ? null : Math.round(figures.onTimeRate * 100),
      minimum: PERFORMANCE_MIN_SHIPMENTS,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.shop.name} · Print shop · Platen` },
        { name: "description", content: `${data.shop.name} prints for Platen: ${data.shop.techniques.join(", ")}.` },
      ]
    : [{ title: "Page not found · Platen" }];

/** "38 hours" below two days, else "2.4 days". */
function duration(hours: number): string {
  if (hours < 48) return `${Math.round(hours)} ${Math.round(hours) === 1 ? "hour" : "hours"}`;
  return `${(Math.round((hours / 24) * 10) / 10).toLocaleString("en-US")} days`;
}

function Figure({ label, value, help, testId }: { label: string; value: string; help: string; testId: string }) {
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

export default function PrintShopPage({ loaderData }: Route.ComponentProps) {
  const { store, shop, locations, blanks, figures } = loaderData;
  const enough = figures.medianHours !== null && figures.onTimePercent !== null;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="p" variant="body2" color="text.secondary">
        Print shop of{" "}
        <MuiLink component={Link} to={`/shop/partners/@${store.handle}`}>
          {store.name}
        </MuiLink>{" "}
        · @{shop.handle}
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.9rem", sm: "2.4rem" }, mb: 1 }}>
        {shop.name}
      </Typography>
      {shop.description ? (
        <Typography color="text.secondary" sx={{ maxWidth: "70ch", mb: 2 }}>
          {shop.description}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 3 }} component="ul" aria-label="Print methods">
        {shop.techniques.map((t) => (
          <Chip key={t} label={t} component="li" variant="outlined" />
        ))}
      </Stack>

      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card variant="outlined" component="section" aria-labelledby="figures-h" sx={{ height: "100%" }}>
            <CardContent>
              <Typography id="figures-h" variant="h2" sx={{ fontSize: "1.2rem", mb: 0.5 }}>
                How it ships
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                Measured on its shipments of the last 30 days, from payment to hand-over to the carrier.
              </Typography>
              {enough ? (
                <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" }, gap: 2, m: 0 }}>
                  <Figure
                    label="Median production time"
                    value={duration(figures.medianHours!)}
                    help="Half of the orders shipped faster than this"
                    testId="figure-median"
                  />
                  <Figure
                    label="Shipped on time"
                    value={`${figures.onTimePercent}%`}
                    help="Within the production days promised at checkout"
                    testId="figure-on-time"
                  />
                  <Figure
                    label="Shipments"
                    value={figures.shipments.toLocaleString("en-US")}
                    help="In the last 30 days"
                    testId="figure-shipments"
                  />
                </Box>
              ) : (
                <Typography data-testid="figures-not-enough">
                  Not enough orders yet: {figures.shipments === 0 ? "no shipment" : `${figures.shipments} of ${figures.minimum} shipments`}{" "}
                  in the last 30 days. The figures appear from {figures.minimum} shipments on.
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" component="section" aria-labelledby="locations-h" sx={{ height: "100%" }}>
            <CardContent>
              <Typography id="locations-h" variant="h2" sx={{ fontSize: "1.2rem", mb: 1 }}>
                Ships from
              </Typography>
              {locations.length ? (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="locations">
                  {locations.map((l) => (
                    <li key={`${l.city}|${l.region}|${l.country}`}>
                      <Typography component="span" suppressHydrationWarning>
                        {[l.city, l.region].filter(Boolean).join(", ")}
                        {l.city || l.region ? ", " : ""}
                        {l.countryName}
                      </Typography>
                    </li>
                  ))}
                </Box>
              ) : (
                <Typography color="text.secondary">No warehouse yet.</Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>

      <Typography variant="h2" sx={{ fontSize: "1.4rem", mb: 1.5 }} id="blanks-h">
        Blanks offered
      </Typography>
      {blanks.length ? (
        <Grid container spacing={2} component="ul" aria-labelledby="blanks-h" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {blanks.map((b, i) => (
            <Grid key={b.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }} component="li">
              <Card variant="outlined" sx={{ height: "100%" }} data-testid="blank">
                {b.thumb ? (
                  <Box
                    component="img"
                    src={b.thumb}
                    alt=""
                    width={400}
                    height={400}
                    loading={i < 4 ? "eager" : "lazy"}
                    decoding="async"
                    sx={{
                      display: "block",
                      width: "100%",
                      height: "auto",
                      aspectRatio: "1 / 1",
                      objectFit: "cover",
                      bgcolor: "action.hover",
                    }}
                  />
                ) : null}
                <CardContent>
                  <Typography variant="h3" sx={{ fontSize: "1.05rem", fontWeight: 600 }}>
                    {b.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {b.category} · made in {b.productionDays} {b.productionDays === 1 ? "day" : "days"}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {b.colors.length} {b.colors.length === 1 ? "colour" : "colours"}
                    {b.sizes.length ? ` · ${b.sizes.length > 1 ? `${b.sizes[0]}–${b.sizes[b.sizes.length - 1]}` : b.sizes[0]}` : ""}
                  </Typography>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap", mt: 1 }} aria-hidden="true">
                    {b.colors.slice(0, 12).map((c) => (
                      <Box
                        key={c.name}
                        title={c.name}
                        sx={{ width: 16, height: 16, borderRadius: "50%", bgcolor: c.hex, border: 1, borderColor: "divider" }}
                      />
                    ))}
                  </Stack>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      ) : (
        <Typography color="text.secondary">This print shop offers no blank at the moment.</Typography>
      )}
    </Container>
  );
}
