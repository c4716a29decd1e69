import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";

export interface PublicStoreHeaderData {
  handle: string;
  name: string;
  avatarKey: string | null;
  bannerKey: string | null;
  accentColor: string;
  suspended: boolean;
  canManage: boolean;
}

/** Banner, avatar, name and the store's public tabs (profile, products, team, fan club). */
export function PublicStoreHeader({ store, current }: { store: PublicStoreHeaderData; current: "profile" | "team" | "fanClub" }) {
  const base = `/shop/partners/@${store.handle}`;
  const tabs = [
    { key: "profile", to: base, label: "Profile" },
    { key: "products", to: `${base}/products`, label: "Products" },
    { key: "team", to: `${base}/partners`, label: "Team" },
    { key: "fanClub", to: `${base}/fanClub`, label: "Fan club" },
  ];
  return (
    <Box>
      <Box
        sx={{
          height: { xs: 110, sm: 160, md: 220 },
          bgcolor: store.accentColor,
          backgroundImage: store.bannerKey ? `url(/media/${store.bannerKey})` : undefined,
          backgroundSize: "cover",
          backgroundPosition: "center",
        }}
        role={store.bannerKey ? "img" : undefined}
        aria-label={store.bannerKey ? `${store.name} banner` : undefined}
      />
      <Container maxWidth="lg">
        {store.suspended ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="suspended-banner">
            This store is suspended: shoppers cannot see it. You see it because you {store.canManage ? "manage it" : "are an admin"}.
          </Alert>
        ) : null}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-end" }, mt: { xs: -5, sm: -6 } }}>
          <Avatar
            src={store.avatarKey ? `/media/${store.avatarKey}` : undefined}
            alt={store.avatarKey ? `${store.name} avatar` : ""}
            sx={{
              width: { xs: 88, sm: 112 },
              height: { xs: 88, sm: 112 },
              border: 4,
              borderColor: "background.paper",
              bgcolor: store.accentColor,
              fontSize: "2.5rem",
              color: "#fff",
            }}
          >
            {store.name.slice(0, 1)}
          </Avatar>
          <Box sx={{ flexGrow: 1, pb: 1 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" } }}>
              {store.name}
            </Typography>
            <Typography color="text.secondary">@{store.handle}</Typography>
          </Box>
          {store.canManage ? (
            <Button component={Link} to={`${base}/administration`} variant="outlined" sx={{ mb: 1 }}>
              Manage store
            </Button>
          ) : null}
        </Stack>
        <Box
          component="nav"
          aria-label={`${store.name} pages`}
          sx={{ display: "flex", gap: 1, flexWrap: "wrap", borderBottom: 1, borderColor: "divider", mt: 2, pb: 1 }}
        >
          {tabs.map((t) => (
            <Button
              key={t.key}
              component={Link}
              to={t.to}
              variant={t.key === current ? "contained" : "text"}
              size="small"
              aria-current={t.key === current ? "page" : undefined}
            >
              {t.label}
            </Button>
          ))}
        </Box>
      </Container>
    </Box>
  );
}

export function headerData(
  store: { handle: string; name: string; avatarKey: string | null; bannerKey: string | null; accentColor: string },
  suspended: boolean,
  role: string,
): PublicStoreHeaderData {
  return {
    handle: store.handle,
    name: store.name,
    avatarKey: store.avatarKey,
    bannerKey: store.bannerKey,
    accentColor: store.accentColor,
    suspended,
    canManage: role === "owner" || role === "member",
  };
}
