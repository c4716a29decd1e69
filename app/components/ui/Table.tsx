import MuiTable from "@mui/material/Table";
import MuiTableBody from "@mui/material/TableBody";
import MuiTableCell, { tableCellClasses } from "@mui/material/TableCell";
import MuiTableContainer from "@mui/material/TableContainer";
import MuiTableFooter from "@mui/material/TableFooter";
import MuiTableHead from "@mui/material/TableHead";
import MuiTableRow, { tableRowClasses } from "@mui/material/TableRow";
import type { Theme } from "@mui/material/styles";
import { createContext, createElement, useContext, useMemo, type ElementType, type ReactNode } from "react";
import { RawCss, sxKey, useMemoClass } from "#app/theme/fixed-styles.tsx";

// MUI's table family (Table, TableContainer, TableHead, TableBody, TableFooter, TableRow, TableCell)
// with each element's style and `sx` compiled once per theme and value (ADR 0020), not on every
// render: a back-office table of 50 rows is ~400 cells, each of which ran MUI's styled runtime
// (theme variants, serialisation, hashing) on every request. The same elements, attributes, class
// names and CSS as MUI 9.5's (a unit test renders both in the three themes and compares HTML and
// CSS). The table's size, padding and sticky header, and the head/body/footer a cell sits in, are
// handed down by this module's own contexts (MUI's are not exported). Anything rarer (an sx with a
// function, `classes`, class names from another Emotion style) is drawn by MUI's own component with
// those values passed explicitly.

type Size = "small" | "medium";
type Padding = "normal" | "checkbox" | "none";
type Variant = "head" | "body" | "footer";
type Align = "inherit" | "left" | "center" | "right" | "justify";

interface TableState {
  size: Size;
  padding: Padding;
  stickyHeader: boolean;
}
const TableCtx = createContext<TableState | null>(null);
const SectionCtx = createContext<Variant | null>(null);

type Props = { [prop: string]: unknown; children?: ReactNode; sx?: unknown; className?: unknown; component?: ElementType };

/** The memo key of an element's sx, or null when MUI must draw it (a function, `classes`, Emotion class names). */
function styleable(props: Props): string | null {
  if (props.classes !== undefined) return null;
  if (typeof props.className === "string" && props.className.includes("mui-")) return null;
  return sxKey(props.sx);
}

const join = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(" ");
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// ---- the root styles MUI 9.5 writes (@mui/material/Table*/Table*.mjs), variants resolved ----------

const divider = (t: Theme) =>
  t.palette.mode === "light" ? t.lighten(t.alpha(t.palette.divider, 1), 0.88) : t.darken(t.alpha(t.palette.divider, 1), 0.68);

function cellStyles(t: Theme, s: { variant: Variant | null; size: Size; padding: Padding; align: Align; sticky: boolean }): RawCss[] {
  const out = [
    new RawCss({
      ...t.typography.body2,
      display: "table-cell",
      verticalAlign: "inherit",
      // MUI's own value, line break and all (it is part of the CSS text and so of the class's hash).
      borderBottom: `1px solid
    ${divider(t)}`,
      textAlign: "left",
      padding: 16,
    }),
  ];
  if (s.variant === "head")
    out.push(
      new RawCss({ color: t.palette.text.primary, lineHeight: t.typography.pxToRem(24), fontWeight: t.typography.fontWeightMedium }),
    );
  if (s.variant === "body") out.push(new RawCss({ color: t.palette.text.primary }));
  if (s.variant === "footer")
    out.push(new RawCss({ color: t.palette.text.secondary, lineHeight: t.typography.pxToRem(21), fontSize: t.typography.pxToRem(12) }));
  if (s.size === "small")
    out.push(
      new RawCss({
        padding: "6px 16px",
        [`&.${tableCellClasses.paddingCheckbox}`]: { width: 24, padding: "0 12px 0 16px", "& > *": { padding: 0 } },
      }),
    );
  if (s.padding === "checkbox") out.push(new RawCss({ width: 48, padding: "0 0 0 4px" }));
  if (s.padding === "none") out.push(new RawCss({ padding: 0 }));
  if (s.align === "left") out.push(new RawCss({ textAlign: "left" }));
  if (s.align === "center") out.push(new RawCss({ textAlign: "center" }));
  if (s.align === "right") out.push(new RawCss({ textAlign: "right", flexDirection: "row-reverse" }));
  if (s.align === "justify") out.push(new RawCss({ textAlign: "justify" }));
  if (s.sticky) out.push(new RawCss({ position: "sticky", top: 0, zIndex: 2, backgroundColor: t.palette.background.default }));
  return out;
}

