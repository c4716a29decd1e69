import Box from "#app/components/ui/Box.tsx";
import { Outlet } from "react-router";
import { AppHeader } from "../components/AppHeader.tsx";

/** The seller layout (spec section 2): seller hub header; store pages add their own side navigation. */
export default function SellerLayout() {
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }} data-layout="seller">
      <AppHeader title="Seller hub" nav={[{ to: "/ash", label: "Your stores" }]} homeTo="/ash" shopping={false} />
      <Box sx={{ flexGrow: 1, display: "flex", flexDirection: "column" }}>
        <Outlet />
      </Box>
    </Box>
  );
}
