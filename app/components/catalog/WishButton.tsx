import Favorite from "@mui/icons-material/Favorite";
import FavoriteBorder from "@mui/icons-material/FavoriteBorder";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import { useState, type FormEvent } from "react";
import { Form, useLocation } from "react-router";
import { useRootData } from "#app/components/root-data.ts";
import { useUserData } from "#app/lib/use-user-data.ts";
import { normaliseWishIds } from "#server/modules/shopping/types.ts";
import { toggleWish } from "../cart/shopping-client.ts";

/**
 * A heart that adds a product to the shopper's wishes (or removes it). Without JavaScript it is a
 * POST form to /api/wishes that redirects back; with it, visitors keep wishes in
 * `localStorage.userData.wishes` and signed-in users on the server.
 *
 * `variant="icon"` (default) for cards, `"button"` for the product page.
 */
export function WishButton({
  productId,
  productTitle,
  variant = "icon",
  size = "medium",
}: {
  productId: string;
  productTitle?: string;
  variant?: "icon" | "button";
  size?: "small" | "medium";
}) {
  const root = useRootData();
  const uid = root?.user?.uid ?? null;
  const userData = useUserData();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wished = normaliseWishIds(userData.wishes).includes(productId);
  const label = wished ? "Remove from wishes" : "Add to wishes";
  const fullLabel = productTitle ? `${label}: ${productTitle}` : label;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await toggleWish(uid, productId);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Your wishes could not be saved.");
    } finally {
      setPending(false);
    }
  }

  const icon = wished ? <Favorite color="error" /> : <FavoriteBorder />;
  return (
    <Form method="post" action="/api/wishes" onSubmit={onSubmit} style={{ display: "inline-flex" }} data-testid="wish-form">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {variant === "button" ? (
        <Button
          type="submit"
          variant="outlined"
          startIcon={icon}
          aria-pressed={wished}
          aria-label={fullLabel}
          disabled={pending}
          data-testid="wish-button"
        >
          {wished ? "Wished" : "Add to wishes"}
        </Button>
      ) : (
        // The browser's own tooltip (title): MUI's Tooltip would add Popper to every product grid's JavaScript.
        <IconButton
          type="submit"
          size={size}
          aria-pressed={wished}
          aria-label={fullLabel}
          title={error ?? label}
          disabled={pending}
          data-testid="wish-button"
          sx={{ bgcolor: "background.paper", "&:hover": { bgcolor: "background.paper" } }}
        >
          {icon}
        </IconButton>
      )}
      {error && variant === "button" ? (
        <span role="alert" style={{ marginLeft: 8, alignSelf: "center", fontSize: "0.875rem" }}>
          {error}
        </span>
      ) : error ? (
        <span role="alert" style={visuallyHidden}>
          {error}
        </span>
      ) : null}
    </Form>
  );
}

/** Read by screen readers, not shown (the icon's title shows it on hover). */
const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
