import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";

/** Digits after the decimal point of a currency (0 for JPY, 2 for USD/EUR). Browser-safe. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Integer minor units -> "$24.00" in the platform currency. */
export function formatPrice(minor: number, currency = "USD"): string {
  const digits = currencyDigits(currency);
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** Minor units -> the decimal string schema.org and Open Graph expect ("24.00"). */
export function decimalPrice(minor: number, currency = "USD"): string {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/** A price, or a range "From $24.00" when variants are priced differently. */
export function PriceText({
  minor,
  maxMinor,
  currency = "USD",
  sx,
}: {
  minor: number;
  maxMinor?: number;
  currency?: string;
  sx?: SxProps<Theme>;
}) {
  const ranged = maxMinor !== undefined && maxMinor > minor;
  return (
    <Box component="span" sx={{ fontWeight: 600, ...sx }} data-price-minor={minor}>
      {ranged ? `From ${formatPrice(minor, currency)}` : formatPrice(minor, currency)}
    </Box>
  );
}
