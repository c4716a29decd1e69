import Box from "#app/components/ui/Box.tsx";
import type { SxProps, Theme } from "@mui/material/styles";
import { fixed } from "#app/theme/fixed-styles.tsx";
import { formatAmount, money, toDecimalString } from "#server/contracts/money.ts";

/** Integer minor units of `currency` -> "$24.00", "¥1,200" (the contracts Money format). */
export function formatPrice(minor: number, currency: string): string {
  return formatAmount(minor, currency);
}

/** Minor units -> the decimal string schema.org and Open Graph expect ("24.00", "1200" for JPY). */
export function decimalPrice(minor: number, currency: string): string {
  return toDecimalString(money(minor, currency));
}

/** A price, or a range "From $24.00" when variants are priced differently. */
const Price = fixed("span", { fontWeight: 600 }, "MuiBox-root");

export function PriceText({ minor, maxMinor, currency, sx }: { minor: number; maxMinor?: number; currency: string; sx?: SxProps<Theme> }) {
  const ranged = maxMinor !== undefined && maxMinor > minor;
  if (!sx) {
    return <Price data-price-minor={minor}>{ranged ? `From ${formatPrice(minor, currency)}` : formatPrice(minor, currency)}</Price>;
  }
  return (
    <Box component="span" sx={{ fontWeight: 600, ...sx }} data-price-minor={minor}>
      {ranged ? `From ${formatPrice(minor, currency)}` : formatPrice(minor, currency)}
    </Box>
  );
}
