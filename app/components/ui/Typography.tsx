import MuiTypography, { type TypographyProps } from "@mui/material/Typography";
import type { Theme, TypographyVariant } from "@mui/material/styles";
import { createElement, type ElementType } from "react";
import { RawCss, sxKey, useMemoClass } from "#app/theme/fixed-styles.tsx";

// MUI's Typography with its style and `sx` compiled once per theme and value (ADR 0020), not on
// every render: the same element, class names and CSS as MUI 9's Typography (root style: margin 0,
// the variant's font, a colour variant, gutterBottom; then sx). Anything rarer (align, noWrap,
// paragraph, variant="inherit", an sx with a function) is MUI's own Typography.

const ELEMENT: Partial<Record<string, string>> = {
  h1: "h1",
  h2: "h2",
  h3: "h3",
  h4: "h4",
  h5: "h5",
  h6: "h6",
  subtitle1: "h6",
  subtitle2: "h6",
  body1: "p",
  body2: "p",
};
const PALETTE = new Set(["primary", "secondary", "error", "warning", "info", "success"]);
const TEXT: Partial<Record<string, "primary" | "secondary" | "disabled">> = {
  textPrimary: "primary",
  textSecondary: "secondary",
  textDisabled: "disabled",
};

function rootStyle(t: Theme, variant: string, color: string | undefined, gutterBottom: boolean) {
  const main = color && PALETTE.has(color) ? (t.palette[color as "primary"] as { main: string }).main : undefined;
  const text = color ? TEXT[color] : undefined;
  return {
    margin: 0,
    ...(t.typography[variant as TypographyVariant] as object),
    ...(main ? { color: main } : text ? { color: t.palette.text[text] } : {}),
    ...(gutterBottom ? { marginBottom: "0.35em" } : {}),
  };
}

type Props = TypographyProps & { [prop: string]: unknown };

function MemoTypography({ sxJson, ...props }: Props & { sxJson: string }) {
  const { variant = "body1", color, gutterBottom = false, component, className, sx, style, ...rest } = props;
  const c = typeof color === "string" ? color : undefined;
  const cls = useMemoClass(`typography ${variant} ${c ?? ""} ${gutterBottom ? 1 : 0} ${sxJson}`, (t) => [
    new RawCss(rootStyle(t, variant, c, gutterBottom)),
    sx as object,
  ]);
  if (cls === null) return createElement(MuiTypography, props);
  const root = `MuiTypography-root MuiTypography-${variant}${gutterBottom ? " MuiTypography-gutterBottom" : ""}`;
  // Attributes in MUI's order: class, the rest, style.
  return createElement((component ?? ELEMENT[variant] ?? "span") as ElementType, {
    className: className ? `${root} ${className} ${cls}` : `${root} ${cls}`,
    ...rest,
    style,
  });
}

const RARE = ["align", "noWrap", "paragraph", "variantMapping"] as const;

function Typography(props: Props) {
  const variant = props.variant ?? "body1";
  const key = sxKey(props.sx);
  if (
    key === null ||
    variant === "inherit" ||
    !(variant in ELEMENT || variant === "caption" || variant === "button" || variant === "overline") ||
    RARE.some((p) => props[p] !== undefined) ||
    (typeof props.className === "string" && props.className.includes("mui-"))
  ) {
    return createElement(MuiTypography, props);
  }
  return createElement(MemoTypography, { ...props, sxJson: key });
}

/** Typed as MUI's Typography (its `component` prop and the props that follow from it). */
export default Typography as unknown as typeof MuiTypography;
