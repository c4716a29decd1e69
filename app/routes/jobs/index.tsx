import ArrowForward from "@mui/icons-material/ArrowForward";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/index";
import { getCtx } from "#app/lib/session.server.ts";
import { listOpenJobs } from "#server/modules/careers/index.ts";
import { JobChips } from "#app/components/jobs/JobChips.tsx";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const team = url.searchParams.get("team")?.trim() || null;
  const location = url.searchParams.get("location")?.trim() || null;
  const { jobs, teams, locations, total } = await listOpenJobs(await getCtx(request), { team, location });
  const view = jobs.map((j) => ({
    id: j.id,
    title: j.title,
    team: j.team,
    location: j.location,
    employmentType: j.employmentType,
    remote: j.remote,
    summary: j.summary,
  }));
  const groups: { team: string; jobs: typeof view }[] = [];
  for (const job of view) {
    const group = groups.find((g) => g.team === job.team);
    if (group) group.jobs.push(job);
    else groups.push({ team: job.team, jobs: [job] });
  }
  return { groups, teams, locations, total, filter: { team: team ?? "", location: location ?? "" }, count: view.length };
}

export const meta: Route.MetaFunction = () => [
  { title: "Careers · Platen" },
  {
    name: "description",
    content:
      "Work at Platen: open roles in engineering, print production, partnerships and support, helping independent artists sell custom-printed products.",
  },
];

