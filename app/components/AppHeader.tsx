import AccountCircleOutlined from "@mui/icons-material/AccountCircleOutlined";
import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { useState, type ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";
import { useRootData } from "./root-data.ts";
import { ThemeSwitcher } from "./ThemeSwitcher.tsx";
import { useThemeChoice } from "../theme/ThemeProvider.tsx";
import { THEME_LABELS, THEME_NAMES } from "../theme/themes.ts";
import { InstantSearch } from "./search/InstantSearch.tsx";
import { HeaderShopping } from "./cart/HeaderShopping.tsx";

export interface NavItem {
  to: string;
  label: string;
}

export const PUBLIC_NAV: NavItem[] = [
  { to: "/shop/shoppers", label: "How buying works" },
  { to: "/shop/faqs", label: "FAQs" },
  { to: "/jobs", label: "Careers" },
  { to: "/contact", label: "Contact" },
];

/** The header of every layout. Below `sm` the navigation moves into a drawer. */
export function AppHeader({
  title,
  nav = PUBLIC_NAV,
  homeTo = "/",
  extra,
}: {
  title?: string;
  nav?: NavItem[];
  homeTo?: string;
  extra?: ReactNode;
}) {
  const root = useRootData();
  const user = root?.user ?? null;
  const [drawer, setDrawer] = useState(false);
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  const isAdmin = user?.roles.includes("admin") ?? false;
  const theme = useThemeChoice();

  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open navigation"
          onClick={() => setDrawer(true)}
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
          {nav.map((item) => (
            <Button key={item.to} component={NavLink} to={item.to} color="inherit" size="small">
              {item.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, sm: 0 } }} />
        <InstantSearch />
        {extra}
        <HeaderShopping />
        <Box sx={{ display: { xs: "none", sm: "inline-flex" } }}>
          <ThemeSwitcher />
        </Box>
        {user ? (
          <>
            <IconButton
              color="inherit"
              aria-label="Your account"
              aria-haspopup="menu"
              onClick={(e) => setAccountAnchor(e.currentTarget)}
              data-testid="account-menu-button"
            >
              <AccountCircleOutlined />
            </IconButton>
            <Menu anchorEl={accountAnchor} open={Boolean(accountAnchor)} onClose={() => setAccountAnchor(null)}>
              <MenuItem disabled>
                <Typography variant="body2">{user.displayName || user.email}</Typography>
              </MenuItem>
              <MenuItem component={Link} to="/account" onClick={() => setAccountAnchor(null)}>
                Account
              </MenuItem>
              {isAdmin ? (
                <MenuItem component={Link} to="/admin" onClick={() => setAccountAnchor(null)}>
                  Admin
                </MenuItem>
              ) : null}
              <Divider />
              <Form method="post" action="/logout">
                <MenuItem component="button" type="submit" sx={{ width: "100%" }}>
                  Sign out
                </MenuItem>
              </Form>
            </Menu>
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
      <Drawer open={drawer} onClose={() => setDrawer(false)}>
        <Box sx={{ width: 280 }} role="presentation" onClick={() => setDrawer(false)}>
          <Typography variant="h6" sx={{ p: 2, fontWeight: 800 }}>
            Platen
          </Typography>
          <Divider />
          <List component="nav" aria-label="Mobile">
            {nav.map((item) => (
              <ListItemButton key={item.to} component={NavLink} to={item.to}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
            <Divider />
            {user ? (
              <ListItemButton component={Link} to="/account">
                <ListItemText primary="Account" />
              </ListItemButton>
            ) : (
              <ListItemButton component={Link} to="/login">
                <ListItemText primary="Sign in" />
              </ListItemButton>
            )}
            {isAdmin ? (
              <ListItemButton component={Link} to="/admin">
                <ListItemText primary="Admin" />
              </ListItemButton>
            ) : null}
            <Divider />
            <ListSubheader component="div">Theme</ListSubheader>
            {THEME_NAMES.map((t) => (
              <ListItemButton key={t} selected={t === theme.name} onClick={() => theme.setName(t)} data-theme-name={t}>
                <ListItemText primary={THEME_LABELS[t]} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
