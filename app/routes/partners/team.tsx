import Avatar from "@mui/material/Avatar";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Typography from "#app/components/ui/Typography.tsx";
import type { Route } from "./+types/team";
import { headerData, PublicStoreHeader } from "#app/components/seller/StoreHeader.tsx";
import { publicStoreOr404 } from "#app/lib/store-access.server.ts";
import { listFulfillersForStore } from "#server/modules/fulfillment/index.ts";
import { listPublicTeam } from "#server/modules/stores/index.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store, access, suspended } = await publicStoreOr404(request, params.handle);
  const [team, fulfillers] = await Promise.all([listPublicTeam(ctx, store), listFulfillersForStore(ctx, store.id, [store.ownerUserId])]);
  return {
    header: headerData(store, suspended, access.role),
    team,
    fulfillers: fulfillers.map((f) => ({ handle: f.handle, name: f.name, description: f.description })),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Team of ${data.header.name} · Platen` : "Page not found · Platen" },
];

export default function StoreTeam({ loaderData }: Route.ComponentProps) {
  const { header, team, fulfillers } = loaderData;
  return (
    <>
      <PublicStoreHeader store={header} current="team" />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
        <Typography variant="h2" sx={{ fontSize: "1.4rem", mb: 2 }}>
          The people behind {header.name}
        </Typography>
        <Grid container spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {team.map((m, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <Card variant="outlined" sx={{ height: "100%" }} data-testid="worker">
                <CardContent>
                  <Avatar sx={{ bgcolor: header.accentColor, color: "#fff", mb: 1 }} alt="">
                    {m.name.slice(0, 1)}
                  </Avatar>
                  <Typography variant="h3" sx={{ fontSize: "1.1rem" }}>
                    {m.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" gutterBottom>
                    {m.title || (m.owner ? "Owner" : "Team member")}
                  </Typography>
                  {m.bio ? <Typography variant="body2">{m.bio}</Typography> : null}
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Typography variant="h2" sx={{ fontSize: "1.4rem", mt: 4, mb: 1 }}>
          Print partners
        </Typography>
        {fulfillers.length ? (
          <Grid container spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
            {fulfillers.map((f) => (
              <Grid key={f.handle} size={{ xs: 12, sm: 6 }} component="li">
                <Card variant="outlined">
                  <CardContent>
                    <Typography variant="h3" sx={{ fontSize: "1.1rem" }}>
                      {f.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      @{f.handle}
                    </Typography>
                    {f.description ? (
                      <Typography variant="body2" sx={{ mt: 1 }}>
                        {f.description}
                      </Typography>
                    ) : null}
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        ) : (
          <Typography color="text.secondary">Products of {header.name} are printed and shipped by Platen&apos;s print partners.</Typography>
        )}
      </Container>
    </>
  );
}
