import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/dashboard";
import { StoreAdminShell } from "#app/components/seller/StoreAdminNav.tsx";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { countProductsByStatus } from "#server/modules/catalog/index.ts";
import { PRODUCT_STATUS_LABELS } from "#server/modules/catalog/product-form.ts";
import { countFanClubMembers, recentStoreActivity } from "#server/modules/stores/index.ts";
import { formatDateTime } from "#app/lib/dates.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.store.name} dashboard · Platen` : "Store dashboard · Platen" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store, access } = await requireStoreAccess(request, params.handle);
  const [counts, members, activity] = await Promise.all([
    countProductsByStatus(ctx, store.id),
    countFanClubMembers(ctx, store.id),
    recentStoreActivity(ctx, store.id, 8),
  ]);
  return {
    store: {
      handle: store.handle,
      name: store.name,
      status: store.status,
      suspendedReason: store.suspendedReason,
      avatarKey: store.avatarKey,
      accentColor: store.accentColor,
    },
    role: access.role,
    counts: Object.entries(counts).map(([status, n]) => ({
      status,
      label: (PRODUCT_STATUS_LABELS as Record<string, string>)[status] ?? status,
      n,
    })),
    members,
    activity: activity.map((a) => ({ at: formatDateTime(a.at), text: a.text })),
  };
}

export default function StoreDashboard({ loaderData }: Route.ComponentProps) {
  const { store, counts, members, activity } = loaderData;
  const base = `/shop/partners/@${store.handle}/administration`;
  const total = counts.reduce((a, c) => a + c.n, 0);
  return (
    <StoreAdminShell store={store} active="dashboard">
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" }, mb: 2 }}>
        Dashboard
      </Typography>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card variant="outlined" sx={{ height: "100%" }}>
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: "1.2rem", mb: 1.5 }}>
                Products ({total})
              </Typography>
              <Box
                component="dl"
                sx={{ display: "grid", gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(5, 1fr)" }, gap: 2, m: 0 }}
                data-testid="product-counts"
              >
                {counts.map((c) => (
                  <Box key={c.status}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {c.label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, fontSize: "1.6rem", fontWeight: 600 }}>
                      {c.n}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ height: "100%" }}>
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: "1.2rem", mb: 1.5 }}>
                Fan club
              </Typography>
              <Typography sx={{ fontSize: "1.6rem", fontWeight: 600 }} data-testid="fan-club-count">
                {members}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {members === 1 ? "member" : "members"}
              </Typography>
              <Button component={Link} to={`/shop/partners/@${store.handle}/fanClub`} size="small" sx={{ mt: 1, ml: -1 }}>
                Write to your fans
              </Button>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h2" sx={{ fontSize: "1.2rem", mb: 1 }}>
            Quick links
          </Typography>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            <Button component={Link} to={`${base}/products/create`} variant="contained">
              Design a product
            </Button>
            <Button component={Link} to={`${base}/products`} variant="outlined">
              Your products
            </Button>
            <Button component={Link} to={`${base}/orders`} variant="outlined">
              Orders and earnings
            </Button>
            <Button component={Link} to={`${base}/getting-started`} variant="outlined">
              Getting started
            </Button>
            <Button component={Link} to={`${base}/profile`} variant="outlined">
              Edit profile
            </Button>
            <Button component={Link} to={`${base}/workerprofile`} variant="outlined">
              Team
            </Button>
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h2" sx={{ fontSize: "1.2rem", mb: 1 }}>
            Recent activity
          </Typography>
          {activity.length ? (
            <List dense disablePadding>
              {activity.map((a, i) => (
                <ListItem key={i} disableGutters>
                  <ListItemText primary={a.text} secondary={a.at} />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">Nothing yet. Publish a product or write a fan club post to get things going.</Typography>
          )}
        </Grid>
      </Grid>
    </StoreAdminShell>
  );
}
