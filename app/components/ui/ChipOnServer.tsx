import MuiChip, { type ChipProps } from "@mui/material/Chip";
import { createElement, type ElementType } from "react";
import { useServerTemplate, type TemplateDefinition } from "#app/theme/server-templates.ts";

// The server build's Chip (vite.config.ts puts this module in place of ./Chip.tsx, which is MUI's
// Chip itself in the browser): MUI's Chip, drawn from a template (app/theme/server-templates.ts) when it is a plain
// label: a status chip in each row of a back-office table, the statuses of a print shop's floor.
// MUI's Chip runs its slots, class composition and the styled runtime for its root and its label
// on every render; here MUI renders each colour, size and variant once per theme, and a use fills
// in its label and puts its own attributes (data-*, aria-*, id, className) on the root. In the
// browser it is MUI's Chip, which finds exactly that DOM to hydrate. A chip that does more (click,
// delete, link, icon, avatar, sx, disabled, classes) is MUI's own everywhere.

const COLORS = ["default", "primary", "secondary", "error", "info", "success", "warning"] as const;
const SIZES = ["small", "medium"] as const;
const VARIANTS = ["filled", "outlined"] as const;

export const chipTemplate: TemplateDefinition = {
  id: "chip",
  variants: COLORS.flatMap((c) => SIZES.flatMap((s) => VARIANTS.map((v) => `${c} ${s} ${v}`))),
  render(variant, slot) {
    const [color, size, v] = variant.split(" ") as [ChipProps["color"], ChipProps["size"], ChipProps["variant"]];
    return createElement(MuiChip, { color, size, variant: v, label: slot(0) });
  },
};

/** Props that make a chip more than a label: MUI draws those. */
const ACTIVE = [
  "clickable",
  "onClick",
  "onDelete",
  "deleteIcon",
  "avatar",
  "icon",
  "component",
  "disabled",
  "classes",
  "sx",
  "slots",
  "slotProps",
  "tabIndex",
  "focusableWhenDisabled",
  "skipFocusWhenDisabled",
  "onKeyDown",
  "onKeyUp",
  "ref",
] as const;

/**
 * The filled template: MUI's root `<div class="...">` and what is inside it. (Outside production
 * builds, Emotion's class carries labels, `mui-<hash>-MuiChip-root`: the unit test's render.)
 */
const SHAPE = /^<div class="([^"]*) (mui-[a-z0-9]+(?:-Mui[A-Za-z]+-[A-Za-z]+)*)">(<span class="[^"]*">[^<]*<\/span>)<\/div>$/;

type Props = ChipProps & { [prop: string]: unknown };

function Chip(props: Props) {
  const { color = "default", size = "medium", variant = "filled", label, className, ...rest } = props;
  const plain =
    (typeof label === "string" || typeof label === "number") &&
    (className === undefined || (typeof className === "string" && !className.includes("mui-"))) &&
    (COLORS as readonly string[]).includes(color) &&
    (SIZES as readonly string[]).includes(size) &&
    (VARIANTS as readonly string[]).includes(variant) &&
    !ACTIVE.some((p) => props[p] !== undefined);
  const html = useServerTemplate(plain ? chipTemplate : null, `${color} ${size} ${variant}`, [String(label)]);
  const shape = html === null ? null : SHAPE.exec(html);
  if (!shape) return createElement(MuiChip as ElementType, props);
  // MUI's order: the caller's attributes, then the class (its classes, the caller's, the style's).
  return createElement("div", {
    ...rest,
    className: className ? `${shape[1]} ${className} ${shape[2]}` : `${shape[1]} ${shape[2]}`,
    dangerouslySetInnerHTML: { __html: shape[3] },
  });
}

/** Typed as MUI's Chip (its `component` prop and the props that follow from it). */
export default Chip as unknown as typeof MuiChip;
