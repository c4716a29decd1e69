import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/profile";
import { headerData, PublicStoreHeader } from "#app/components/seller/StoreHeader.tsx";
import { publicStoreOr404 } from "#app/lib/store-access.server.ts";
import { countFanClubMembers, listPublicTeam } from "#server/modules/stores/index.ts";
import { formatMonthYear } from "#app/lib/dates.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store, access, suspended } = await publicStoreOr404(request, params.handle);
  const [team, fans] = await Promise.all([listPublicTeam(ctx, store), countFanClubMembers(ctx, store.id)]);
  return {
    header: headerData(store, suspended, access.role),
    bio: store.bio,
    links: store.links,
    team: team.slice(0, 6),
    teamSize: team.length,
    fans,
    since: formatMonthYear(store.createdAt),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.header.name} (@${data.header.handle}) · Platen` },
        { name: "description", content: data.bio.slice(0, 160) || `${data.header.name} on Platen.` },
      ]
    : [{ title: "Page not found · Platen" }];

export default function PartnerProfile({ loaderData }: Route.ComponentProps) {
  const { header, bio, links, team, teamSize, fans, since } = loaderData;
  const base = `/shop/partners/@${header.handle}`;
  return (
    <>
      <PublicStoreHeader store={header} current="profile" />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Typography variant="h2" sx={{ fontSize: "1.3rem", mb: 1 }}>
              About
            </Typography>
            <Typography sx={{ whiteSpace: "pre-line", mb: 2 }}>{bio || "This partner has not written a bio yet."}</Typography>
            {links.length ? (
              <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap", mb: 3 }} component="ul" style={{ listStyle: "none", padding: 0 }}>
                {links.map((l) => (
                  <li key={l.url}>
                    <MuiLink href={l.url} target="_blank" rel="noopener noreferrer nofollow" underline="always">
                      {l.label}
                    </MuiLink>
                  </li>
                ))}
              </Stack>
            ) : null}
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
              <Button component={Link} to={`${base}/products`} variant="contained">
                Browse products
              </Button>
              <Button component={Link} to={`/shop/stores/@${header.handle}`} variant="outlined">
                Visit the shop front
              </Button>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={2}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h2" sx={{ fontSize: "1.1rem" }}>
                  Fan club
                </Typography>
                <Typography sx={{ my: 1 }} data-testid="fan-count">
                  {fans} {fans === 1 ? "member" : "members"}
                </Typography>
                <Button component={Link} to={`${base}/fanClub`} size="small" variant="outlined">
                  Join the fan club
                </Button>
              </Paper>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h2" sx={{ fontSize: "1.1rem", mb: 1 }}>
                  Team
                </Typography>
                <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
                  {team.map((m, i) => (
                    <li key={i}>
                      <Typography sx={{ fontWeight: 600 }}>{m.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {m.title || (m.owner ? "Owner" : "Team member")}
                      </Typography>
                    </li>
                  ))}
                </Stack>
                {teamSize > team.length || teamSize > 1 ? (
                  <MuiLink component={Link} to={`${base}/partners`} underline="always" sx={{ display: "inline-block", mt: 1 }}>
                    Meet the team
                  </MuiLink>
                ) : null}
              </Paper>
              <Typography variant="body2" color="text.secondary">
                On Platen since {since}
              </Typography>
            </Stack>
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
