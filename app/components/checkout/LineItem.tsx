import Box from "#app/components/ui/Box.tsx";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import { formatPrice } from "../catalog/PriceText.tsx";
import { ProductImage } from "../catalog/ProductImage.tsx";
import { productPath } from "../catalog/ProductCard.tsx";
import type { MockupRef } from "#server/contracts/imaging.ts";

/** One item of a checkout, payment summary or order: mockup, title, variant, store, quantity and price. */
export function LineItem({
  title,
  variantLabel,
  storeName,
  productId,
  image,
  quantity,
  itemsMinor,
  unitPriceMinor,
  currency,
  problem,
  note,
  priceNote,
  compact = false,
  children,
  testId = "line-item",
}: {
  title: string;
  variantLabel: string;
  storeName: string;
  productId?: string;
  image: MockupRef | null;
  quantity: number;
  itemsMinor: number;
  unitPriceMinor: number;
  currency: string;
  problem?: string | null;
  note?: string | null;
  /** The price changed since the item went into the cart: said on the line, before the shopper pays. */
  priceNote?: string | null;
  compact?: boolean;
  children?: ReactNode;
  testId?: string;
}) {
  const size = compact ? 56 : 88;
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{ display: "grid", gridTemplateColumns: `${size}px 1fr`, gap: 2, py: 1.5, "& + &": { borderTop: 1, borderColor: "divider" } }}
    >
      <Box sx={{ borderRadius: 1, overflow: "hidden", width: size }}>
        <ProductImage image={image} alt={`${title}${variantLabel ? `, ${variantLabel}` : ""}`} sizes={`${size}px`} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ justifyContent: "space-between", gap: 1 }}>
          {productId && !compact ? (
            <Typography component={Link} to={productPath(productId)} sx={{ color: "text.primary", fontWeight: 700 }}>
              {title}
            </Typography>
          ) : (
            <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
          )}
          <Typography sx={{ fontWeight: 700, whiteSpace: "nowrap" }} data-testid={`${testId}-total`}>
            {formatPrice(itemsMinor, currency)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {[variantLabel, storeName].filter(Boolean).join(" · ")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Qty {quantity} × {formatPrice(unitPriceMinor, currency)}
        </Typography>
        {note ? (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        ) : null}
        {priceNote ? (
          <Typography variant="body2" role="status" sx={{ fontWeight: 600, mt: 0.5 }} data-testid="line-price-change">
            {priceNote}
          </Typography>
        ) : null}
        {problem ? (
          <Typography variant="body2" color="error" role="alert" sx={{ fontWeight: 600, mt: 0.5 }} data-testid="line-problem">
            {problem}
          </Typography>
        ) : null}
        {children}
      </Box>
    </Box>
  );
}
