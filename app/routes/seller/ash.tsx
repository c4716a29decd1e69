import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/ash";
import { getSession, getCtx } from "#app/lib/session.server.ts";
import { listFulfillersOfUser } from "#server/modules/fulfillment/index.ts";
import { getMyApplication, listMyStores } from "#server/modules/stores/index.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Seller hub · Platen" },
  { name: "description", content: "Your Platen stores and print businesses, or how to become a partner." },
];

export async function loader({ request }: Route.LoaderArgs) {
  const session = await getSession(request);
  if (!session) return { signedIn: false as const, stores: [], fulfillers: [], application: null };
  const ctx = await getCtx(request);
  const [stores, fulfillers, application] = await Promise.all([
    listMyStores(ctx),
    listFulfillersOfUser(ctx, session.user.id),
    getMyApplication(ctx),
  ]);
  return {
    signedIn: true as const,
    stores: stores.map((s) => ({
      handle: s.store.handle,
      name: s.store.name,
      role: s.role,
      permissions: s.permissions,
      status: s.store.status,
      avatarKey: s.store.avatarKey,
      accentColor: s.store.accentColor,
    })),
    fulfillers: fulfillers.map((f) => ({ handle: f.handle, name: f.name, status: f.status })),
    application: application
      ? { status: application.status, storeName: application.storeName, handle: application.handle, note: application.decisionNote }
      : null,
  };
}

export default function SellerHub({ loaderData }: Route.ComponentProps) {
  const { signedIn, stores, fulfillers, application } = loaderData;
  const hasAny = stores.length > 0 || fulfillers.length > 0;
  return (
    <Container component="main" id="main" maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: "1.9rem", sm: "2.4rem" } }}>
        Seller hub
      </Typography>
      {stores.length ? (
        <Box component="section" aria-labelledby="stores-h" sx={{ mb: 4 }}>
          <Typography id="stores-h" variant="h2" sx={{ fontSize: "1.4rem", mb: 2 }}>
            Your stores
          </Typography>
          <Grid container spacing={2}>
            {stores.map((s) => (
              <Grid key={s.handle} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }} data-testid="hub-store">
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Box sx={{ display: "flex", gap: 1.5, alignItems: "center" }}>
                      <Avatar src={s.avatarKey ? `/media/${s.avatarKey}` : undefined} alt="" sx={{ bgcolor: s.accentColor, color: "#fff" }}>
                        {s.name.slice(0, 1)}
                      </Avatar>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="h3" sx={{ fontSize: "1.15rem" }}>
                          {s.name}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          @{s.handle}
                        </Typography>
                      </Box>
                    </Box>
                    <Box sx={{ mt: 1.5, display: "flex", gap: 1, flexWrap: "wrap" }}>
                      <Chip size="small" label={s.role === "owner" ? "Owner" : "Team member"} />
                      {s.status === "suspended" ? <Chip size="small" color="warning" label="Suspended" /> : null}
                    </Box>
                    {s.role === "member" ? (
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                        You can manage: {s.permissions.length ? s.permissions.join(", ") : "nothing yet (view only)"}
                      </Typography>
                    ) : null}
                  </CardContent>
                  <CardActions>
                    <Button
                      component={Link}
                      to={`/shop/partners/@${s.handle}/administration`}
                      variant="contained"
                      size="small"
                      aria-label={`Manage ${s.name}`}
                    >
                      Manage
                    </Button>
                    <Button component={Link} to={`/shop/partners/@${s.handle}`} size="small" aria-label={`Public profile of ${s.name}`}>
                      Public profile
                    </Button>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Box>
      ) : null}
      {fulfillers.length ? (
        <Box component="section" aria-labelledby="ful-h" sx={{ mb: 4 }}>
          <Typography id="ful-h" variant="h2" sx={{ fontSize: "1.4rem", mb: 2 }}>
            Your print businesses
          </Typography>
          <Grid container spacing={2}>
            {fulfillers.map((f) => (
              <Grid key={f.handle} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Card variant="outlined">
                  <CardContent>
                    <Typography variant="h3" sx={{ fontSize: "1.15rem" }}>
                      {f.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      @{f.handle} · {f.status}
                    </Typography>
                    <Typography variant="body2" sx={{ mt: 1 }}>
                      Make and ship the orders routed to your warehouses, marking each shipment with its carrier and tracking number, and
                      keep your shipping rates and stock up to date.
                    </Typography>
                  </CardContent>
                  <CardActions>
                    <Button
                      component={Link}
                      to={`/fulfillment/@${f.handle}/administration`}
                      variant="contained"
                      size="small"
                      aria-label={`Administration of ${f.name}`}
                    >
                      Administration
                    </Button>
                    <Button
                      component={Link}
                      to={`/fulfillment/@${f.handle}/administration/orders`}
                      variant="outlined"
                      size="small"
                      aria-label={`Orders of ${f.name}`}
                    >
                      Orders
                    </Button>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Box>
      ) : null}
      {!stores.some((s) => s.role === "owner") ? (
        <Box component="section" aria-labelledby="become-h">
          <Typography id="become-h" variant="h2" sx={{ fontSize: "1.4rem", mb: 1 }}>
            {hasAny ? "Open a store of your own" : "Sell your designs on Platen"}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "65ch" }}>
            Upload your artwork, place it on t-shirts, hoodies, mugs, posters, stickers, tote bags and phone cases, and set your price. Our
            print partners make and ship each order; you earn on every sale with no stock and no upfront cost.
          </Typography>
          {application?.status === "pending" ? (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="application-status">
              Your application for {application.storeName} (@{application.handle}) is waiting for review. We will e-mail you.
            </Alert>
          ) : application?.status === "rejected" ? (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="application-status">
              Your application for {application.storeName} was not approved{application.note ? `: ${application.note}` : "."} You can apply
              again.
            </Alert>
          ) : null}
          {application?.status !== "pending" ? (
            <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
              <Button
                component={Link}
                to={signedIn ? "/shop/partners/register" : "/login?next=%2Fshop%2Fpartners%2Fregister"}
                variant="contained"
                size="large"
              >
                {signedIn ? "Become a partner" : "Sign in to become a partner"}
              </Button>
              <Button component={Link} to="/shop/partners/terms" size="large">
                Read the partner terms
              </Button>
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Container>
  );
}
