import CheckCircle from "@mui/icons-material/CheckCircle";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import Schedule from "@mui/icons-material/Schedule";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/getting-started";
import { StoreAdminShell } from "#app/components/seller/StoreAdminNav.tsx";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { countProductsByStatus } from "#server/modules/catalog/index.ts";
import { storeSetupFacts } from "#server/modules/stores/index.ts";

export const meta: Route.MetaFunction = () => [{ title: "Getting started · Platen" }];

type StepState = "done" | "todo" | "later";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store } = await requireStoreAccess(request, params.handle);
  const [counts, facts] = await Promise.all([countProductsByStatus(ctx, store.id), storeSetupFacts(ctx, store.id)]);
  const created = Object.values(counts).reduce((a, n) => a + n, 0) > 0;
  const published = counts.published + counts.unpublished > 0;
  const base = `/shop/partners/@${store.handle}/administration`;
  const steps: { id: string; title: string; detail: string; state: StepState; to?: string; action?: string; optional?: boolean }[] = [
    {
      id: "profile",
      title: "Complete your profile",
      detail:
        store.bio.trim().length >= 20 && store.avatarKey
          ? "Bio and avatar are set."
          : `Add ${[store.bio.trim().length < 20 ? "a bio" : "", !store.avatarKey ? "an avatar" : ""].filter(Boolean).join(" and ")} so shoppers know who you are.`,
      state: store.bio.trim().length >= 20 && store.avatarKey ? "done" : "todo",
      to: `${base}/profile`,
      action: "Edit profile",
    },
    {
      id: "first-product",
      title: "Create your first product",
      detail: created ? "You have designed a product." : "Pick a blank, upload artwork and place it.",
      state: created ? "done" : "todo",
      to: `${base}/products/create`,
      action: "Design a product",
    },
    {
      id: "first-publish",
      title: "Publish your first product",
      detail: published ? "Shoppers can find your work." : "Publish a product so it appears in the shop and search.",
      state: published ? "done" : "todo",
      to: `${base}/products`,
      action: "Your products",
    },
    {
      id: "team",
      title: "Invite your team",
      detail: facts.teamInvited ? "Your team is invited." : "Optional: let others help with products, profile or orders.",
      state: facts.teamInvited ? "done" : "todo",
      to: `${base}/workerprofile`,
      action: "Invite",
      optional: true,
    },
    {
      id: "fan-club-post",
      title: "Write to your fan club",
      detail: facts.fanClubPost ? "You have posted to your fans." : "Say hello; members-only posts and perks reward your fans.",
      state: facts.fanClubPost ? "done" : "todo",
      to: `/shop/partners/@${store.handle}/fanClub`,
      action: "Write a post",
    },
    {
      id: "payouts",
      title: "Set up your payout account",
      detail:
        "Not open yet: Platen does not pay out to bank accounts today. Every sale's earnings are recorded in the ledger from the first one, and your orders page shows them pending, on hold and available.",
      state: "later",
    },
  ];
  return {
    store: {
      handle: store.handle,
      name: store.name,
      status: store.status,
      suspendedReason: store.suspendedReason,
      avatarKey: store.avatarKey,
      accentColor: store.accentColor,
    },
    steps,
  };
}

export default function GettingStarted({ loaderData }: Route.ComponentProps) {
  const { store, steps } = loaderData;
  const counted = steps.filter((s) => s.state !== "later" && !s.optional);
  const done = counted.filter((s) => s.state === "done").length;
  return (
    <StoreAdminShell store={store} active="getting-started">
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" }, mb: 1 }}>
        Getting started
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Welcome to {store.name}. This checklist updates itself as you go: {done} of {counted.length} essential steps done.
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(done / counted.length) * 100}
        sx={{ mb: 3, height: 8, borderRadius: 4 }}
        aria-label="Setup progress"
      />
      <Paper variant="outlined">
        <List aria-label="Checklist" data-testid="checklist">
          {steps.map((s) => (
            <ListItem key={s.id} data-step={s.id} data-state={s.state} sx={{ alignItems: "flex-start" }}>
              <ListItemIcon sx={{ mt: 1 }}>
                {s.state === "done" ? (
                  <CheckCircle color="success" titleAccess="Done" />
                ) : s.state === "later" ? (
                  <Schedule color="disabled" titleAccess="Not open yet" />
                ) : (
                  <RadioButtonUnchecked titleAccess="To do" />
                )}
              </ListItemIcon>
              <Box sx={{ display: "flex", flexDirection: { xs: "column", sm: "row" }, alignItems: { sm: "center" }, gap: 1, flexGrow: 1 }}>
                <ListItemText
                  primary={`${s.title}${s.optional ? " (optional)" : ""}${s.state === "later" ? " (not open yet)" : ""}`}
                  secondary={s.detail}
                />
                {s.to && s.state !== "done" ? (
                  <Button
                    component={Link}
                    to={s.to}
                    size="small"
                    variant="outlined"
                    sx={{ flexShrink: 0, alignSelf: { xs: "flex-start", sm: "center" } }}
                  >
                    {s.action}
                  </Button>
                ) : null}
              </Box>
            </ListItem>
          ))}
        </List>
      </Paper>
    </StoreAdminShell>
  );
}
