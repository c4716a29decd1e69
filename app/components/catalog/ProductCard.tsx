import type { Theme } from "@mui/material/styles";
import { fixed } from "#app/theme/fixed-styles.tsx";
import { linkClasses, linkStyle, typographyClasses, typographyStyle } from "#app/theme/fixed-mui.ts";
import type { ReactNode } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import { ServerPart } from "#app/components/ui/ServerPart.tsx";
import { PriceText } from "./PriceText.tsx";
import { ProductImage } from "./ProductImage.tsx";
import type { ProductCard as ProductCardData } from "#server/modules/catalog/types.ts";

export const productPath = (id: string): string => `/shop/product/${encodeURIComponent(id)}`;
export const storePath = (handle: string): string => `/shop/stores/@${encodeURIComponent(handle)}`;

const MAX_DOTS = 6;

// The card's styles are fixed (app/theme/fixed-styles.tsx): worked out once per theme, not per card
// per request. Each reproduces what MUI's component and the `sx` it had produced (same CSS, the
// same MUI class names).
const DotsRow = fixed("div", { display: "flex", gap: 0.5, alignItems: "center" }, "MuiBox-root");
const Dot = fixed("span", { width: 12, height: 12, borderRadius: "50%", border: 1, borderColor: "divider" }, "MuiBox-root");
// The body's text colour: MUI 9's Typography ignored the `color="text.secondary"` this had.
const DotsMore = fixed("span", (t) => typographyStyle(t, "caption"), typographyClasses("caption"));
const CardRoot = fixed(
  "article",
  (t) => ({
    backgroundColor: t.palette.background.paper,
    color: t.palette.text.primary,
    borderRadius: `${t.shape.borderRadius}px`,
    border: `1px solid ${t.palette.divider}`,
    overflow: "hidden",
    position: "relative",
    display: "flex",
    flexDirection: "column",
    height: "100%",
    minWidth: 0,
    transition: "box-shadow .15s",
    "&:hover": { boxShadow: 3 },
  }),
  "MuiPaper-root MuiPaper-outlined MuiPaper-rounded MuiCard-root",
);
const CardLink = fixed("a", { color: "inherit", textDecoration: "none", display: "block" }, "MuiBox-root");
const TitleBox = fixed("div", { px: 1.5, pt: 1.25 }, "MuiBox-root");
const titleStyle = (t: Theme) => ({
  ...typographyStyle(t, "subtitle1"),
  fontWeight: 600,
  lineHeight: 1.3,
  overflow: "hidden",
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  "& mark": { bgcolor: "warning.light", color: "inherit" },
});
const Titles = {
  h2: fixed("h2", titleStyle, typographyClasses("subtitle1")),
  h3: fixed("h3", titleStyle, typographyClasses("subtitle1")),
  h4: fixed("h4", titleStyle, typographyClasses("subtitle1")),
};
const Foot = fixed("div", { px: 1.5, pb: 1.5, pt: 0.5, mt: "auto", display: "grid", gap: 0.75 }, "MuiBox-root");
const StoreLink = fixed(
  "a",
  (t) => ({
    ...linkStyle(t, "body2", "secondary"),
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
  }),
  linkClasses("body2"),
);
const PriceRow = fixed("div", { display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1 }, "MuiBox-root");
const WishSlot = fixed("div", { position: "absolute", top: 6, right: 6 }, "MuiBox-root");

export function ColorDots({ colors }: { colors: { name: string; hex: string }[] }) {
  if (colors.length === 0) return null;
  const shown = colors.slice(0, MAX_DOTS);
  const label = `Colours: ${colors.map((c) => c.name).join(", ")}`;
  return (
    <DotsRow role="img" aria-label={label} title={label}>
      {shown.map((c) => (
        <Dot key={c.name} style={{ backgroundColor: c.hex }} />
      ))}
      {colors.length > MAX_DOTS ? <DotsMore>+{colors.length - MAX_DOTS}</DotsMore> : null}
    </DotsRow>
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
  const Title = Titles[headingLevel];
  // The link's content and the foot need no JavaScript: the browser keeps the server's HTML while
  // the page hydrates (ServerPart); the link itself and the wish heart hydrate.
  const version = [product, currency, eager, sizes, headingLevel, highlightedTitle];
  return (
    <CardRoot data-testid="product-card" data-product-id={product.id}>
      <ServerPart of={CardLink} as={Link} to={productPath(product.id)} prefetch="intent" version={version}>
        <ProductImage image={product.image} alt={product.title} eager={eager} sizes={sizes} />
        <TitleBox>
          <Title {...(highlightedTitle ? { dangerouslySetInnerHTML: { __html: highlightedTitle } } : { children: product.title })} />
        </TitleBox>
      </ServerPart>
      <ServerPart of={Foot} version={version}>
        <StoreLink as={Link} to={storePath(product.storeHandle)}>
          {product.storeName}
        </StoreLink>
        <PriceRow>
          <PriceText minor={product.priceMinor} maxMinor={product.priceMaxMinor} currency={product.currency ?? currency} />
          <ColorDots colors={product.colors} />
        </PriceRow>
      </ServerPart>
      {wish ? <WishSlot>{wish}</WishSlot> : null}
    </CardRoot>
  );
}
