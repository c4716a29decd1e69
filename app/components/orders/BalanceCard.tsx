import Box from "#app/components/ui/Box.tsx";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "#app/components/ui/Typography.tsx";
import { mockupUrl } from "#server/modules/catalog/types.ts";
import type { PartyBalance } from "#server/modules/orders/types.ts";
import { formatPrice } from "../catalog/PriceText.tsx";

/** A party's balance from the ledger: pending until delivered, held for the hold period, then available. */
export function BalanceCard({ balance, who }: { balance: PartyBalance; who: "store" | "fulfiller" }) {
  const items = [
    { key: "pending", label: "Pending", value: balance.pendingMinor, help: "Orders not delivered yet" },
    { key: "held", label: "On hold", value: balance.heldMinor, help: "Delivered, within the hold period" },
    { key: "available", label: "Available", value: balance.availableMinor, help: "Ready for your next payout" },
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby="balance-h" sx={{ mb: 3 }} data-testid="party-balance">
      <CardContent>
        <Typography id="balance-h" variant="h2" sx={{ fontSize: "1.2rem", mb: 1.5 }}>
          {who === "store" ? "Your earnings" : "What you will be paid"}
        </Typography>
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" }, gap: 2, m: 0 }}>
          {items.map((i) => (
            <Box key={i.key} data-testid={`balance-${i.key}`}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {i.label}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Typography component="span" sx={{ display: "block", fontSize: "1.6rem", fontWeight: 600 }}>
                  {formatPrice(i.value, balance.currency)}
                </Typography>
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
                  {i.help}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: "75ch" }}>
          {who === "store" ? "Your share of each sale" : "The base cost and shipping of each shipment"} stays pending until the order is
          delivered. It is then held for Platen&apos;s hold period (14 days unless the operator set another), so that returns and refunds
          can be settled, and becomes available after that. Payouts to your bank account arrive with Stripe Connect in a later release.
        </Typography>
      </CardContent>
    </Card>
  );
}

/** A small square mockup thumbnail (or a neutral square). */
export function OrderThumb({ image, alt, size = 56 }: { image: { hash: string } | null; alt: string; size?: number }) {
  if (!image)
    return (
      <Box
        role="img"
        aria-label={alt}
        sx={{ width: size, height: size, flexShrink: 0, bgcolor: "action.hover", borderRadius: 1, display: "grid", placeItems: "center" }}
      />
    );
  return (
    <Box
      component="img"
      src={mockupUrl(image.hash, 320)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      sx={{ width: size, height: size, flexShrink: 0, objectFit: "cover", borderRadius: 1, bgcolor: "action.hover" }}
    />
  );
}
