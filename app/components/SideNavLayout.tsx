import Box from "#app/components/ui/Box.tsx";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { NavLink } from "#app/components/ui/Link.tsx";

export interface SideNavSection {
  title?: string;
  items: { to: string; label: string; end?: boolean }[];
}

/** A back-office frame: side navigation from md up, scrollable tabs below it. */
export function SideNavLayout({ sections, label, children }: { sections: SideNavSection[]; label: string; children: ReactNode }) {
  const location = useLocation();
  const items = sections.flatMap((s) => s.items);
  const active = items
    .filter((i) => (i.end ? location.pathname === i.to : location.pathname === i.to || location.pathname.startsWith(`${i.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return (
    <Box sx={{ display: "flex", flexDirection: { xs: "column", md: "row" }, flexGrow: 1, minHeight: 0 }}>
      <Box
        component="nav"
        aria-label={label}
        sx={{
          display: { xs: "none", md: "block" },
          width: 240,
          flexShrink: 0,
          borderRight: 1,
          borderColor: "divider",
          bgcolor: "background.paper",
        }}
      >
        {sections.map((s, i) => (
          <Box key={s.title ?? i}>
            {i > 0 ? <Divider /> : null}
            {s.title ? (
              <ListSubheader component="h2" id={`sidenav-${i}`} sx={{ lineHeight: "36px", mt: 1 }}>
                {s.title}
              </ListSubheader>
            ) : null}
            <List dense aria-labelledby={s.title ? `sidenav-${i}` : undefined}>
              {s.items.map((item) => (
                <ListItem key={item.to} disablePadding>
                  <ListItemButton component={NavLink} to={item.to} end={item.end} selected={active?.to === item.to}>
                    <ListItemText primary={item.label} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: { xs: "block", md: "none" }, borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}>
        <Tabs value={active?.to ?? false} variant="scrollable" scrollButtons="auto" aria-label={label}>
          {items.map((item) => (
            <Tab key={item.to} label={item.label} value={item.to} component={NavLink} to={item.to} end={item.end} />
          ))}
        </Tabs>
      </Box>
      <Box component="main" id="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        {children}
      </Box>
    </Box>
  );
}
