import AddShoppingCart from "@mui/icons-material/AddShoppingCart";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "#app/components/ui/Stack.tsx";
import { useState, type FormEvent, type ReactNode } from "react";
import { Form, useActionData, useLocation } from "react-router";
import { OutlinedField } from "#app/components/OutlinedField.tsx";
import { useRootData } from "#app/components/root-data.ts";
import { CART_MAX_QUANTITY } from "#server/modules/shopping/types.ts";
import { addToCart, openCartDrawer } from "./shopping-client.ts";

/**
 * "Add to cart" for the product page: variant id + quantity. Without JavaScript it POSTs to
 * /api/cart and comes back with a notice (a visitor's line goes to the visitor cart behind the signed
 * cart cookie). With JavaScript the line is added the same way and the cart drawer opens.
 *
 * Pass `variantId` (the chosen colour x size), or render the variant pickers as `children` with a
 * field named `variantId` inside the form.
 */
export function AddToCartForm({
  productId,
  variantId,
  disabled = false,
  disabledReason,
  children,
}: {
  productId: string;
  variantId?: string | null;
  disabled?: boolean;
  disabledReason?: string;
  children?: ReactNode;
}) {
  const root = useRootData();
  const uid = root?.user?.uid ?? null;
  const location = useLocation();
  const actionData = useActionData<{ errors?: Record<string, string> } | undefined>();
  const [quantity, setQuantity] = useState("1");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const qtyError = error?.includes("quantity") || error?.includes("at most") ? error : undefined;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const chosen = String(form.get("variantId") ?? "");
    const q = Number(quantity);
    setError(null);
    setNotice(null);
    if (!chosen) return setError("Choose a colour and size first.");
    if (!Number.isInteger(q) || q < 1 || q > CART_MAX_QUANTITY) return setError(`Enter a quantity from 1 to ${CART_MAX_QUANTITY}.`);
    setPending(true);
    try {
      const message = await addToCart(uid, { productId, variantId: chosen, quantity: q });
      if (message) setNotice(message);
      openCartDrawer();
    } catch (err) {
      setError(err instanceof Error ? err.message : "The item could not be added. Please try again.");
    } finally {
      setPending(false);
    }
  }

  const serverError = actionData?.errors ? Object.values(actionData.errors)[0] : undefined;
  return (
    <Form method="post" action="/api/cart" onSubmit={onSubmit} data-testid="add-to-cart-form" noValidate>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {variantId !== undefined ? <input type="hidden" name="variantId" value={variantId ?? ""} /> : null}
      {children}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mt: 1, alignItems: { sm: "flex-start" } }}>
        <OutlinedField
          label="Quantity"
          name="quantity"
          type="number"
          size="small"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          min={1}
          max={CART_MAX_QUANTITY}
          step={1}
          inputMode="numeric"
          error={Boolean(qtyError)}
          helperText={qtyError}
          sx={{ width: { xs: "100%", sm: 110 } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={<AddShoppingCart />}
          disabled={disabled || pending}
          data-testid="add-to-cart"
        >
          {pending ? "Adding…" : "Add to cart"}
        </Button>
      </Stack>
      {disabled && disabledReason ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {disabledReason}
        </Alert>
      ) : null}
      {(error && !qtyError) || serverError ? (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {error ?? serverError}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {notice}
        </Alert>
      ) : null}
    </Form>
  );
}
