import MuiStack, { type StackProps } from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import { handleBreakpoints, mergeBreakpointsInOrder, resolveBreakpointValues } from "@mui/system/breakpoints";
import { createUnarySpacing, getValue } from "@mui/system/spacing";
import deepmerge from "@mui/utils/deepmerge";
import { createElement, Fragment, type ElementType } from "react";
import { RawCss, sxKey, useMemoClass } from "#app/theme/fixed-styles.tsx";

// The server build's Stack (vite.config.ts puts this module in place of ./Stack.tsx, which is MUI's
// Stack itself in the browser): MUI's Stack with its style and `sx` compiled once per theme and
// value (ADR 0020), not on every render: the same element, class names (`MuiStack-root mui-<hash>`)
// and CSS, which the browser's MUI Stack hydrates. A print shop's orders page has some 85 of them.
// A Stack with a divider, an sx with a function, or class names from another Emotion style is MUI's
// own.

type Direction = StackProps["direction"];
type Spacing = StackProps["spacing"];

const SIDE: Record<string, string> = { row: "Left", "row-reverse": "Right", column: "Top", "column-reverse": "Bottom" };

/**
 * MUI 9.5's Stack root style (@mui/system/Stack/createStack.js `style`, MIT,
 * https://github.com/mui/material-ui/blob/master/packages/mui-system/src/Stack/createStack.tsx), which
 * the package does not export: the flex direction per breakpoint, then the spacing between children
 * (margins, or `gap` with useFlexGap) per breakpoint.
 */
function stackStyle(theme: Theme, direction: Direction, spacing: Spacing, useFlexGap: boolean): object {
  const values = theme.breakpoints.values as Record<string, number>;
  let styles: Record<string, unknown> = {
    display: "flex",
    flexDirection: "column",
    ...handleBreakpoints(
      { theme },
      resolveBreakpointValues({ values: direction, breakpoints: theme.breakpoints.values }),
      (propValue: unknown) => ({
        flexDirection: propValue,
      }),
    ),
  };
  if (spacing) {
    const transformer = createUnarySpacing(theme);
    const base = Object.keys(values).reduce<Record<string, boolean>>((acc, breakpoint) => {
      if (
        (typeof spacing === "object" && (spacing as Record<string, unknown>)[breakpoint] != null) ||
        (typeof direction === "object" && (direction as Record<string, unknown>)[breakpoint] != null)
      )
        acc[breakpoint] = true;
      return acc;
    }, {});
    const directionValues = resolveBreakpointValues({ values: direction, base }) as Record<string, string> | string;
    const spacingValues = resolveBreakpointValues({ values: spacing, base });
    if (typeof directionValues === "object")
      Object.keys(directionValues).forEach((breakpoint, index, breakpoints) => {
        if (!directionValues[breakpoint]) directionValues[breakpoint] = index > 0 ? directionValues[breakpoints[index - 1]!]! : "column";
      });
    const styleFromPropValue = (propValue: unknown, breakpoint?: string) =>
      useFlexGap
        ? { gap: getValue(transformer, propValue as number) }
        : {
            "& > :not(style):not(style)": { margin: 0 },
            "& > :not(style) ~ :not(style)": {
              [`margin${SIDE[breakpoint ? (directionValues as Record<string, string>)[breakpoint]! : (direction as string)]}`]: getValue(
                transformer,
                propValue as number,
              ),
            },
          };
    styles = deepmerge(styles, handleBreakpoints({ theme }, spacingValues, styleFromPropValue));
  }
  return mergeBreakpointsInOrder(theme.breakpoints, styles);
}

type Props = StackProps & { [prop: string]: unknown };

function MemoStack({ styleKey, ...props }: Props & { styleKey: string }) {
  const { component, direction = "column", spacing = 0, divider: _divider, useFlexGap = false, className, sx, ...rest } = props;
  const cls = useMemoClass(styleKey, (t) => [new RawCss(stackStyle(t, direction, spacing, useFlexGap)), sx as object]);
  if (cls === null) return createElement(MuiStack as ElementType, props);
  // Attributes in MUI's order: class first. The element is the second of two children, as under
  // Emotion's styled root (its style's insertion, then the element), which the browser renders: the
  // ids React's useId gives inside the stack depend on that shape, and must be the browser's.
  return createElement(
    Fragment,
    null,
    null,
    createElement((component ?? "div") as ElementType, {
      className: className ? `MuiStack-root ${className} ${cls}` : `MuiStack-root ${cls}`,
      ...rest,
    }),
  );
}

function Stack(props: Props) {
  // Each of the style's inputs keyed once (MUI's defaults for the absent ones); null: MUI's own.
  const sx = sxKey(props.sx);
  const direction = sxKey(props.direction ?? "column");
  const spacing = sxKey(props.spacing ?? 0);
  if (
    sx === null ||
    direction === null ||
    spacing === null ||
    props.divider !== undefined ||
    (typeof props.className === "string" && props.className.includes("mui-"))
  )
    return createElement(MuiStack as ElementType, props);
  return createElement(MemoStack, { ...props, styleKey: `stack ${direction} ${spacing} ${props.useFlexGap ? 1 : 0} ${sx}` });
}

/** Typed as MUI's Stack (its `component` prop and the props that follow from it). */
export default Stack as unknown as typeof MuiStack;
