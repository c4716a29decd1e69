import LocalShippingOutlined from "@mui/icons-material/LocalShippingOutlined";
import PrecisionManufacturingOutlined from "@mui/icons-material/PrecisionManufacturingOutlined";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import { alpha, darken, lighten, styled } from "@mui/material/styles";
import { useMemo, useState, type ChangeEvent, type MouseEvent } from "react";
import { data, Form, useSearchParams } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { ServerPart } from "#app/components/ui/ServerPart.tsx";
import type { Route } from "./+types/product";
import { Breadcrumbs } from "#app/components/Breadcrumbs.tsx";
import { AddToCartForm } from "#app/components/cart/AddToCartForm.tsx";
import { decimalPrice, PriceText } from "#app/components/catalog/PriceText.tsx";
import { productPath, storePath } from "#app/components/catalog/ProductCard.tsx";
import { ProductGrid } from "#app/components/catalog/ProductGrid.tsx";
import { ProductImage } from "#app/components/catalog/ProductImage.tsx";
import { mediaUrl } from "#app/components/catalog/StoreHeader.tsx";
import { WishButton } from "#app/components/catalog/WishButton.tsx";
import { JsonLd } from "#app/components/content/JsonLd.tsx";
import { notFoundMessage } from "#app/components/ErrorView.tsx";
import { getCtx } from "#app/lib/session.server.ts";
import { loadProductPage } from "#app/lib/catalog/product-page.server.ts";
import { deferProductView } from "#app/lib/catalog/product-view.server.ts";
import { env } from "#server/config/env.ts";
import { AppError } from "#server/kernel/index.ts";
import { productVariantStock, type ProductPage } from "#server/modules/catalog/index.ts";
import { LOW_STOCK } from "#server/modules/shopping/types.ts";
import { CATEGORY_LABELS, mockupUrl, type MockupRef } from "#server/modules/catalog/types.ts";

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  let loaded: Awaited<ReturnType<typeof loadProductPage>>;
  try {
    loaded = await loadProductPage(ctx, params.id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404)
      throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
    throw error;
  }
  const { page, similar, more, currency, digits } = loaded;
  // Units left per variant, read on every render (the page's own data is memoised per catalogue version).
  const stock = page.hiddenFromPublic ? {} : await productVariantStock(ctx, page.product.id);
  const headers = new Headers();
  if (!page.hiddenFromPublic) {
    const cookie = deferProductView(ctx, request, page.product.id);
    if (cookie) headers.append("Set-Cookie", cookie);
  }

  return data(
    {
      page,
      stock,
      similar,
      more,
      currency,
      digits,
      publicUrl: env().PUBLIC_URL,
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cookie = loaderHeaders.get("Set-Cookie");
  return cookie ? { "Set-Cookie": cookie } : {};
}

function describe(page: ProductPage): string {
  const text = page.product.description.replace(/\s+/g, " ").trim();
  return (
    text || `${page.product.title}: ${CATEGORY_LABELS[page.product.category].toLowerCase()} by ${page.store.name}, printed on demand.`
  ).slice(0, 200);
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: "Page not found · Platen" }];
  const { page, publicUrl } = data;
  // The product's prices are in the currency stored with it.
  const currency = page.product.currency;
  const url = `${publicUrl}${productPath(page.product.id)}`;
  const image = page.card.image ? `${publicUrl}${mockupUrl(page.card.image.hash, 1024)}` : null;
  const title = `${page.product.title} by ${page.store.name}`;
  const description = describe(page);
  return [
    { title: `${title} · Platen` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.hiddenFromPublic ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: "Platen" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:width", content: "1024" },
          { property: "og:image:height", content: String(Math.round((1024 * page.card.image!.height) / page.card.image!.width)) },
          { property: "og:image:alt", content: page.product.title },
        ]
      : []),
    { property: "product:price:amount", content: decimalPrice(page.product.priceMinor, currency) },
    { property: "product:price:currency", content: currency },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image
      ? [
          { name: "twitter:image", content: image },
          { name: "twitter:image:alt", content: page.product.title },
        ]
      : []),
  ];
};

