import { styled, type SxProps, type Theme } from "@mui/material/styles";
import { Children, type ReactNode } from "react";

// MUI's Breadcrumbs (@mui/material 9) as markup and CSS: the same nav > ol > li list with "/"
// separators hidden from screen readers, in body1 and the secondary text colour. MUI's component
// adds 1.5 KB of gzipped JavaScript to the product and category pages for its collapsing of long
// trails (maxItems), which a storefront trail of two or three links never uses.

const Nav = styled("nav")(({ theme }) => ({
  ...theme.typography.body1,
  margin: 0,
  color: theme.palette.text.secondary,
  "& > ol": { display: "flex", flexWrap: "wrap", alignItems: "center", padding: 0, margin: 0, listStyle: "none" },
  "& > ol > li[aria-hidden]": { display: "flex", userSelect: "none", marginLeft: 8, marginRight: 8 },
}));

export function Breadcrumbs({
  children,
  sx,
  "aria-label": label = "Breadcrumb",
}: {
  children: ReactNode;
  sx?: SxProps<Theme>;
  "aria-label"?: string;
}) {
  const items = Children.toArray(children);
  return (
    <Nav aria-label={label} sx={sx}>
      <ol>
        {items.flatMap((item, i) => [
          ...(i > 0
            ? [
                <li key={`separator-${i}`} aria-hidden="true">
                  /
                </li>,
              ]
            : []),
          <li key={`item-${i}`}>{item}</li>,
        ])}
      </ol>
    </Nav>
  );
}
