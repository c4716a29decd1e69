import Box from "#app/components/ui/Box.tsx";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { CATEGORIES, CATEGORY_LABELS } from "#server/modules/catalog/types.ts";
import type { BlankSummary } from "./types.ts";

/** Step 1: the blanks by category, each a link to the designer with that blank. */
export function BlankPicker({ blanks, selected, base }: { blanks: BlankSummary[]; selected: string | null; base: string }) {
  return (
    <Box>
      {CATEGORIES.filter((c) => blanks.some((b) => b.category === c)).map((cat) => (
        <Box key={cat} sx={{ mb: 2 }}>
          <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600, mb: 1 }}>
            {CATEGORY_LABELS[cat]}
          </Typography>
          <Grid container spacing={1.5}>
            {blanks
              .filter((b) => b.category === cat)
              .map((b) => (
                <Grid key={b.id} size={{ xs: 6, sm: 4, lg: 3 }}>
                  <Card
                    variant="outlined"
                    sx={{
                      height: "100%",
                      borderColor: b.id === selected ? "primary.main" : undefined,
                      borderWidth: b.id === selected ? 2 : 1,
                    }}
                  >
                    <CardActionArea
                      component={Link}
                      to={`${base}?blank=${b.id}#artwork`}
                      aria-current={b.id === selected ? "true" : undefined}
                      data-testid="blank-card"
                      sx={{ height: "100%" }}
                    >
                      {b.thumb ? (
                        <Box
                          component="img"
                          src={b.thumb}
                          alt=""
                          loading="lazy"
                          width={240}
                          height={240}
                          sx={{
                            width: "100%",
                            height: "auto",
                            aspectRatio: "1 / 1",
                            objectFit: "cover",
                            bgcolor: "#eceae6",
                            display: "block",
                          }}
                        />
                      ) : null}
                      <CardContent sx={{ p: 1.5 }}>
                        <Typography sx={{ fontWeight: 600 }}>{b.name}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          from {b.from} base cost
                        </Typography>
                        <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }} aria-label={`${b.colors.length} colours`}>
                          {b.colors.map((c) => (
                            <Box
                              key={c.name}
                              title={c.name}
                              sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: c.hex, border: "1px solid rgba(0,0,0,0.25)" }}
                            />
                          ))}
                        </Stack>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              ))}
          </Grid>
        </Box>
      ))}
    </Box>
  );
}
