import { alpha, styled } from "@mui/material/styles";
import type { ReactNode } from "react";
import { type LinkProps } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";

// MUI's clickable Chip rendered as a link (`<Chip component={Link} clickable variant="outlined" />`,
// or "filled" with `filled`; @mui/material 9) drawn with CSS alone: MUI's Chip brings about 3 KB of
// gzipped JavaScript (ButtonBase and its ripple) to the search page for a link that needs none.

const Root = styled(Link)(({ theme }) => ({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  position: "relative",
  boxSizing: "border-box",
  maxWidth: "100%",
  height: 32,
  margin: 0,
  padding: 0,
  fontFamily: theme.typography.fontFamily,
  fontSize: theme.typography.pxToRem(13),
  lineHeight: 1.5,
  color: theme.palette.text.primary,
  backgroundColor: "transparent",
  border: `1px solid ${theme.palette.mode === "light" ? theme.palette.grey[400] : theme.palette.grey[700]}`,
  borderRadius: 16,
  whiteSpace: "nowrap",
  verticalAlign: "middle",
  textDecoration: "none",
  outline: 0,
  cursor: "pointer",
  userSelect: "none",
  WebkitTapHighlightColor: "transparent",
  transition: theme.transitions.create(["background-color", "box-shadow"]),
  "&:hover": { backgroundColor: theme.palette.action.hover },
  "&:focus-visible": { backgroundColor: theme.palette.action.focus },
  // variant="filled": no outline, the selected-action colour
  "&[data-filled]": { border: 0, backgroundColor: theme.palette.action.selected },
  "&[data-filled]:hover": {
    backgroundColor: alpha(theme.palette.action.selected, theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity),
  },
  "&[data-filled]:focus-visible": {
    backgroundColor: alpha(theme.palette.action.selected, theme.palette.action.selectedOpacity + theme.palette.action.focusOpacity),
  },
  "&[data-filled] > span": { paddingLeft: 12, paddingRight: 12 },
  "&:active": { boxShadow: theme.shadows[1] },
  "& > span": { overflow: "hidden", textOverflow: "ellipsis", paddingLeft: 11, paddingRight: 11, whiteSpace: "nowrap" },
}));

/** A link drawn as MUI's clickable Chip: outlined, or filled (`filled`). */
export function ChipLink({ label, filled, ...link }: Omit<LinkProps, "children"> & { label: ReactNode; filled?: boolean }) {
  return (
    <Root {...link} data-filled={filled || undefined}>
      <span>{label}</span>
    </Root>
  );
}
