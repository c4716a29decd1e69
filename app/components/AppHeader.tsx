import AccountCircleOutlined from "@mui/icons-material/AccountCircleOutlined";
import ExpandMore from "@mui/icons-material/ExpandMore";
import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import Typography from "#app/components/ui/Typography.tsx";
import { Suspense, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Link, NavLink } from "#app/components/ui/Link.tsx";
import { CATEGORIES, CATEGORY_LABELS } from "#server/modules/catalog/types.ts";
import { AccountMenu, MobileNavDrawer, preloadHeaderMenus, ShopCategoriesMenu, type NavItem } from "./header-menus.ts";
import { useRootData } from "./root-data.ts";
import { ThemeSwitcher } from "./ThemeSwitcher.tsx";
import { InstantSearch } from "./search/InstantSearch.tsx";
import { HeaderShopping } from "./cart/HeaderShopping.tsx";

export const PUBLIC_NAV: NavItem[] = [
  { to: "/shop/shoppers", label: "How buying works" },
  { to: "/shop/faqs", label: "FAQs" },
  { to: "/jobs", label: "Careers" },
  { to: "/contact", label: "Contact" },
];

/** The shop and its categories: the header's "Shop" entry and the mobile menu's "Shop" group. */
export const SHOP_NAV: NavItem[] = [
  { to: "/shop", label: "All products" },
  ...CATEGORIES.map((c) => ({ to: `/shop/products/${c}`, label: CATEGORY_LABELS[c] })),
];

/**
 * "Shop" in the header: a link to /shop (works without JavaScript) and a button beside it that
 * opens the categories as a menu (arrow keys, Escape; announced as a menu button).
 */
function ShopMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const open = Boolean(anchor);
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center" }}>
      <Button component={NavLink} to="/shop" color="inherit" size="small" data-testid="header-shop-link" sx={{ pr: 0.5 }}>
        Shop
      </Button>
      <IconButton
        color="inherit"
        size="small"
        aria-label="Shop categories"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? "shop-categories-menu" : undefined}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
        onPointerEnter={preloadHeaderMenus}
        onFocus={preloadHeaderMenus}
        data-testid="header-shop-categories"
        sx={{ ml: -0.5 }}
      >
        <ExpandMore fontSize="small" />
      </IconButton>
      {opened ? (
        <Suspense fallback={null}>
          <ShopCategoriesMenu anchor={anchor} onClose={() => setAnchor(null)} items={SHOP_NAV} />
        </Suspense>
      ) : null}
    </Box>
  );
}

/**
 * The header of every layout. Below `sm` the navigation moves into a drawer. The public header
 * leads with "Shop"; the cart and wishes show on shopping pages only (not in the admin or seller
 * hub), always inside the header so they never float over the page.
 */
export function AppHeader({
  title,
  nav = PUBLIC_NAV,
  homeTo = "/",
  extra,
  shopping,
}: {
  title?: string;
  nav?: NavItem[];
  homeTo?: string;
  extra?: ReactNode;
  /** Show the wishes and cart buttons; by default everywhere but `/admin` pages. */
  shopping?: boolean;
}) {
  const root = useRootData();
  const location = useLocation();
  const showShopping = shopping ?? !/^\/admin(\/|$)/.test(location.pathname);
  const showShop = nav === PUBLIC_NAV;
  const user = root?.user ?? null;
  const [drawer, setDrawer] = useState(false);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  const [accountOpened, setAccountOpened] = useState(false);
  const isAdmin = user?.roles.includes("admin") ?? false;

  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open navigation"
          onClick={() => {
            setDrawer(true);
            setDrawerOpened(true);
          }}
          onPointerEnter={preloadHeaderMenus}
          onTouchStart={preloadHeaderMenus}
          onFocus={preloadHeaderMenus}
          sx={{ display: { xs: "inline-flex", sm: "none" } }}
          data-testid="mobile-nav-button"
        >
          <MenuIcon />
        </IconButton>
        <Typography
          component={Link}
          to={homeTo}
          variant="h6"
          sx={{ color: "inherit", textDecoration: "none", fontWeight: 800, letterSpacing: 0.5, mr: 2 }}
        >
          Platen
          {title ? (
            <Box component="span" sx={{ fontWeight: 400, ml: 1 }}>
              {title}
            </Box>
          ) : null}
        </Typography>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: "none", sm: "flex" }, gap: 0.5, flexGrow: 1, flexWrap: "wrap" }}>
          {showShop ? <ShopMenu /> : null}
          {nav.map((item) => (
            <Button key={item.to} component={NavLink} to={item.to} color="inherit" size="small">
              {item.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, sm: 0 } }} />
        <InstantSearch />
        {extra}
        {showShopping ? <HeaderShopping /> : null}
        <Box sx={{ display: { xs: "none", sm: "inline-flex" } }}>
          <ThemeSwitcher />
        </Box>
        {user ? (
          <>
            <IconButton
              color="inherit"
              aria-label="Your account"
              aria-haspopup="menu"
              onClick={(e) => {
                setAccountAnchor(e.currentTarget);
                setAccountOpened(true);
              }}
              onPointerEnter={preloadHeaderMenus}
              onFocus={preloadHeaderMenus}
              data-testid="account-menu-button"
            >
              <AccountCircleOutlined />
            </IconButton>
            {accountOpened ? (
              <Suspense fallback={null}>
                <AccountMenu anchor={accountAnchor} onClose={() => setAccountAnchor(null)} user={user} isAdmin={isAdmin} />
              </Suspense>
            ) : null}
          </>
        ) : (
          <>
            <Button
              component={Link}
              to="/login"
              color="inherit"
              variant="outlined"
              size="small"
              data-testid="sign-in-link"
              sx={{ display: { xs: "none", sm: "inline-flex" }, flexShrink: 0 }}
            >
              Sign in
            </Button>
            <IconButton
              component={Link}
              to="/login"
              color="inherit"
              aria-label="Sign in"
              sx={{ display: { xs: "inline-flex", sm: "none" } }}
              data-testid="sign-in-icon"
            >
              <AccountCircleOutlined />
            </IconButton>
          </>
        )}
      </Toolbar>
      {drawerOpened ? (
        <Suspense fallback={null}>
          <MobileNavDrawer
            open={drawer}
            onClose={() => setDrawer(false)}
            nav={nav}
            shopNav={showShop ? SHOP_NAV : null}
            user={user}
            isAdmin={isAdmin}
          />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
