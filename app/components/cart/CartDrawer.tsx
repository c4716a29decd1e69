import Add from "@mui/icons-material/Add";
import Close from "@mui/icons-material/Close";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import FavoriteBorder from "@mui/icons-material/FavoriteBorder";
import Remove from "@mui/icons-material/Remove";
import ShoppingBagOutlined from "@mui/icons-material/ShoppingBagOutlined";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { useCallback, useEffect, useState } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import { CART_MAX_QUANTITY, LOW_STOCK, type CartView } from "#server/modules/shopping/types.ts";
import { formatPrice } from "../catalog/PriceText.tsx";
import { ProductImage } from "../catalog/ProductImage.tsx";
import { productPath } from "../catalog/ProductCard.tsx";
import { CartSummary } from "./CartSummary.tsx";
import { SHOPPING_CHANGED_EVENT, fetchCartView, removeFromCart, setCartQuantity } from "./shopping-client.ts";

// The cart drawer, loaded on demand (HeaderShopping imports it lazily when the shopper first
// reaches for the cart): its lines, totals and Modal stay out of every page's first JavaScript.

function CartLines({
  uid,
  cart,
  busy,
  onChange,
}: {
  uid: string | null;
  cart: CartView;
  busy: boolean;
  onChange: (p: Promise<void>) => void;
}) {
  return (
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Items in your cart">
      {cart.lines.map((line) => {
        const title = line.card?.title ?? "A product that is no longer available";
        return (
          <Box
            component="li"
            key={line.variantId}
            data-testid="cart-line"
            sx={{ display: "grid", gridTemplateColumns: "72px 1fr", gap: 1.5, py: 1.5, borderBottom: 1, borderColor: "divider" }}
          >
            <Box sx={{ width: 72, borderRadius: 1, overflow: "hidden" }}>
              <ProductImage image={line.image ?? null} alt={line.card ? `${title}, ${line.color}` : title} sizes="72px" />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              {line.card ? (
                <Typography
                  component={Link}
                  to={productPath(line.productId)}
                  variant="subtitle2"
                  sx={{ color: "text.primary", fontWeight: 700, display: "block" }}
                  noWrap
                >
                  {title}
                </Typography>
              ) : (
                <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {title}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {line.variantLabel || "Variant no longer offered"}
                {line.card ? ` · ${line.card.storeName}` : ""}
              </Typography>
              {!line.available ? (
                <Typography variant="body2" color="error">
                  Not available right now; not counted in the subtotal.
                </Typography>
              ) : line.stockProblem ? (
                <Typography variant="body2" color="error" data-testid="cart-stock-problem">
                  {line.stockProblem}; not counted in the subtotal.
                </Typography>
              ) : line.left !== null && line.left !== undefined && line.left <= LOW_STOCK ? (
                <Typography variant="body2" color="warning.main" data-testid="cart-stock-low">
                  Only {line.left} left.
                </Typography>
              ) : null}
              <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mt: 0.5 }}>
                <Stack direction="row" sx={{ alignItems: "center" }} role="group" aria-label={`Quantity of ${title}`}>
                  <IconButton
                    size="small"
                    aria-label="One less"
                    disabled={busy || line.quantity <= 1}
                    onClick={() => onChange(setCartQuantity(uid, line.variantId, line.quantity - 1))}
                  >
                    <Remove fontSize="small" />
                  </IconButton>
                  <Typography
                    component="output"
                    aria-live="polite"
                    sx={{ minWidth: 24, textAlign: "center" }}
                    data-testid="cart-line-quantity"
                  >
                    {line.quantity}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label="One more"
                    disabled={busy || line.quantity >= Math.min(CART_MAX_QUANTITY, line.left ?? CART_MAX_QUANTITY) || !line.available}
                    onClick={() => onChange(setCartQuantity(uid, line.variantId, line.quantity + 1))}
                  >
                    <Add fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Remove ${title} from the cart`}
                    disabled={busy}
                    onClick={() => onChange(removeFromCart(uid, line.variantId))}
                    sx={{ ml: 0.5 }}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Stack>
                <Typography variant="subtitle2">{formatPrice(line.lineTotalMinor, cart.currency)}</Typography>
              </Stack>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** The drawer itself: loads the cart view while open and reloads it whenever the cart changes. */
export default function CartDrawer({
  open,
  onClose,
  uid,
  wishCount,
}: {
  open: boolean;
  onClose: () => void;
  uid: string | null;
  wishCount: number;
}) {
  const [cart, setCart] = useState<CartView | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setCart(await fetchCartView());
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Your cart could not be loaded.");
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    void load();
    const onChanged = () => void load();
    window.addEventListener(SHOPPING_CHANGED_EVENT, onChanged);
    return () => window.removeEventListener(SHOPPING_CHANGED_EVENT, onChanged);
  }, [open, load]);

  const change = (p: Promise<void>) => {
    setBusy(true);
    p.catch((e: unknown) => setError(e instanceof Error ? e.message : "Your cart could not be updated."))
      .then(() => load())
      .finally(() => setBusy(false));
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: "100%", sm: 400 } }, role: "dialog", "aria-labelledby": "cart-drawer-title" } as object }}
      data-testid="cart-drawer"
    >
      <Stack sx={{ height: "100%" }}>
        <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", px: 2, py: 1.5 }}>
          <Typography id="cart-drawer-title" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
            Your cart
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
            <Button component={Link} to="/wishes" size="small" startIcon={<FavoriteBorder />} onClick={onClose} data-testid="drawer-wishes">
              Wishes{wishCount ? ` (${wishCount})` : ""}
            </Button>
            <IconButton aria-label="Close the cart" onClick={onClose}>
              <Close />
            </IconButton>
          </Stack>
        </Stack>
        <Divider />
        <Box sx={{ flex: 1, overflowY: "auto", px: 2 }}>
          {error ? (
            <Alert severity="error" sx={{ my: 2 }}>
              {error}
            </Alert>
          ) : null}
          {!cart && loading ? (
            <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
              <CircularProgress aria-label="Loading your cart" />
            </Box>
          ) : cart && cart.lines.length ? (
            <CartLines uid={uid} cart={cart} busy={busy} onChange={change} />
          ) : cart ? (
            <Box sx={{ textAlign: "center", py: 6 }} data-testid="cart-empty">
              <ShoppingBagOutlined sx={{ fontSize: 48, color: "text.secondary" }} />
              <Typography variant="subtitle1" sx={{ fontWeight: 700, mt: 1 }}>
                Your cart is empty
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                Find something you love from independent artists.
              </Typography>
              <Button component={Link} to="/shop" variant="outlined" onClick={onClose}>
                Browse the shop
              </Button>
            </Box>
          ) : null}
        </Box>
        {cart && cart.lines.length ? (
          <Box sx={{ p: 2, borderTop: 1, borderColor: "divider" }}>
            <CartSummary
              subtotalMinor={cart.subtotalMinor}
              currency={cart.currency}
              signedIn={!!uid}
              idPrefix="cart"
              onNavigate={onClose}
            />
          </Box>
        ) : null}
      </Stack>
    </Drawer>
  );
}
