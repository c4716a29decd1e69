import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import MuiLink from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PriceText } from "./PriceText.tsx";
import { ProductImage } from "./ProductImage.tsx";
import type { ProductCard as ProductCardData } from "#server/modules/catalog/types.ts";

export const productPath = (id: string): string => `/shop/product/${encodeURIComponent(id)}`;
export const storePath = (handle: string): string => `/shop/stores/@${encodeURIComponent(handle)}`;

const MAX_DOTS = 6;

export function ColorDots({ colors }: { colors: { name: string; hex: string }[] }) {
  if (colors.length === 0) return null;
  const shown = colors.slice(0, MAX_DOTS);
  const label = `Colours: ${colors.map((c) => c.name).join(", ")}`;
  return (
    <Box role="img" aria-label={label} title={label} sx={{ display: "flex", gap: 0.5, alignItems: "center" }}>
      {shown.map((c) => (
        <Box
          key={c.name}
          component="span"
          sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: c.hex, border: 1, borderColor: "divider" }}
        />
      ))}
      {colors.length > MAX_DOTS ? (
        <Typography component="span" variant="caption" color="text.secondary">
          +{colors.length - MAX_DOTS}
        </Typography>
      ) : null}
    </Box>
  );
}

export interface ProductCardProps {
  product: ProductCardData;
  currency?: string;
  /** First row of a grid: image eager. */
  eager?: boolean;
  sizes?: string;
  /** Slot for the wish heart (the shopping helper's WishButton). */
  wish?: ReactNode;
  /** Heading level of the title inside the page outline. */
  headingLevel?: "h2" | "h3" | "h4";
  /** Title with <mark> highlights (search), already HTML-escaped. */
  highlightedTitle?: string;
}

/** A product in a grid: mockup, title, store, price, colours; the whole image+title is one link. */
export function ProductCard({ product, currency = "USD", eager, sizes, wish, headingLevel = "h3", highlightedTitle }: ProductCardProps) {
  return (
    <Card
      variant="outlined"
      component="article"
      data-testid="product-card"
      data-product-id={product.id}
      sx={{
        position: "relative",
        display: "flex",
        flexDirection: "column",
        height: "100%",
        minWidth: 0,
        transition: "box-shadow .15s",
        "&:hover": { boxShadow: 3 },
      }}
    >
      <Box
        component={Link}
        to={productPath(product.id)}
        prefetch="intent"
        sx={{ color: "inherit", textDecoration: "none", display: "block" }}
      >
        <ProductImage image={product.image} alt={product.title} eager={eager} sizes={sizes} />
        <Box sx={{ px: 1.5, pt: 1.25 }}>
          <Typography
            component={headingLevel}
            variant="subtitle1"
            sx={{
              fontWeight: 600,
              lineHeight: 1.3,
              overflow: "hidden",
              display: "-webkit-box",
              WebkitLineClamp: 2,
              WebkitBoxOrient: "vertical",
              "& mark": { bgcolor: "warning.light", color: "inherit" },
            }}
            {...(highlightedTitle ? { dangerouslySetInnerHTML: { __html: highlightedTitle } } : { children: product.title })}
          />
        </Box>
      </Box>
      <Box sx={{ px: 1.5, pb: 1.5, pt: 0.5, mt: "auto", display: "grid", gap: 0.75 }}>
        <MuiLink
          component={Link}
          to={storePath(product.storeHandle)}
          variant="body2"
          color="text.secondary"
          underline="hover"
          sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
        >
          {product.storeName}
        </MuiLink>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
          <PriceText minor={product.priceMinor} maxMinor={product.priceMaxMinor} currency={product.currency ?? currency} />
          <ColorDots colors={product.colors} />
        </Box>
      </Box>
      {wish ? <Box sx={{ position: "absolute", top: 6, right: 6 }}>{wish}</Box> : null}
    </Card>
  );
}
