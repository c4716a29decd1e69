import PaletteOutlined from "@mui/icons-material/PaletteOutlined";
import Check from "@mui/icons-material/Check";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { useThemeChoice } from "../theme/ThemeProvider.tsx";
import { THEME_LABELS, THEME_NAMES } from "../theme/themes.ts";

export function ThemeSwitcher() {
  const { name, setName } = useThemeChoice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      {/* The browser's own tooltip (title): MUI's Tooltip would add Popper to every page's JavaScript. */}
      <IconButton
        color="inherit"
        aria-label="Change theme"
        title="Change theme"
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="theme-switcher"
      >
        <PaletteOutlined />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {THEME_NAMES.map((t) => (
          <MenuItem
            key={t}
            selected={t === name}
            data-theme-name={t}
            onClick={() => {
              setName(t);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{t === name ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{THEME_LABELS[t]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
