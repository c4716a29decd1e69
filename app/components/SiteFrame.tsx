import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { AppFooter } from "./AppFooter.tsx";
import { AppHeader } from "./AppHeader.tsx";

/** The default layout's frame: header, page (`<main>`), footer. Also frames error pages (404). */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }} data-layout="default">
      <AppHeader />
      <Box component="main" id="main" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
      <AppFooter />
    </Box>
  );
}
