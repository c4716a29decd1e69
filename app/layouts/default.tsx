import Box from "@mui/material/Box";
import { Outlet } from "react-router";
import { AppFooter } from "../components/AppFooter.tsx";
import { AppHeader } from "../components/AppHeader.tsx";

/** The default layout: header, page, footer. */
export default function DefaultLayout() {
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }} data-layout="default">
      <AppHeader />
      <Box component="main" id="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <AppFooter />
    </Box>
  );
}
