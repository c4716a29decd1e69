import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import MuiLink from "@mui/material/Link";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";

import type { StoreHeaderData } from "#app/lib/catalog/store-header-data.ts";

export type { StoreHeaderData };

export const mediaUrl = (key: string) => `/media/${key.split("/").map(encodeURIComponent).join("/")}`;

/** Banner, avatar, name, @handle, bio, links and the fan club of a store's public pages. */
export function StoreHeader({ store, headingLevel = "h1" }: { store: StoreHeaderData; headingLevel?: "h1" | "h2" }) {
  const initials = store.name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <Box component="header" sx={{ mb: { xs: 3, md: 4 } }}>
      {store.suspended ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This store is suspended: visitors cannot see it. You see it because you manage it or are an administrator.
        </Alert>
      ) : null}
      <Box
        data-testid="store-banner"
        sx={{
          height: { xs: 120, sm: 180, md: 220 },
          borderRadius: 2,
          overflow: "hidden",
          bgcolor: store.accentColor,
          backgroundImage: store.bannerKey
            ? `url("${mediaUrl(store.bannerKey)}")`
            : `linear-gradient(135deg, ${store.accentColor}, rgba(0,0,0,0.35))`,
          backgroundSize: "cover",
          backgroundPosition: "center",
        }}
        role={store.bannerKey ? "img" : undefined}
        aria-label={store.bannerKey ? `Banner of ${store.name}` : undefined}
      />
      <Box
        sx={{
          display: "flex",
          gap: 2,
          alignItems: { xs: "flex-start", sm: "flex-end" },
          flexWrap: "wrap",
          mt: { xs: -4, sm: -5 },
          px: { xs: 1.5, sm: 3 },
        }}
      >
        <Avatar
          src={store.avatarKey ? mediaUrl(store.avatarKey) : undefined}
          alt={store.avatarKey ? store.name : undefined}
          sx={{
            width: { xs: 80, sm: 104 },
            height: { xs: 80, sm: 104 },
            border: 4,
            borderColor: "background.default",
            bgcolor: store.accentColor,
            fontSize: 32,
            color: "#fff",
          }}
        >
          {initials}
        </Avatar>
        <Box sx={{ flex: "1 1 240px", minWidth: 0, pb: { sm: 0.5 } }}>
          <Typography component={headingLevel} variant="h1" sx={{ fontSize: { xs: "1.75rem", md: "2.25rem" }, overflowWrap: "anywhere" }}>
            {store.name}
          </Typography>
          <Typography color="text.secondary">@{store.handle}</Typography>
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", pb: { sm: 0.5 } }}>
          <Button component={Link} to={`/shop/partners/@${store.handle}/fanClub`} variant="contained">
            Fan club{store.fanCount ? ` · ${store.fanCount}` : ""}
          </Button>
          {store.canManage ? (
            <Button component={Link} to={`/shop/partners/@${store.handle}/administration`} variant="outlined">
              Manage store
            </Button>
          ) : null}
        </Box>
      </Box>
      {store.bio ? (
        <Typography sx={{ mt: 2, maxWidth: 760, whiteSpace: "pre-line", px: { xs: 0, sm: 3 } }} data-testid="store-bio">
          {store.bio}
        </Typography>
      ) : null}
      {store.links.length ? (
        <Box
          component="ul"
          sx={{ listStyle: "none", p: 0, m: 0, mt: 1.5, px: { xs: 0, sm: 3 }, display: "flex", gap: 2, flexWrap: "wrap" }}
        >
          {store.links.map((l) => (
            <li key={l.url}>
              <MuiLink href={l.url} rel="noopener nofollow ugc" target="_blank">
                {l.label || l.url}
              </MuiLink>
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