const VALUES = [
  {
    title: "Artists first",
    text: "Every decision starts with the people who make the designs. Partners keep the larger share of every sale, and we explain every cent.",
  },
  {
    title: "Made, not just sold",
    text: "We work on the print floor as much as in the code. Colour, fabric and packaging matter as much as page speed.",
  },
  {
    title: "Calm and written down",
    text: "Small teams, clear written proposals, no late-night heroics. Most of us work hybrid or remote within European time zones.",
  },
];

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { groups, teams, locations, total, filter, count } = loaderData;
  const filtered = Boolean(filter.team || filter.location);
  return (
    <>
      <Box component="section" aria-labelledby="careers-heading" sx={{ bgcolor: "action.hover", py: { xs: 5, md: 8 } }}>
        <Container maxWidth="lg">
          <Typography component="p" variant="overline" color="text.secondary">
            Careers
          </Typography>
          <Typography
            id="careers-heading"
            variant="h1"
            gutterBottom
            sx={{ fontSize: { xs: "2rem", sm: "2.5rem", md: "3rem" }, maxWidth: 760 }}
          >
            Help independent artists turn their work into things people love
          </Typography>
          <Typography sx={{ fontSize: { xs: "1.05rem", md: "1.2rem" }, maxWidth: 760 }}>
            Platen is a marketplace for custom-printed products. Artists open stores, print shops across Europe produce and ship every
            order, and shoppers get something made for them. We are a small team in Berlin, Leipzig and Amsterdam, and remote across Europe.
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 3 }}>
            <Button variant="contained" size="large" href="#open-roles">
              See {total === 1 ? "the open role" : `${total} open roles`}
            </Button>
            <Button variant="outlined" size="large" component={Link} to="/jobs/general">
              Send an open application
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Box component="section" aria-labelledby="working-heading" sx={{ mb: { xs: 5, md: 7 } }}>
          <Typography id="working-heading" variant="h2" gutterBottom>
            Working at Platen
          </Typography>
          <Grid container spacing={3}>
            {VALUES.map((v) => (
              <Grid key={v.title} size={{ xs: 12, md: 4 }}>
                <Paper variant="outlined" sx={{ p: 3, height: "100%" }}>
                  <Typography variant="h3" sx={{ typography: "h4", mb: 1 }}>
                    {v.title}
                  </Typography>
                  <Typography color="text.secondary">{v.text}</Typography>
                </Paper>
              </Grid>
            ))}
          </Grid>
        </Box>

        <Box component="section" id="open-roles" aria-labelledby="roles-heading" sx={{ scrollMarginTop: 80 }}>
          <Typography id="roles-heading" variant="h2" gutterBottom>
            Open roles
          </Typography>
          <Form method="get" action="/jobs" aria-label="Filter open roles" preventScrollReset>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 3, alignItems: { sm: "center" } }}>
              <TextField
                select
                name="team"
                label="Team"
                defaultValue={filter.team}
                size="small"
                sx={{ minWidth: 200 }}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">All teams</option>
                {teams.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </TextField>
              <TextField
                select
                name="location"
                label="Location"
                defaultValue={filter.location}
                size="small"
                sx={{ minWidth: 220 }}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">All locations</option>
                {locations.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </TextField>
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="outlined">
                  Filter
                </Button>
                {filtered ? (
                  <Button component={Link} to="/jobs#open-roles">
                    Clear filters
                  </Button>
                ) : null}
              </Stack>
            </Stack>
          </Form>
          <Typography color="text.secondary" role="status" sx={{ mb: 2 }}>
            {filtered ? `${count} of ${total} open roles match.` : `${total} open ${total === 1 ? "role" : "roles"}.`}
          </Typography>

          {groups.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography variant="h3" sx={{ typography: "h4", mb: 1 }}>
                {filtered ? "No open roles match these filters" : "No open roles right now"}
              </Typography>
              <Typography color="text.secondary">
                {filtered ? (
                  <>
                    Try <Link to="/jobs#open-roles">all open roles</Link>, or send us an open application.
                  </>
                ) : (
                  "We are not hiring for a specific role at the moment, but we always read open applications."
                )}
              </Typography>
            </Paper>
          ) : (
            groups.map((group) => (
              <Box key={group.team} component="section" aria-labelledby={`team-${slug(group.team)}`} sx={{ mb: 4 }}>
                <Typography id={`team-${slug(group.team)}`} variant="h3" sx={{ mb: 1.5 }}>
                  {group.team}
                </Typography>
                <Stack spacing={2}>
                  {group.jobs.map((job) => (
                    <Card key={job.id} variant="outlined" component="article">
                      <CardActionArea component={Link} to={`/jobs/${job.id}`} aria-label={`${job.title}, ${job.location}`}>
                        <CardContent>
                          <Stack
                            direction={{ xs: "column", sm: "row" }}
                            spacing={1}
                            sx={{ justifyContent: "space-between", alignItems: { sm: "flex-start" } }}
                          >
                            <Box sx={{ minWidth: 0 }}>
                              <Typography variant="h4" component="h4" sx={{ mb: 1 }}>
                                {job.title}
                              </Typography>
                              <JobChips job={job} />
                              <Typography color="text.secondary" sx={{ mt: 1.5 }}>
                                {job.summary}
                              </Typography>
                            </Box>
                            <Typography
                              component="span"
                              color="primary"
                              sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, whiteSpace: "nowrap", fontWeight: 600 }}
                            >
                              View role <ArrowForward fontSize="small" aria-hidden />
                            </Typography>
                          </Stack>
                        </CardContent>
                      </CardActionArea>
                    </Card>
                  ))}
                </Stack>
              </Box>
            ))
          )}

          <Paper
            variant="outlined"
            sx={{
              p: { xs: 3, md: 4 },
              mt: 5,
              display: "flex",
              flexDirection: { xs: "column", sm: "row" },
              gap: 2,
              alignItems: { sm: "center" },
              justifyContent: "space-between",
            }}
          >
            <Box>
              <Typography variant="h3" sx={{ mb: 0.5 }}>
                Don’t see your role?
              </Typography>
              <Typography color="text.secondary">
                Send us an open application with your CV. We read every one and get in touch when something fits.
              </Typography>
            </Box>
            <Button variant="contained" component={Link} to="/jobs/general" sx={{ flexShrink: 0 }}>
              Send an open application
            </Button>
          </Paper>
        </Box>
      </Container>
    </>
  );
}

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