function productJsonLd(page: ProductPage, publicUrl: string, currency: string) {
  const url = `${publicUrl}${productPath(page.product.id)}`;
  const images = [...new Map(page.mockups.map((m) => [m.hash, `${publicUrl}${mockupUrl(m.hash, 1024)}`])).values()].slice(0, 8);
  const availability = page.variants.length && !page.hiddenFromPublic ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  const ranged = page.product.priceMaxMinor > page.product.priceMinor;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: page.product.title,
    description: describe(page),
    image: images,
    sku: page.variants[0]?.sku ?? page.product.id,
    productID: page.product.id,
    category: CATEGORY_LABELS[page.product.category],
    brand: { "@type": "Brand", name: page.store.name, url: `${publicUrl}${storePath(page.store.handle)}` },
    url,
    offers: ranged
      ? {
          "@type": "AggregateOffer",
          lowPrice: decimalPrice(page.product.priceMinor, currency),
          highPrice: decimalPrice(page.product.priceMaxMinor, currency),
          offerCount: page.variants.length,
          priceCurrency: currency,
          availability,
          url,
        }
      : {
          "@type": "Offer",
          price: decimalPrice(page.product.priceMinor, currency),
          priceCurrency: currency,
          availability,
          url,
          seller: { "@type": "Organization", name: page.store.name },
        },
  };
}

/** Mockups of a colour (falls back to the main colour's when a colour has none). */
function mockupsFor(page: ProductPage, color: string): MockupRef[] {
  const own = page.mockups.filter((m) => m.color === color);
  return own.length ? own : page.mockups.filter((m) => m.color === page.product.primaryColor);
}

function replaceUrl(changes: Record<string, string | null>) {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  window.history.replaceState(window.history.state, "", url);
}

