import Box from "#app/components/ui/Box.tsx";
import Container from "@mui/material/Container";
import Typography from "#app/components/ui/Typography.tsx";
import type { Route } from "./+types/index";
import { ChipLink } from "#app/components/ChipLink.tsx";
import { CatalogGrid } from "#app/components/catalog/CatalogGrid.tsx";
import { loadGrid } from "#app/lib/catalog/grid.server.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { CATEGORIES, CATEGORY_LABELS } from "#server/modules/catalog/types.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  return loadGrid(ctx, request);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.query.page && data.query.page > 1 ? `Shop, page ${data.query.page} · Platen` : "Shop · Platen" },
  {
    name: "description",
    content:
      "Shop t-shirts, hoodies, mugs, posters, stickers, tote bags and phone cases designed by independent artists and printed on demand.",
  },
];

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { query } = loaderData;
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: "2rem", md: "2.5rem" }, mb: 1 }}>
        Shop
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 680 }}>
        Original designs from independent artists, printed to order by a print shop near you.
      </Typography>
      <Box component="nav" aria-label="Categories" sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: { xs: 2, md: 4 } }}>
        {CATEGORIES.map((c) => (
          <ChipLink key={c} to={`/shop/products/${c}`} label={CATEGORY_LABELS[c]} filled={query.category === c} />
        ))}
      </Box>
      <CatalogGrid {...loaderData} heading={query.category ? CATEGORY_LABELS[query.category] : "All products"} />
    </Container>
  );
}
