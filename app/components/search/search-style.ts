import { alpha, type Theme } from "@mui/material/styles";

// Shared by the header's light search field (InstantSearch.tsx) and the one with suggestions that
// replaces it (InstantSearchField.tsx), so that the swap does not move a pixel.

/** The outlined input's root: the page's paper colour (a tint in the dark theme), rounded. */
export const searchInputRootSx = {
  bgcolor: (t: Theme) => (t.palette.mode === "dark" ? alpha(t.palette.common.white, 0.08) : t.palette.background.paper),
  borderRadius: 2,
} as const;

// (In sx a bare 1 means 100%: sizes are strings here.)
export const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  p: 0,
  m: "-1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;