const rowStyle = (t: Theme) =>
  new RawCss({
    color: "inherit",
    display: "table-row",
    verticalAlign: "middle",
    outline: 0,
    [`&.${tableRowClasses.hover}:hover`]: { backgroundColor: t.palette.action.hover },
    [`&.${tableRowClasses.selected}`]: {
      backgroundColor: t.alpha(t.palette.primary.main, t.palette.action.selectedOpacity),
      "&:hover": {
        backgroundColor: t.alpha(t.palette.primary.main, `${t.palette.action.selectedOpacity} + ${t.palette.action.hoverOpacity}`),
      },
    },
  });

function tableStyles(t: Theme, sticky: boolean): RawCss[] {
  const out = [
    new RawCss({
      display: "table",
      width: "100%",
      borderCollapse: "collapse",
      borderSpacing: 0,
      "& caption": {
        ...t.typography.body2,
        padding: t.spacing(2),
        color: t.palette.text.secondary,
        textAlign: "left",
        captionSide: "bottom",
      },
    }),
  ];
  if (sticky) out.push(new RawCss({ borderCollapse: "separate" }));
  return out;
}

// ---- the components ---------------------------------------------------------------------------

function TableRoot(props: Props & { size?: Size; padding?: Padding; stickyHeader?: boolean }) {
  const { size = "medium", padding = "normal", stickyHeader = false } = props;
  const state = useMemo(() => ({ size, padding, stickyHeader }), [size, padding, stickyHeader]);
  return createElement(TableCtx.Provider, { value: state }, createElement(TableElement, props));
}

function TableElement(props: Props & { size?: Size; padding?: Padding; stickyHeader?: boolean }) {
  const key = styleable(props);
  const { className, component = "table", size: _size, padding: _padding, stickyHeader = false, sx, ...rest } = props;
  const cls = useMemoClass(`table ${stickyHeader ? 1 : 0} ${key}`, (t) => [...tableStyles(t, stickyHeader), sx as object]);
  if (key === null || cls === null) return createElement(MuiTable as ElementType, props);
  return createElement(component, {
    role: component === "table" ? null : "table",
    className: join("MuiTable-root", stickyHeader && "MuiTable-stickyHeader", className as string, cls),
    ...rest,
  });
}

/** A plain styled element of the family: one class, one fixed style, its section (head, body, footer) for the rows inside. */
function section(name: string, tag: string, style: object, variant: Variant | null, role: string | null, Mui: ElementType) {
  function Element(props: Props) {
    const key = styleable(props);
    const { className, component = tag, sx, ...rest } = props;
    const cls = useMemoClass(`${name} ${key}`, () => [new RawCss(style), sx as object]);
    const el =
      key === null || cls === null
        ? createElement(Mui, props)
        : createElement(component, {
            className: join(`${name}-root`, className as string, cls),
            ...(role === null ? {} : { role: component === tag ? null : role }),
            ...rest,
          });
    return variant ? createElement(SectionCtx.Provider, { value: variant }, el) : el;
  }
  Element.displayName = name.replace(/^Mui/, "");
  return Element;
}

const Container = section("MuiTableContainer", "div", { width: "100%", overflowX: "auto" }, null, null, MuiTableContainer);
const Head = section("MuiTableHead", "thead", { display: "table-header-group" }, "head", "rowgroup", MuiTableHead);
const Body = section("MuiTableBody", "tbody", { display: "table-row-group" }, "body", "rowgroup", MuiTableBody);
const Footer = section("MuiTableFooter", "tfoot", { display: "table-footer-group" }, "footer", "rowgroup", MuiTableFooter);

