import Close from "@mui/icons-material/Close";
import FavoriteBorder from "@mui/icons-material/FavoriteBorder";
import ShoppingBagOutlined from "@mui/icons-material/ShoppingBagOutlined";
import Alert from "@mui/material/Alert";
import Badge from "@mui/material/Badge";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "#app/components/ui/Stack.tsx";
import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore, type MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { useRootData } from "#app/components/root-data.ts";
import { useUserData } from "#app/lib/use-user-data.ts";
import { normaliseCartLines, normaliseWishIds, CART_MAX_QUANTITY } from "#server/modules/shopping/types.ts";
import { CART_OPEN_EVENT } from "./shopping-client.ts";

const loadCartDrawer = () => import("./CartDrawer.tsx");
const CartDrawer = lazy(loadCartDrawer);
/** Start fetching the drawer's code before the click (hover or keyboard focus on the cart button). */
const preloadCartDrawer = () => void loadCartDrawer();

/** Notices after a form POST without JavaScript (`?shopping=<code>`). */
const NOTICES: Record<string, { severity: "success" | "info" | "error"; text: string; signIn?: boolean; cart?: boolean }> = {
  "cart-added": { severity: "success", text: "Added to your cart.", cart: true },
  "cart-capped": { severity: "info", text: `Added. You can order at most ${CART_MAX_QUANTITY} of one item.`, cart: true },
  "cart-stock": { severity: "info", text: "Added what is left: fewer are in stock than you asked for.", cart: true },
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

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/** The header's wishes link (with count) and cart button (with badge) opening the cart drawer. */
export function HeaderShopping() {
  const root = useRootData();
  const uid = root?.user?.uid ?? null;
  const userData = useUserData();
  const [open, setOpen] = useState(false);
  const wishCount = normaliseWishIds(userData.wishes).length;
  // Before hydration (and without JavaScript) the server cart's count; after it, the browser's mirror.
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const cartCount = hydrated ? normaliseCartLines(userData.cart).reduce((n, l) => n + l.quantity, 0) : (root?.cartCount ?? 0);

  // The drawer's code loads when the shopper first reaches for the cart (pointer over it, focus,
  // or the add-to-cart event), and stays mounted afterwards so that it can animate open and closed.
  const [drawerMounted, setDrawerMounted] = useState(false);
  const openCart = useCallback(() => {
    setDrawerMounted(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    window.addEventListener(CART_OPEN_EVENT, openCart);
    return () => window.removeEventListener(CART_OPEN_EVENT, openCart);
  }, [openCart]);

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
          openCart();
        }}
        onPointerEnter={preloadCartDrawer}
        onFocus={preloadCartDrawer}
        data-testid="cart-button"
      >
        <Badge badgeContent={cartCount} color="secondary" max={99} data-testid="cart-badge">
          <ShoppingBagOutlined />
        </Badge>
      </IconButton>
      {drawerMounted ? (
        <Suspense fallback={null}>
          <CartDrawer open={open} onClose={() => setOpen(false)} uid={uid} wishCount={wishCount} />
        </Suspense>
      ) : null}
      <ShoppingNotice />
    </>
  );
}
