import { Outlet } from "react-router";
import { SiteFrame } from "../components/SiteFrame.tsx";

/** The default layout: header, page, footer. */
export default function DefaultLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}
