import type { ReactNode } from "react";
import { AppFooter } from "./AppFooter.tsx";
import { AppHeader } from "./AppHeader.tsx";
import { fixed } from "#app/theme/fixed-styles.tsx";

const Frame = fixed("div", { minHeight: "100vh", display: "flex", flexDirection: "column" }, "MuiBox-root");
const Main = fixed("main", { flexGrow: 1 }, "MuiBox-root");

/** The default layout's frame: header, page (`<main>`), footer. Also frames error pages (404). */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <Frame data-layout="default">
      <AppHeader />
      <Main id="main">{children}</Main>
      <AppFooter />
    </Frame>
  );
}
