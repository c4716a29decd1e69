import Box from "#app/components/ui/Box.tsx";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/category";
import { Breadcrumbs } from "#app/components/Breadcrumbs.tsx";
import { CatalogGrid } from "#app/components/catalog/CatalogGrid.tsx";
import { loadGrid } from "#app/lib/catalog/grid.server.ts";
import { notFoundMessage } from "#app/components/ErrorView.tsx";
import { getCtx } from "#app/lib/session.server.ts";
import { CATEGORY_INTROS } from "#app/components/catalog/category-copy.ts";
import { CATEGORIES, CATEGORY_LABELS } from "#server/modules/catalog/types.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  const category = CATEGORIES.find((c) => c === params.category);
  if (!category) throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
  const ctx = await getCtx(request);
  return { category, ...(await loadGrid(ctx, request, { category })) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [{ title: `${CATEGORY_LABELS[data.category]} · Platen` }, { name: "description", content: CATEGORY_INTROS[data.category] }]
    : [{ title: "Page not found · Platen" }];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, ...grid } = loaderData;
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
        <MuiLink component={Link} to="/shop" underline="hover" color="inherit">
          Shop
        </MuiLink>
        <Typography color="text.primary" aria-current="page">
          {CATEGORY_LABELS[category]}
        </Typography>
      </Breadcrumbs>
      <Box sx={{ mb: { xs: 2, md: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: "2rem", md: "2.5rem" }, mb: 1 }}>
          {CATEGORY_LABELS[category]}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 680 }}>
          {CATEGORY_INTROS[category]}
        </Typography>
      </Box>
      <CatalogGrid
        {...grid}
        fixed={["category"]}
        heading={`All ${CATEGORY_LABELS[category].toLowerCase()}`}
        emptyText={`No ${CATEGORY_LABELS[category].toLowerCase()} match these filters yet.`}
      />
    </Container>
  );
}
