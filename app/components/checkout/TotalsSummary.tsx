import Box from "#app/components/ui/Box.tsx";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { formatPrice } from "../catalog/PriceText.tsx";
import type { QuoteTotals } from "#server/modules/orders/types.ts";

function Row({ label, value, strong, rule, testId }: { label: string; value: string; strong?: boolean; rule?: boolean; testId?: string }) {
  return (
    <Stack
      direction="row"
      component="div"
      sx={{ justifyContent: "space-between", gap: 2, py: 0.25, ...(rule ? { borderTop: 1, borderColor: "divider", mt: 1, pt: 1 } : {}) }}
    >
      <Typography component="dt" sx={{ fontWeight: strong ? 800 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 800 : 500, whiteSpace: "nowrap" }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * Items, discount, shipping, tax and total, exactly as the pricing function computed them. Tax is
 * "Tax (included)" when prices include it (EU style), else a line added to the total.
 */
export function TotalsSummary({
  totals,
  currency,
  pricesIncludeTax,
  taxRatePercent,
  refundedMinor = 0,
  idPrefix = "summary",
}: {
  totals: QuoteTotals;
  currency: string;
  pricesIncludeTax: boolean;
  taxRatePercent?: number;
  refundedMinor?: number;
  idPrefix?: string;
}) {
  const f = (minor: number) => formatPrice(minor, currency);
  const rate = taxRatePercent ? ` ${taxRatePercent}%` : "";
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Row label="Items" value={f(totals.itemsMinor)} testId={`${idPrefix}-items`} />
      {totals.discountMinor ? <Row label="Discount" value={`−${f(totals.discountMinor)}`} testId={`${idPrefix}-discount`} /> : null}
      <Row label="Shipping" value={totals.shippingMinor ? f(totals.shippingMinor) : "Free"} testId={`${idPrefix}-shipping`} />
      <Row
        label={pricesIncludeTax ? "Tax (included)" : rate ? `Tax (${rate.trim()})` : "Tax"}
        value={f(totals.taxMinor)}
        testId={`${idPrefix}-tax`}
      />
      <Row label="Total" value={f(totals.totalMinor)} strong rule testId={`${idPrefix}-total`} />
      {refundedMinor ? (
        <>
          <Row label="Refunded" value={`−${f(refundedMinor)}`} testId={`${idPrefix}-refunded`} />
          <Row label="Paid after refunds" value={f(totals.totalMinor - refundedMinor)} strong testId={`${idPrefix}-net`} />
        </>
      ) : null}
    </Box>
  );
}
