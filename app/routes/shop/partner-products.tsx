import Box from "#app/components/ui/Box.tsx";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/partner-products";
import { CatalogGrid } from "#app/components/catalog/CatalogGrid.tsx";
import { StoreHeader } from "#app/components/catalog/StoreHeader.tsx";
import { loadStorePage } from "#app/lib/catalog/store-page.server.ts";
import { notFoundMessage } from "#app/components/ErrorView.tsx";
import { CATEGORIES, CATEGORY_LABELS } from "#server/modules/catalog/types.ts";

// Serves /shop/partners/@{name}/products and /shop/partners/@{name}/products/{category}.
export async function loader({ request, params }: Route.LoaderArgs) {
  const raw = (params as { category?: string }).category;
  const category = raw === undefined ? undefined : CATEGORIES.find((c) => c === raw);
  if (raw !== undefined && !category)
    throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
  return { category: category ?? null, ...(await loadStorePage(request, params.handle, category)) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.category ? `${CATEGORY_LABELS[data.category]} by` : "Products by"} ${data.store.name} · Platen` },
        {
          name: "description",
          content: `${data.category ? CATEGORY_LABELS[data.category] : "Products"} designed by ${data.store.name} (@${data.store.handle}), printed on demand.`,
        },
        {
          tagName: "link",
          rel: "canonical",
          href: `${data.publicUrl}/shop/stores/@${data.store.handle}${data.category ? `?category=${data.category}` : ""}`,
        },
      ]
    : [{ title: "Page not found · Platen" }];

export default function PartnerProducts({ loaderData }: Route.ComponentProps) {
  const { store, category, publicUrl: _publicUrl, ...grid } = loaderData;
  const base = `/shop/partners/@${store.handle}/products`;
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <StoreHeader store={store} />
      <Box component="nav" aria-label={`Categories of ${store.name}`} sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 3 }}>
        <Chip
          component={Link}
          to={base}
          label="All"
          clickable
          variant={category ? "outlined" : "filled"}
          aria-current={category ? undefined : "page"}
        />
        {CATEGORIES.filter((c) => c === category || grid.result.facets.category.some((f) => f.value === c)).map((c) => (
          <Chip
            key={c}
            component={Link}
            to={`${base}/${c}`}
            label={CATEGORY_LABELS[c]}
            clickable
            variant={category === c ? "filled" : "outlined"}
            aria-current={category === c ? "page" : undefined}
          />
        ))}
      </Box>
      <CatalogGrid
        {...grid}
        fixed={category ? ["storeHandle", "category"] : ["storeHandle"]}
        heading={category ? `${CATEGORY_LABELS[category]} by ${store.name}` : `Products by ${store.name}`}
        emptyText={`${store.name} has no ${category ? CATEGORY_LABELS[category].toLowerCase() : "products"} matching these filters yet.`}
      />
    </Container>
  );
}
