import Paper from "@mui/material/Paper";
import MuiTable from "@mui/material/Table";
import MuiTableBody from "@mui/material/TableBody";
import MuiTableCell from "@mui/material/TableCell";
import MuiTableContainer from "@mui/material/TableContainer";
import MuiTableFooter from "@mui/material/TableFooter";
import MuiTableHead from "@mui/material/TableHead";
import MuiTableRow from "@mui/material/TableRow";
import { createElement as h, type ElementType, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { THEME_NAMES } from "#app/theme/themes.ts";
import { renderWithStyles } from "#tests/support/styled-render.ts";
import * as Mine from "./Table.tsx";

const render = renderWithStyles;

interface Kit {
  TableContainer: ElementType;
  Table: ElementType;
  TableHead: ElementType;
  TableBody: ElementType;
  TableFooter: ElementType;
  TableRow: ElementType;
  TableCell: ElementType;
}
const mui: Kit = {
  TableContainer: MuiTableContainer,
  Table: MuiTable,
  TableHead: MuiTableHead,
  TableBody: MuiTableBody,
  TableFooter: MuiTableFooter,
  TableRow: MuiTableRow,
  TableCell: MuiTableCell,
};
const mine = Mine as unknown as Kit;

/** Tables as the back office writes them: sizes, a sticky head, sorting, alignments, paddings, sx, a footer. */
const tables: ((k: Kit) => ReactNode)[] = [
  (k) =>
    h(
      k.TableContainer,
      { component: Paper, variant: "outlined" },
      h(
        k.Table,
        { size: "small", "aria-label": "Orders", "data-testid": "t" },
        h(
          k.TableHead,
          null,
          h(
            k.TableRow,
            null,
            h(k.TableCell, { sortDirection: "desc" }, "Order"),
            h(k.TableCell, { sortDirection: false, sx: { display: { xs: "none", md: "table-cell" } } }, "Stores"),
            h(k.TableCell, { align: "right" }, "Total"),
          ),
        ),
        h(
          k.TableBody,
          null,
          h(
            k.TableRow,
            { hover: true, "data-testid": "row", key: 1 },
            h(k.TableCell, { component: "th", scope: "row" }, "#1001"),
            h(k.TableCell, { sx: { whiteSpace: "nowrap" } }, "Inkwell"),
            h(k.TableCell, { align: "right", colSpan: 1 }, "$20.00"),
          ),
          h(k.TableRow, { selected: true, key: 2, className: "mine" }, h(k.TableCell, { colSpan: 3, padding: "none" }, "None")),
        ),
      ),
    ),
  (k) =>
    h(
      k.Table,
      { stickyHeader: true, padding: "checkbox", sx: { minWidth: 480 } },
      h("caption", null, "A caption"),
      h(
        k.TableHead,
        null,
        h(k.TableRow, null, h(k.TableCell, { padding: "normal" }, "Name"), h(k.TableCell, { align: "center", size: "small" }, "Qty")),
      ),
      h(k.TableBody, null, h(k.TableRow, null, h(k.TableCell, null, "A"), h(k.TableCell, { align: "justify", variant: "footer" }, "1"))),
      h(k.TableFooter, null, h(k.TableRow, null, h(k.TableCell, { align: "left" }, "Total"), h(k.TableCell, { align: "right" }, "1"))),
    ),
  (k) =>
    h(
      k.Table,
      { component: "div" },
      h(
        k.TableBody,
        { component: "div" },
        h(k.TableRow, { component: "div" }, h(k.TableCell, { component: "div" }, "div cell"), h(k.TableCell, { scope: "col" }, "td")),
      ),
    ),
  // Outside any table: MUI's defaults (a td of no variant, medium, normal).
  (k) => h(k.TableCell, { sx: [{ fontWeight: 600 }, false] }, "lonely"),
];

describe("Table family drop-in (ADR 0020: the same HTML and CSS as MUI's, compiled once)", () => {
  for (const theme of THEME_NAMES) {
    it(`renders what MUI's table components render (${theme})`, () => {
      tables.forEach((table, i) => {
        expect(render(table(mine), theme), `table ${i}`).toEqual(render(table(mui), theme));
      });
    });
  }

  it("leaves an sx with a function to MUI, told the table's size and the cell's section", () => {
    const t = (k: Kit) =>
      h(
        k.Table,
        { size: "small" },
        h(
          k.TableHead,
          null,
          h(
            k.TableRow,
            null,
            h(k.TableCell, { sx: (th: { palette: { primary: { main: string } } }) => ({ color: th.palette.primary.main }) }, "x"),
          ),
        ),
      );
    const a = render(t(mine), "myPurpleTheme");
    expect(a).toEqual(render(t(mui), "myPurpleTheme"));
    expect(a.html).toContain("MuiTableCell-sizeSmall");
    expect(a.html).toContain('<th class="MuiTableCell-root MuiTableCell-head');
  });
});