function Row(props: Props & { hover?: boolean; selected?: boolean }) {
  const variant = useContext(SectionCtx);
  const key = styleable(props);
  const { className, component = "tr", hover = false, selected = false, sx, ...rest } = props;
  const cls = useMemoClass(`row ${key}`, (t) => [rowStyle(t), sx as object]);
  if (key === null || cls === null)
    return createElement(MuiTableRow as ElementType, {
      ...props,
      // MUI's row learns whether it sits in a head or a footer from MUI's own context.
      className: join(variant === "head" && tableRowClasses.head, variant === "footer" && tableRowClasses.footer, className as string),
    });
  return createElement(component, {
    className: join(
      tableRowClasses.root,
      selected && tableRowClasses.selected,
      hover && tableRowClasses.hover,
      variant === "head" && tableRowClasses.head,
      variant === "footer" && tableRowClasses.footer,
      className as string,
      cls,
    ),
    role: component === "tr" ? null : "row",
    ...rest,
  });
}

type CellProps = Props & {
  align?: Align;
  padding?: Padding;
  size?: Size;
  variant?: Variant;
  scope?: string;
  sortDirection?: "asc" | "desc" | false;
};

function Cell(props: CellProps) {
  const table = useContext(TableCtx);
  const sectionVariant = useContext(SectionCtx);
  const {
    align = "inherit",
    className,
    component: componentProp,
    padding: paddingProp,
    scope: scopeProp,
    size: sizeProp,
    sortDirection,
    variant: variantProp,
    sx,
    ...rest
  } = props;
  const isHead = sectionVariant === "head";
  const component = componentProp ?? (isHead ? "th" : "td");
  const scope = component === "td" ? undefined : !scopeProp && isHead ? "col" : scopeProp;
  const variant = variantProp ?? sectionVariant;
  const padding = paddingProp ?? table?.padding ?? "normal";
  const size = sizeProp ?? table?.size ?? "medium";
  const sticky = variant === "head" && Boolean(table?.stickyHeader);
  const ariaSort = sortDirection ? (sortDirection === "asc" ? "ascending" : "descending") : null;
  const key = styleable(props);
  const cls = useMemoClass(`cell ${variant ?? ""} ${size} ${padding} ${align} ${sticky ? 1 : 0} ${key}`, (t) => [
    ...cellStyles(t, { variant, size, padding, align, sticky }),
    sx as object,
  ]);
  if (key === null || cls === null) {
    // MUI's own cell, told what its table and section would have told it (their contexts are MUI's).
    return createElement(MuiTableCell as ElementType, {
      ...props,
      component,
      scope,
      variant: variant ?? undefined,
      padding,
      size,
      sx: sticky ? [{ position: "sticky", top: 0, zIndex: 2, bgcolor: "background.default" }, ...(Array.isArray(sx) ? sx : [sx])] : sx,
    });
  }
  return createElement(component, {
    className: join(
      tableCellClasses.root,
      variant && tableCellClasses[variant],
      sticky && tableCellClasses.stickyHeader,
      align !== "inherit" && tableCellClasses[`align${cap(align)}` as "alignLeft"],
      padding !== "normal" && tableCellClasses[`padding${cap(padding)}` as "paddingNone"],
      tableCellClasses[`size${cap(size)}` as "sizeSmall"],
      className as string,
      cls,
    ),
    "aria-sort": ariaSort,
    scope,
    ...rest,
  });
}

// Typed as MUI's components (their `component` prop and the props that follow from it).
export const TableContainer = Container as unknown as typeof MuiTableContainer;
export const Table = TableRoot as unknown as typeof MuiTable;
export const TableHead = Head as unknown as typeof MuiTableHead;
export const TableBody = Body as unknown as typeof MuiTableBody;
export const TableFooter = Footer as unknown as typeof MuiTableFooter;
export const TableRow = Row as unknown as typeof MuiTableRow;
export const TableCell = Cell as unknown as typeof MuiTableCell;
