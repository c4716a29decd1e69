import Avatar from "@mui/material/Avatar";
import Box from "#app/components/ui/Box.tsx";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { StoreSearchHit } from "#server/modules/stores/types.ts";
import { mediaUrl } from "../catalog/StoreHeader.tsx";

/** The stores matching a search (/search, above the products). Renders nothing when none match. */
export function StoreResults({ stores }: { stores: StoreSearchHit[] }) {
  if (!stores.length) return null;
  return (
    <Box component="section" aria-labelledby="store-results-title" sx={{ mb: 4 }} data-testid="store-results">
      <Typography id="store-results-title" variant="h2" sx={{ fontSize: "1.25rem", fontWeight: 700, mb: 1.5 }}>
        Stores
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: "none",
          p: 0,
          m: 0,
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(4, 1fr)" },
        }}
      >
        {stores.map((s) => (
          <li key={s.handle}>
            <Card variant="outlined" sx={{ height: "100%" }}>
              <CardActionArea
                component={Link}
                to={`/shop/stores/@${s.handle}`}
                sx={{ p: 1.5, display: "flex", gap: 1.5, justifyContent: "flex-start", height: "100%" }}
              >
                <Avatar src={s.avatarKey ? mediaUrl(s.avatarKey) : undefined} alt="" sx={{ bgcolor: s.accentColor, color: "#fff" }}>
                  {s.name.charAt(0).toUpperCase()}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }} noWrap>
                    {s.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    @{s.handle}
                  </Typography>
                </Box>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Box>
  );
}
