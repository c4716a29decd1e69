import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import { CHECKOUT_SOON, FEATURES } from "../content/availability.ts";
import { useTaxNote } from "../root-data.ts";
import { formatPrice } from "../catalog/PriceText.tsx";

/**
 * The foot of a cart (the /cart page and the drawer): subtotal, what checkout adds, where the cart
 * is kept, and the checkout button (a plain link to /checkout, so it works without JavaScript).
 */
export function CartSummary({
  subtotalMinor,
  currency,
  signedIn,
  idPrefix,
  children,
  onNavigate,
}: {
  subtotalMinor: number;
  currency: string;
  signedIn: boolean;
  /** Keeps ids and test ids apart where both summaries are on one page ("cart-page" | "cart"). */
  idPrefix: "cart-page" | "cart";
  children?: ReactNode;
  /** Called when the checkout link is followed (the drawer closes). */
  onNavigate?: () => void;
}) {
  const soonId = idPrefix === "cart" ? "checkout-soon" : "cart-checkout-soon";
  const taxNote = useTaxNote();
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: "space-between", mb: 0.5 }}>
        <Typography sx={{ fontWeight: 700 }}>Subtotal</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid={`${idPrefix}-subtotal`}>
          {formatPrice(subtotalMinor, currency)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {taxNote}{" "}
        {signedIn ? "Your cart is saved to your account." : "Your cart is saved on this device; sign in to keep it on your account."}
      </Typography>
      {FEATURES.checkout ? (
        <Button
          component={Link}
          to="/checkout"
          variant="contained"
          fullWidth
          size="large"
          data-testid={`${idPrefix}-checkout`}
          onClick={onNavigate}
        >
          Checkout
        </Button>
      ) : (
        <>
          <Button variant="contained" fullWidth size="large" disabled aria-describedby={soonId}>
            Checkout
          </Button>
          <Typography id={soonId} variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.75, textAlign: "center" }}>
            {CHECKOUT_SOON}
          </Typography>
        </>
      )}
      {children}
    </Box>
  );
}
