import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { fixed } from "#app/theme/fixed-styles.tsx";
import { ProductCard } from "./ProductCard.tsx";
import { GRID_SIZES } from "./ProductImage.tsx";
import type { ProductCard as ProductCardData } from "#server/modules/catalog/types.ts";

export interface ProductGridProps {
  products: (ProductCardData & { highlightedTitle?: string })[];
  currency?: string;
  /** How many cards are above the fold (eager images); 0 for grids lower on the page. Default: one row at lg (4). */
  eagerCount?: number;
  headingLevel?: "h2" | "h3" | "h4";
  /** Wish heart per product (the shopping helper's WishButton). */
  renderWish?: (product: ProductCardData) => ReactNode;
  emptyText?: ReactNode;
  /** Accessible name of the list. */
  label?: string;
  /** Compact: 2 columns xs, 3 sm, 4 md, 6 lg (for "more from this store" rows). */
  dense?: boolean;
}

const gridStyle = (dense: boolean) => ({
  listStyle: "none",
  p: 0,
  m: 0,
  display: "grid",
  gap: { xs: 1.5, md: 2 },
  gridTemplateColumns: dense
    ? {
        xs: "repeat(2, minmax(0, 1fr))",
        sm: "repeat(3, minmax(0, 1fr))",
        md: "repeat(4, minmax(0, 1fr))",
        lg: "repeat(6, minmax(0, 1fr))",
      }
    : { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" },
});
const Grid = fixed("ul", gridStyle(false), "MuiBox-root");
const DenseGrid = fixed("ul", gridStyle(true), "MuiBox-root");
const Cell = fixed("li", { minWidth: 0 }, "MuiBox-root");

/** Responsive product grid: 2 columns xs, 3 md, 4 lg. */
export function ProductGrid({
  products,
  currency = "USD",
  eagerCount = 4,
  headingLevel = "h3",
  renderWish,
  emptyText = "No products here yet.",
  label,
  dense,
}: ProductGridProps) {
  if (products.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4 }} data-testid="product-grid-empty">
        {emptyText}
      </Typography>
    );
  }
  const List = dense ? DenseGrid : Grid;
  return (
    <List aria-label={label} data-testid="product-grid">
      {products.map((p, i) => (
        <Cell key={p.id}>
          <ProductCard
            product={p}
            currency={currency}
            eager={i < eagerCount}
            sizes={dense ? "(min-width: 1024px) 190px, (min-width: 768px) 24vw, (min-width: 640px) 31vw, 48vw" : GRID_SIZES}
            headingLevel={headingLevel}
            wish={renderWish?.(p)}
            highlightedTitle={p.highlightedTitle}
          />
        </Cell>
      ))}
    </List>
  );
}
