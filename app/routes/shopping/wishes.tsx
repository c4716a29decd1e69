import FavoriteBorder from "@mui/icons-material/FavoriteBorder";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Container from "@mui/material/Container";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { useEffect, useState } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/wishes";
import { ProductGrid } from "#app/components/catalog/ProductGrid.tsx";
import { WishButton } from "#app/components/catalog/WishButton.tsx";
import { useUserData } from "#app/lib/use-user-data.ts";
import { getCtx } from "#app/lib/session.server.ts";
import type { ProductCard } from "#server/modules/catalog/types.ts";
import { getWishes } from "#server/modules/shopping/index.ts";
import { normaliseWishIds } from "#server/modules/shopping/types.ts";

export const meta: Route.MetaFunction = () => [{ title: "Wishes · Platen" }, { name: "robots", content: "noindex" }];

/** A signed-in shopper's wishes come from the server; a visitor's from localStorage (fetched in the browser). */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  if (ctx.actor.kind !== "user") return { signedIn: false as const, cards: [] as ProductCard[] };
  const { cards } = await getWishes(ctx);
  return { signedIn: true as const, cards };
}

function EmptyWishes({ signedIn, placeholder = false }: { signedIn: boolean; placeholder?: boolean }) {
  return (
    <Box sx={{ textAlign: "center", py: 8 }} data-testid={placeholder ? undefined : "wishes-empty"}>
      <FavoriteBorder sx={{ fontSize: 56, color: "text.secondary" }} />
      <Typography variant="h6" component="h2" sx={{ mt: 1, fontWeight: 700 }}>
        No wishes yet
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 460, mx: "auto" }}>
        Tap the heart on any product to keep it here.{" "}
        {signedIn
          ? "Your wishes are saved to your account."
          : "Your wishes are kept in this browser; sign in to keep them on your account."}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "center" }}>
        <Button component={Link} to="/shop" variant="contained">
          Browse the shop
        </Button>
        {!signedIn ? (
          <Button component={Link} to="/login?next=%2Fwishes" variant="outlined">
            Sign in
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}

function VisitorWishes() {
  const userData = useUserData();
  const ids = normaliseWishIds(userData.wishes);
  const key = ids.join(",");
  const [cards, setCards] = useState<ProductCard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!hydrated) return;
    if (!key) {
      setCards([]);
      return;
    }
    let live = true;
    fetch(`/api/wishes?ids=${encodeURIComponent(key)}`, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(async (res) => {
        if (!res.ok) throw new Error();
        const body = (await res.json()) as { cards: ProductCard[] };
        if (live) setCards(body.cards);
      })
      .catch(() => live && setError("Your wishes could not be loaded. Check your connection and reload the page."));
    return () => {
      live = false;
    };
  }, [key, hydrated]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!cards)
    // While the browser reads the visitor's wishes, the space the empty list takes (most visitors
    // have none) is kept, invisible, under the spinner: the footer does not jump 200 px when it
    // shows (a layout shift of 0.13 on a phone).
    return (
      <Box sx={{ position: "relative" }}>
        <Box aria-hidden sx={{ visibility: "hidden" }}>
          <EmptyWishes signedIn={false} placeholder />
        </Box>
        <Box sx={{ position: "absolute", inset: 0, display: "grid", placeItems: "center" }}>
          <CircularProgress aria-label="Loading your wishes" />
        </Box>
      </Box>
    );
  if (!cards.length) return <EmptyWishes signedIn={false} />;
  return (
    <>
      <Alert severity="info" sx={{ mb: 3 }}>
        Your wishes are kept in this browser. <Link to="/login?next=%2Fwishes">Sign in</Link> to keep them on your account and see them on
        any device.
      </Alert>
      <ProductGrid
        products={cards}
        label="Your wishes"
        renderWish={(p) => <WishButton productId={p.id} productTitle={p.title} size="small" />}
        headingLevel="h2"
      />
    </>
  );
}

export default function Wishes({ loaderData }: Route.ComponentProps) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: "2rem", sm: "2.5rem" } }}>
        Your wishes
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Products you hearted. Not sure what to get? <Link to="/product-request">Ask partners for something new</Link>.
      </Typography>
      {loaderData.signedIn ? (
        loaderData.cards.length ? (
          <ProductGrid
            products={loaderData.cards}
            label="Your wishes"
            renderWish={(p) => <WishButton productId={p.id} productTitle={p.title} size="small" />}
            headingLevel="h2"
          />
        ) : (
          <EmptyWishes signedIn />
        )
      ) : (
        <VisitorWishes />
      )}
    </Container>
  );
}