function Gallery({ page, color, area, onArea }: { page: ProductPage; color: string; area: string; onArea: (area: string) => void }) {
  const shots = mockupsFor(page, color);
  const main = shots.find((m) => m.areaKey === area) ?? shots[0] ?? null;
  return (
    <Box component="section" aria-label="Product images" sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ overflow: "hidden" }}>
        <ProductImage
          key={main?.hash ?? "none"}
          image={main}
          alt={`${page.product.title}, ${color}${main ? `, ${(page.areaLabels[main.areaKey] ?? main.areaKey).toLowerCase()}` : ""}`}
          eager
          sizes="(min-width: 1024px) 560px, (min-width: 768px) 50vw, 100vw"
          data-testid="gallery-main"
        />
      </Paper>
      {main && main.color !== color ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="gallery-note">
          Preview shown in {main.color}; your item is printed on {color}.
        </Typography>
      ) : null}
      {shots.length > 1 ? (
        <Box component="ul" aria-label="Views" sx={{ listStyle: "none", p: 0, m: 0, mt: 1.5, display: "flex", gap: 1, flexWrap: "wrap" }}>
          {shots.map((m) => {
            const label = page.areaLabels[m.areaKey] ?? m.areaKey;
            const current = m.hash === main?.hash;
            return (
              <li key={m.hash}>
                <Box
                  component="a"
                  href={`?color=${encodeURIComponent(color)}&view=${encodeURIComponent(m.areaKey)}`}
                  aria-label={`Show the ${label.toLowerCase()}`}
                  aria-current={current ? "true" : undefined}
                  data-testid="gallery-thumb"
                  onClick={(e: MouseEvent) => {
                    e.preventDefault();
                    onArea(m.areaKey);
                  }}
                  sx={{
                    display: "block",
                    width: 72,
                    borderRadius: 1,
                    overflow: "hidden",
                    border: 2,
                    borderColor: current ? "primary.main" : "divider",
                  }}
                >
                  <ProductImage image={m} alt="" sizes="72px" />
                </Box>
                <Typography variant="caption" component="span" sx={{ display: "block", textAlign: "center" }} aria-hidden="true">
                  {label}
                </Typography>
              </li>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}

const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  padding: 0,
  border: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

function ColorPicker({ page, color, onColor }: { page: ProductPage; color: string; onColor: (c: string) => void }) {
  if (!page.colors.length) return null;
  return (
    <Form method="get" preventScrollReset replace data-testid="color-form">
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
          Colour: <span data-testid="chosen-color">{color}</span>
        </Typography>
        <Box role="presentation" sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          {page.colors.map((c) => {
            const id = `color-${c.name.replace(/[^A-Za-z0-9]+/g, "-")}`;
            return (
              <Box key={c.name} sx={{ position: "relative" }}>
                <Box
                  component="input"
                  type="radio"
                  name="color"
                  id={id}
                  value={c.name}
                  checked={c.name === color}
                  data-has-mockups={page.mockups.some((m) => m.color === c.name) ? "true" : "false"}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => onColor(e.currentTarget.value)}
                  sx={{
                    ...visuallyHidden,
                    "&:focus-visible + label": { outline: 3, outlineStyle: "solid", outlineColor: "primary.main", outlineOffset: 2 },
                  }}
                />
                <Box
                  component="label"
                  htmlFor={id}
                  title={c.name}
                  sx={{
                    display: "block",
                    width: 36,
                    height: 36,
                    borderRadius: "50%",
                    bgcolor: c.hex,
                    cursor: "pointer",
                    border: 1,
                    borderColor: "divider",
                    boxShadow:
                      c.name === color ? (t) => `0 0 0 2px ${t.palette.background.paper}, 0 0 0 4px ${t.palette.primary.main}` : "none",
                  }}
                >
                  <Box component="span" sx={visuallyHidden}>
                    {c.name}
                  </Box>
                </Box>
              </Box>
            );
          })}
        </Box>
        <noscript>
          <Button type="submit" size="small" variant="outlined" sx={{ mt: 1 }}>
            Show this colour
          </Button>
        </noscript>
      </Box>
    </Form>
  );
}

function SizePicker({
  page,
  stock,
  color,
  variantId,
  onVariant,
}: {
  page: ProductPage;
  stock: Record<string, number | null>;
  color: string;
  variantId: string | null;
  onVariant: (id: string) => void;
}) {
  // A sold-out size is shown struck through and cannot be chosen, as one not made in this colour.
  const ofColor = new Map(page.variants.filter((v) => v.color === color && stock[v.id] !== 0).map((v) => [v.size, v]));
  const soldOut = new Set(page.variants.filter((v) => v.color === color && stock[v.id] === 0).map((v) => v.size));
  const low = page.sizes.flatMap((size) => {
    const v = ofColor.get(size);
    const left = v ? stock[v.id] : null;
    return left !== null && left !== undefined && left <= LOW_STOCK ? [`${left} left in ${size}`] : [];
  });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        Size
      </Typography>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {page.sizes.map((size) => {
          const v = ofColor.get(size);
          const id = `size-${size.replace(/[^A-Za-z0-9]+/g, "-")}`;
          const checked = !!v && v.id === variantId;
          return (
            <Box key={size} sx={{ position: "relative" }}>
              <Box
                component="input"
                type="radio"
                name="variantId"
                id={id}
                value={v?.id ?? ""}
                disabled={!v}
                checked={checked}
                onChange={() => v && onVariant(v.id)}
                sx={{
                  ...visuallyHidden,
                  "&:focus-visible + label": { outline: 3, outlineStyle: "solid", outlineColor: "primary.main", outlineOffset: 2 },
                }}
              />
              <Box
                component="label"
                htmlFor={id}
                sx={{
                  display: "inline-flex",
                  alignItems: "center",
                  justifyContent: "center",
                  minWidth: 48,
                  height: 40,
                  px: 1.5,
                  borderRadius: 1,
                  border: 1,
                  cursor: v ? "pointer" : "not-allowed",
                  borderColor: checked ? "primary.main" : "divider",
                  bgcolor: checked ? "primary.main" : "background.paper",
                  color: checked ? "primary.contrastText" : v ? "text.primary" : "text.secondary",
                  textDecoration: v ? "none" : "line-through",
                  fontWeight: 600,
                }}
              >
                {size}
                {!v ? (
                  <Box component="span" sx={visuallyHidden}>
                    {" "}
                    {soldOut.has(size) ? "(sold out)" : `(not available in ${color})`}
                  </Box>
                ) : null}
              </Box>
            </Box>
          );
        })}
      </Box>
      {soldOut.size || low.length ? (
        <Typography variant="body2" sx={{ mt: 1 }} color={low.length ? "warning.main" : "text.secondary"} data-testid="stock-note">
          {[...(soldOut.size ? [`Sold out in ${[...soldOut].join(", ")}`] : []), ...(low.length ? [`Only ${low.join(", ")}`] : [])].join(
            ". ",
          )}
          .
        </Typography>
      ) : null}
    </Box>
  );
}

// MUI's small Table (@mui/material 9: Table, TableHead, TableRow, TableCell size="small") as a
// native table and CSS: the size guide is the only table on the storefront, and MUI's brings 2 KB of
// gzipped JavaScript to every product page for it.
const SizeTable = styled("table")(({ theme }) => ({
  display: "table",
  width: "100%",
  borderCollapse: "collapse",
  borderSpacing: 0,
  "& th, & td": {
    ...theme.typography.body2,
    display: "table-cell",
    verticalAlign: "inherit",
    borderBottom: `1px solid ${
      theme.palette.mode === "light" ? lighten(alpha(theme.palette.divider, 1), 0.88) : darken(alpha(theme.palette.divider, 1), 0.68)
    }`,
    textAlign: "left",
    padding: "6px 16px",
    color: theme.palette.text.primary,
  },
  "& thead th": { lineHeight: theme.typography.pxToRem(24), fontWeight: theme.typography.fontWeightMedium },
}));

function SizeGuide({ guide }: { guide: Record<string, Record<string, string>> }) {
  const sizes = Object.keys(guide);
  if (!sizes.length) return null;
  const columns = [...new Set(sizes.flatMap((s) => Object.keys(guide[s] ?? {})))];
  return (
    <ServerPart
      of={Box}
      version={guide}
      component="details"
      data-testid="size-guide"
      sx={{ mt: 2, border: 1, borderColor: "divider", borderRadius: 1, "& > summary": { cursor: "pointer", p: 1.5, fontWeight: 600 } }}
    >
      <summary>Size guide</summary>
      <Box sx={{ width: "100%", overflowX: "auto", px: 1.5, pb: 1.5 }}>
        <SizeTable aria-label="Size guide">
          <thead>
            <tr>
              <th scope="col">Size</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sizes.map((s) => (
              <tr key={s}>
                <th scope="row">{s}</th>
                {columns.map((c) => (
                  <td key={c}>{guide[s]?.[c] ?? "–"}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </SizeTable>
      </Box>
    </ServerPart>
  );
}

function Shipping({ page }: { page: ProductPage }) {
  const days = page.blank.productionDays;
  return (
    <ServerPart of={Box} version={[days, page.shipping]} component="section" aria-labelledby="shipping-title" sx={{ mt: 3 }}>
      <Typography id="shipping-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        Production and shipping
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }} data-testid="shipping-estimate">
        <Box component="li" sx={{ display: "flex", gap: 1 }}>
          <PrecisionManufacturingOutlined fontSize="small" aria-hidden="true" sx={{ mt: "2px", color: "text.secondary" }} />
          <span>
            Printed to order in {days} business {days === 1 ? "day" : "days"}.
          </span>
        </Box>
        {page.shipping.length ? (
          page.shipping.map((s) => (
            <Box component="li" key={`${s.from}-${s.country}`} sx={{ display: "flex", gap: 1 }}>
              <LocalShippingOutlined fontSize="small" aria-hidden="true" sx={{ mt: "2px", color: "text.secondary" }} />
              <span>
                Ships from {s.from} in {s.productionDays} business {s.productionDays === 1 ? "day" : "days"}; delivery{" "}
                {s.productionDays + s.domesticDays[0]}–{s.productionDays + s.domesticDays[1]} days to {s.country}
                <Box component="span" sx={{ color: "text.secondary" }}>
                  {" "}
                  ({s.countryName}), {s.productionDays + s.internationalDays[0]}–{s.productionDays + s.internationalDays[1]} days elsewhere.
                </Box>
              </span>
            </Box>
          ))
        ) : (
          <Box component="li" sx={{ color: "text.secondary", pl: 3.5 }}>
            Shipping times are shown at checkout.
          </Box>
        )}
      </Box>
    </ServerPart>
  );
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const { page, stock, similar, more, currency, publicUrl } = loaderData;
  const [searchParams] = useSearchParams();
  const initialColor = (() => {
    const asked = searchParams.get("color");
    return asked && page.colors.some((c) => c.name === asked) ? asked : page.product.primaryColor;
  })();
  const [color, setColor] = useState(initialColor);
  const [area, setArea] = useState(searchParams.get("view") ?? page.mockups[0]?.areaKey ?? "front");
  const [variantId, setVariantId] = useState<string | null>(() => {
    const ofColor = page.variants.filter((v) => v.color === initialColor);
    return ofColor.length === 1 ? ofColor[0]!.id : null;
  });
  const variant = useMemo(() => page.variants.find((v) => v.id === variantId) ?? null, [page.variants, variantId]);

  function chooseColor(next: string) {
    setColor(next);
    // Keep the chosen size in the new colour when it exists there.
    const size = variant?.size;
    const same = page.variants.find((v) => v.color === next && v.size === size);
    const ofColor = page.variants.filter((v) => v.color === next);
    setVariantId(same?.id ?? (ofColor.length === 1 ? ofColor[0]!.id : null));
    replaceUrl({ color: next === page.product.primaryColor ? null : next });
  }
  function chooseArea(next: string) {
    setArea(next);
    replaceUrl({ view: next });
  }

  const p = page.product;
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <JsonLd data={productJsonLd(page, publicUrl, page.product.currency)} />
      {page.hiddenFromPublic ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="draft-banner">
          {page.store.status !== "active"
            ? "This store is suspended: visitors cannot see this product."
            : p.status === "taken_down"
              ? "This product was taken down: visitors cannot see it."
              : p.status === "in_review"
                ? "This product is waiting for review: visitors cannot see it yet."
                : `This product is ${p.status === "draft" ? "a draft" : "unpublished"}: only the store's team and administrators can see this page.`}
        </Alert>
      ) : null}
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <MuiLink component={Link} to="/shop" underline="hover" color="inherit">
          Shop
        </MuiLink>
        <MuiLink component={Link} to={`/shop/products/${p.category}`} underline="hover" color="inherit">
          {CATEGORY_LABELS[p.category]}
        </MuiLink>
        <Typography color="text.primary" aria-current="page" sx={{ overflowWrap: "anywhere" }}>
          {p.title}
        </Typography>
      </Breadcrumbs>

      <Box
        sx={{
          display: "grid",
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 1.1fr) minmax(0, 1fr)" },
          alignItems: "start",
        }}
      >
        <Gallery page={page} color={color} area={area} onArea={chooseArea} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: "1.75rem", md: "2.25rem" }, overflowWrap: "anywhere" }}>
            {p.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            by{" "}
            <MuiLink component={Link} to={storePath(page.store.handle)}>
              {page.store.name}
            </MuiLink>
          </Typography>
          <Typography component="p" variant="h5" sx={{ mb: 2 }} data-testid="product-price" aria-live="polite">
            {variant ? (
              <PriceText minor={variant.priceMinor} currency={p.currency} />
            ) : (
              <PriceText minor={p.priceMinor} maxMinor={p.priceMaxMinor} currency={p.currency} />
            )}
          </Typography>

          <ColorPicker page={page} color={color} onColor={chooseColor} />
          {page.variants.length ? (
            <AddToCartForm
              productId={p.id}
              disabled={page.hiddenFromPublic}
              disabledReason={page.hiddenFromPublic ? "This product cannot be bought until it is published." : undefined}
            >
              <SizePicker page={page} stock={stock} color={color} variantId={variantId} onVariant={setVariantId} />
            </AddToCartForm>
          ) : (
            <Alert severity="info" sx={{ mt: 2 }}>
              This product is not available right now.
            </Alert>
          )}
          <Box sx={{ mt: 1.5 }}>
            <WishButton productId={p.id} productTitle={p.title} variant="button" />
          </Box>
          <SizeGuide guide={page.blank.sizeGuide} />
          <Shipping page={page} />

          <Box
            component="hr"
            sx={{ m: 0, my: 3, flexShrink: 0, borderWidth: 0, borderStyle: "solid", borderColor: "divider", borderBottomWidth: "thin" }}
          />
          <ServerPart of={Box} version={[p.description, page.blank]} component="section" aria-labelledby="about-title">
            <Typography id="about-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              About this product
            </Typography>
            {p.description ? (
              <Typography sx={{ whiteSpace: "pre-line", mb: 1.5 }} data-testid="product-description">
                {p.description}
              </Typography>
            ) : null}
            <Typography variant="body2" color="text.secondary">
              {page.blank.name}
              {page.blank.brand ? ` by ${page.blank.brand}` : ""}
              {page.blank.material ? ` · ${page.blank.material}` : ""}
            </Typography>
            {page.blank.description ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {page.blank.description}
              </Typography>
            ) : null}
          </ServerPart>

          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="store-card-title"
            sx={{ mt: 3, p: 2, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}
            data-testid="store-card"
          >
            <Avatar
              src={page.store.avatarKey ? mediaUrl(page.store.avatarKey) : undefined}
              alt={page.store.avatarKey ? page.store.name : undefined}
              sx={{ width: 56, height: 56, bgcolor: page.store.accentColor, color: "#fff" }}
            >
              {page.store.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box sx={{ flex: "1 1 160px", minWidth: 0 }}>
              <Typography id="store-card-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                {page.store.name}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ overflow: "hidden", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical" }}
              >
                {page.store.bio || `@${page.store.handle}`}
              </Typography>
            </Box>
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
              <Button component={Link} to={storePath(page.store.handle)} variant="outlined" size="small">
                Visit store
              </Button>
              <Button component={Link} to={`/shop/partners/@${page.store.handle}/fanClub`} size="small">
                Join the fan club
              </Button>
            </Box>
          </Paper>
        </Box>
      </Box>

      {similar.length ? (
        <Box component="section" aria-labelledby="similar-title" sx={{ mt: { xs: 5, md: 7 } }}>
          <Typography id="similar-title" component="h2" variant="h5" sx={{ mb: 2 }}>
            Similar products
          </Typography>
          <ProductGrid products={similar} currency={currency} eagerCount={0} dense label="Similar products" />
        </Box>
      ) : null}
      {more.length ? (
        <Box component="section" aria-labelledby="more-title" sx={{ mt: { xs: 5, md: 7 } }}>
          <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: 2, flexWrap: "wrap", mb: 2 }}>
            <Typography id="more-title" component="h2" variant="h5">
              More from {page.store.name}
            </Typography>
            <MuiLink component={Link} to={storePath(page.store.handle)}>
              See all
            </MuiLink>
          </Box>
          <ProductGrid products={more} currency={currency} eagerCount={0} dense label={`More from ${page.store.name}`} />
        </Box>
      ) : null}
    </Container>
  );
}
