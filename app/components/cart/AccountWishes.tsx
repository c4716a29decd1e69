import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { ProductCard } from "#server/modules/catalog/types.ts";
import { ProductGrid } from "../catalog/ProductGrid.tsx";
import { WishButton } from "../catalog/WishButton.tsx";

/** The "Wishes" section of /account: the newest wishes, and a link to the full list. */
export function AccountWishesSection({ cards, total }: { cards: ProductCard[]; total: number }) {
  return (
    <Paper
      component="section"
      id="wishes"
      aria-labelledby="wishes-title"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, scrollMarginTop: 80 }}
    >
      <Stack direction="row" sx={{ alignItems: "baseline", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
        <Typography id="wishes-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Wishes
        </Typography>
        {total > 0 ? (
          <Button component={Link} to="/wishes" size="small">
            See all {total}
          </Button>
        ) : null}
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Products you hearted, saved to your account.
      </Typography>
      <ProductGrid
        products={cards}
        dense
        eagerCount={0}
        headingLevel="h3"
        label="Your wishes"
        renderWish={(p) => <WishButton productId={p.id} productTitle={p.title} size="small" />}
        emptyText={
          <>
            No wishes yet. Tap the heart on a product in the <Link to="/shop">shop</Link> to keep it here.
          </>
        }
      />
    </Paper>
  );
}
