import Add from "@mui/icons-material/Add";
import Close from "@mui/icons-material/Close";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import FavoriteBorder from "@mui/icons-material/FavoriteBorder";
import Remove from "@mui/icons-material/Remove";
import ShoppingBagOutlined from "@mui/icons-material/ShoppingBagOutlined";
import Alert from "@mui/material/Alert";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useState, useSyncExternalStore, type MouseEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useRootData } from "#app/components/root-data.ts";
import { useUserData } from "#app/lib/use-user-data.ts";
import { normaliseCartLines, normaliseWishIds, CART_MAX_QUANTITY, type CartView } from "#server/modules/shopping/types.ts";
import { formatPrice } from "../catalog/PriceText.tsx";
import { ProductImage } from "../catalog/ProductImage.tsx";
import { productPath } from "../catalog/ProductCard.tsx";
import { CartSummary } from "./CartSummary.tsx";
import { CART_OPEN_EVENT, SHOPPING_CHANGED_EVENT, fetchCartView, removeFromCart, setCartQuantity } from "./shopping-client.ts";

/** Notices after a form POST without JavaScript (`?shopping=<code>`). */
const NOTICES: Record<string, { severity: "success" | "info" | "error"; text: string; signIn?: boolean; cart?: boolean }> = {
  "cart-added": { severity: "success", text: "Added to your cart.", cart: true },
  "cart-capped": { severity: "info", text: `Added. You can order at most ${CART_MAX_QUANTITY} of one item.`, cart: true },
  "cart-updated": { severity: "success", text: "Your cart was updated." },
  "cart-error": { severity: "error", text: "That item could not be added to your cart. It may no longer be available." },
  "wish-added": { severity: "success", text: "Added to your wishes." },
  "wish-removed": { severity: "info", text: "Removed from your wishes." },
  "wishes-updated": { severity: "success", text: "Your wishes were updated." },
  "wish-error": { severity: "error", text: "That product could not be added to your wishes." },
  "sign-in": { severity: "info", text: "Without JavaScript, your wishes need an account. Sign in to keep them.", signIn: true },
};

function ShoppingNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const code = new URLSearchParams(location.search).get("shopping") ?? "";
  const notice = NOTICES[code];
  if (!notice) return null;
  const params = new URLSearchParams(location.search);
  params.delete("shopping");
  const clean = `${location.pathname}${params.size ? `?${params.toString()}` : ""}`;
  return (
    <Box
      sx={{
        position: "fixed",
        bottom: 16,
        left: 16,
        right: 16,
        zIndex: (t) => t.zIndex.snackbar,
        display: "flex",
        justifyContent: "center",
        pointerEvents: "none",
      }}
    >
      <Alert
        severity={notice.severity}
        role="status"
        sx={{ pointerEvents: "auto", boxShadow: 3, maxWidth: 560 }}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            {notice.cart ? (
              <Button component={Link} to="/cart" color="inherit" size="small">
                View cart
              </Button>
            ) : null}
            {notice.signIn ? (
              <Button component={Link} to={`/login?next=${encodeURIComponent(clean)}`} color="inherit" size="small">
                Sign in
              </Button>
            ) : null}
            <IconButton
              component={Link}
              to={clean}
              replace
              preventScrollReset
              aria-label="Dismiss"
              size="small"
              color="inherit"
              onClick={(e) => {
                e.preventDefault();
                void navigate(clean, { replace: true, preventScrollReset: true });
              }}
            >
              <Close fontSize="small" />
            </IconButton>
          </Stack>
        }
      >
        {notice.text}
      </Alert>
    </Box>
  );
}

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
                    disabled={busy || line.quantity >= CART_MAX_QUANTITY || !line.available}
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

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/** The header's wishes link (with count) and cart button (with badge) opening the cart drawer. */
export function HeaderShopping() {
  const root = useRootData();
  const uid = root?.user?.uid ?? null;
  const userData = useUserData();
  const [open, setOpen] = useState(false);
  const [cart, setCart] = useState<CartView | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wishCount = normaliseWishIds(userData.wishes).length;
  // Before hydration (and without JavaScript) the server cart's count; after it, the browser's mirror.
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const cartCount = hydrated ? normaliseCartLines(userData.cart).reduce((n, l) => n + l.quantity, 0) : (root?.cartCount ?? 0);

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
    const onOpen = () => setOpen(true);
    window.addEventListener(CART_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(CART_OPEN_EVENT, onOpen);
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
    <>
      <IconButton
        component={Link}
        to="/wishes"
        color="inherit"
        aria-label={wishCount ? `Wishes (${wishCount})` : "Wishes"}
        data-testid="header-wishes"
        sx={{ display: { xs: "none", sm: "inline-flex" } }}
      >
        <Badge badgeContent={wishCount} color="secondary" max={99}>
          <FavoriteBorder />
        </Badge>
      </IconButton>
      {/* Always in the header (never floating over the page); a link to the cart page without JavaScript, the drawer with it. */}
      <IconButton
        component={Link}
        to="/cart"
        color="inherit"
        aria-label={cartCount ? `Cart (${cartCount} items)` : "Cart"}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(e: MouseEvent) => {
          e.preventDefault();
          setOpen(true);
        }}
        data-testid="cart-button"
      >
        <Badge badgeContent={cartCount} color="secondary" max={99} data-testid="cart-badge">
          <ShoppingBagOutlined />
        </Badge>
      </IconButton>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: { xs: "100%", sm: 400 } }, role: "dialog", "aria-labelledby": "cart-drawer-title" } as object }}
        data-testid="cart-drawer"
      >
        <Stack sx={{ height: "100%" }}>
          <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", px: 2, py: 1.5 }}>
            <Typography id="cart-drawer-title" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
              Your cart
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
              <Button
                component={Link}
                to="/wishes"
                size="small"
                startIcon={<FavoriteBorder />}
                onClick={() => setOpen(false)}
                data-testid="drawer-wishes"
              >
                Wishes{wishCount ? ` (${wishCount})` : ""}
              </Button>
              <IconButton aria-label="Close the cart" onClick={() => setOpen(false)}>
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
                <Button component={Link} to="/shop" variant="outlined" onClick={() => setOpen(false)}>
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
                onNavigate={() => setOpen(false)}
              />
            </Box>
          ) : null}
        </Stack>
      </Drawer>
      <ShoppingNotice />
    </>
  );
}
