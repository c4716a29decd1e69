import Check from "@mui/icons-material/Check";
import Box from "#app/components/ui/Box.tsx";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "#app/components/ui/Typography.tsx";
import { Form } from "react-router";
import { Link, NavLink } from "#app/components/ui/Link.tsx";
import type { NavItem } from "./header-menus.ts";
import type { RootLoaderData } from "./root-data.ts";
import { useThemeChoice } from "../theme/ThemeProvider.tsx";
import { THEME_LABELS, THEME_NAMES } from "../theme/themes.ts";

// The header's pop-ups: the shop's categories, the account menu, the theme menu and the mobile
// navigation drawer. They are fetched when a shopper first points at, focuses or taps their button
// (AppHeader.tsx), not with the page: MUI's Menu, Popover, Modal and Drawer are about 10 KB of
// gzipped JavaScript that a page needs only once a menu opens (issue 9).

type RootUser = NonNullable<RootLoaderData["user"]>;

interface PopupProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

export function ShopCategoriesMenu({ anchor, onClose, items }: PopupProps & { items: NavItem[] }) {
  return (
    <Menu
      id="shop-categories-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ list: { "aria-label": "Shop categories" } }}
    >
      {items.map((item) => (
        <MenuItem key={item.to} component={Link} to={item.to} onClick={onClose}>
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

export function AccountMenu({ anchor, onClose, user, isAdmin }: PopupProps & { user: RootUser; isAdmin: boolean }) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem disabled>
        <Typography variant="body2">{user.displayName || user.email}</Typography>
      </MenuItem>
      <MenuItem component={Link} to="/account" onClick={onClose}>
        Account
      </MenuItem>
      {isAdmin ? (
        <MenuItem component={Link} to="/admin" onClick={onClose}>
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
  );
}

export function ThemeMenu({ anchor, onClose }: PopupProps) {
  const { name, setName } = useThemeChoice();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {THEME_NAMES.map((t) => (
        <MenuItem
          key={t}
          selected={t === name}
          data-theme-name={t}
          onClick={() => {
            setName(t);
            onClose();
          }}
        >
          <ListItemIcon>{t === name ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{THEME_LABELS[t]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}

export function MobileNavDrawer({
  open,
  onClose,
  nav,
  shopNav,
  user,
  isAdmin,
}: {
  open: boolean;
  onClose: () => void;
  nav: NavItem[];
  /** The shop's entries, or null where the header does not lead with the shop. */
  shopNav: NavItem[] | null;
  user: RootUser | null;
  isAdmin: boolean;
}) {
  const theme = useThemeChoice();
  return (
    <Drawer open={open} onClose={onClose}>
      <Box sx={{ width: 280 }} role="presentation" onClick={onClose}>
        <Typography variant="h6" sx={{ p: 2, fontWeight: 800 }}>
          Platen
        </Typography>
        <Divider />
        <List component="nav" aria-label="Mobile">
          {shopNav ? (
            <>
              <ListSubheader component="div" id="mobile-shop-heading">
                Shop
              </ListSubheader>
              <List component="div" role="group" disablePadding aria-labelledby="mobile-shop-heading" data-testid="mobile-shop-nav">
                {shopNav.map((item) => (
                  <ListItemButton key={item.to} component={NavLink} to={item.to} end sx={{ pl: 3 }}>
                    <ListItemText primary={item.label} />
                  </ListItemButton>
                ))}
              </List>
              <Divider />
            </>
          ) : null}
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
  );
}
