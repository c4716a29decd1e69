import MuiBox, { type BoxProps } from "@mui/material/Box";
import { createElement, type ElementType } from "react";
import { sxKey, useMemoClass } from "#app/theme/fixed-styles.tsx";

// MUI's Box with its `sx` compiled once per theme and value (ADR 0020), not on every render: the
// same element, the same class names (`MuiBox-root mui-<hash>`) and the same CSS. A Box whose sx
// holds a function, or whose class names come from another Emotion style, is MUI's own.

type Props = BoxProps & { [prop: string]: unknown };

function MemoBox({ sxJson, sx, component, className, ...rest }: Props & { sxJson: string }) {
  const cls = useMemoClass(`box ${sxJson}`, () => [sx as object]);
  if (cls === null) return createElement(MuiBox as ElementType, { sx, component, className, ...rest });
  // Attributes in MUI's order: class first.
  return createElement((component ?? "div") as ElementType, {
    className: className ? `${className} MuiBox-root ${cls}` : `MuiBox-root ${cls}`,
    ...rest,
  });
}

function Box(props: Props) {
  const key = sxKey(props.sx);
  if (key === null || (typeof props.className === "string" && props.className.includes("mui-")))
    return createElement(MuiBox as ElementType, props);
  return createElement(MemoBox, { ...props, sxJson: key });
}

/** Typed as MUI's Box (its `component` prop and the props that follow from it). */
export default Box as unknown as typeof MuiBox;
