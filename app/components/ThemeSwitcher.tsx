import PaletteOutlined from "@mui/icons-material/PaletteOutlined";
import IconButton from "@mui/material/IconButton";
import { Suspense, useState } from "react";
import { preloadHeaderMenus, ThemeMenu } from "./header-menus.ts";

export function ThemeSwitcher() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      {/* The browser's own tooltip (title): MUI's Tooltip would add Popper to every page's JavaScript. */}
      <IconButton
        color="inherit"
        aria-label="Change theme"
        title="Change theme"
        aria-haspopup="menu"
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
        onPointerEnter={preloadHeaderMenus}
        onFocus={preloadHeaderMenus}
        data-testid="theme-switcher"
      >
        <PaletteOutlined />
      </IconButton>
      {opened ? (
        <Suspense fallback={null}>
          <ThemeMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
