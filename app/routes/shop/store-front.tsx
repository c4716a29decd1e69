import Container from "@mui/material/Container";
import type { Route } from "./+types/store-front";
import { CatalogGrid } from "#app/components/catalog/CatalogGrid.tsx";
import { StoreHeader } from "#app/components/catalog/StoreHeader.tsx";
import { loadStorePage } from "#app/lib/catalog/store-page.server.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadStorePage(request, params.handle);
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.store.name} (@${data.store.handle}) · Platen` },
        { name: "description", content: data.store.bio.slice(0, 160) || `Original designs by ${data.store.name}, printed on demand.` },
        { tagName: "link", rel: "canonical", href: `${data.publicUrl}/shop/stores/@${data.store.handle}` },
        ...(data.store.suspended ? [{ name: "robots", content: "noindex" }] : []),
      ]
    : [{ title: "Page not found · Platen" }];

export default function StoreFront({ loaderData }: Route.ComponentProps) {
  const { store, publicUrl: _publicUrl, ...grid } = loaderData;
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <StoreHeader store={store} />
      <CatalogGrid
        {...grid}
        fixed={["storeHandle"]}
        heading={`Products by ${store.name}`}
        emptyText={`${store.name} has no products matching these filters yet.`}
      />
    </Container>
  );
}
