import { alpha, styled, type SxProps, type Theme } from "@mui/material/styles";
import type { InputHTMLAttributes, ReactNode } from "react";
import { svgIconStyle } from "./mui-input-style.ts";

// MUI's FormControlLabel around a small Checkbox or Radio (@mui/material 9: FormControlLabel,
// ButtonBase, SwitchBase, Checkbox, Radio, RadioButtonIcon, SvgIcon) drawn with a native input and
// CSS alone, for the storefront's filters and the back office's forms. MUI's controls bring about 7 KB of gzipped JavaScript to
// a page (SwitchBase, ButtonBase's ripple, the controlled-state hooks) to switch an icon that CSS
// switches with `:checked`, before the page hydrates too. The input is MUI's: native, invisible,
// laid over the icon, so keyboard, forms and screen readers use it as they use MUI's.
// Not drawn (no page needs them): disabled, indeterminate, the click ripple.

const ICON = {
  checkboxOff: "M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z",
  checkboxOn:
    "M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z",
  radioRing: "M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z",
  radioDot:
    "M8.465 8.465C9.37 7.56 10.62 7 12 7C14.76 7 17 9.24 17 12C17 13.38 16.44 14.63 15.535 15.535C14.63 16.44 13.38 17 12 17C9.24 17 7 14.76 7 12C7 10.62 7.56 9.37 8.465 8.465Z",
};

const Label = styled("label")(({ theme }) => {
  const shortest = theme.transitions.duration.shortest;
  return {
    // FormControlLabel
    display: "inline-flex",
    alignItems: "center",
    cursor: "pointer",
    verticalAlign: "middle",
    WebkitTapHighlightColor: "transparent",
    marginLeft: -11,
    marginRight: 16,

    // ButtonBase + SwitchBase + Checkbox/Radio, colour primary
    "& > span:first-of-type": {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      position: "relative",
      boxSizing: "border-box",
      padding: 9,
      borderRadius: "50%",
      userSelect: "none",
      verticalAlign: "middle",
      color: theme.palette.text.secondary,
      "&:hover": {
        backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
        "@media (hover: none)": { backgroundColor: "transparent" },
      },
    },
    "& > span:first-of-type:has(> input:checked)": { color: theme.palette.primary.main },
    // The keyboard focus: MUI's focus ripple, a circle of the control's colour (without its pulse).
    "& > span:first-of-type::after": {
      content: '""',
      position: "absolute",
      inset: 0,
      borderRadius: "50%",
      backgroundColor: "currentColor",
      opacity: 0,
      transform: "scale(0.92)",
      pointerEvents: "none",
    },
    "& > span:first-of-type:has(> input:focus-visible)::after": { opacity: 0.3 },
    "& input": {
      cursor: "inherit",
      position: "absolute",
      opacity: 0,
      width: "100%",
      height: "100%",
      top: 0,
      left: 0,
      margin: 0,
      padding: 0,
      zIndex: 1,
    },
    // SvgIcon, fontSize small (MUI's size="small") or medium
    "& > span:first-of-type svg": svgIconStyle(theme, 20),
    "&[data-size=medium] > span:first-of-type svg": { fontSize: theme.typography.pxToRem(24) },
    // Checkbox: one icon or the other
    "& input:checked ~ svg[data-off], & input:not(:checked) ~ svg[data-on]": { display: "none" },
    // Radio: the ring, and the dot that grows in it (RadioButtonIcon)
    "& input + span": { position: "relative", display: "flex" },
    "& input + span > svg:first-of-type": { transform: "scale(1)" },
    "& input + span > svg:last-of-type": {
      left: 0,
      position: "absolute",
      transform: "scale(0)",
      transition: theme.transitions.create("transform", { easing: theme.transitions.easing.easeIn, duration: shortest }),
    },
    "& input:checked + span > svg:last-of-type": {
      transform: "scale(1)",
      transition: theme.transitions.create("transform", { easing: theme.transitions.easing.easeOut, duration: shortest }),
    },

    // The label: Typography body1
    "& > span:last-of-type": { ...theme.typography.body1, margin: 0 },
  };
});

function Icon({ d, ...rest }: { d: string; "data-on"?: boolean; "data-off"?: boolean }) {
  return (
    <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24" {...rest}>
      <path d={d} />
    </svg>
  );
}

export interface ChoiceControlProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "size"> {
  type: "checkbox" | "radio";
  label: ReactNode;
  /** MUI's sizes: small (20 px icon, the default here) or medium (24 px, MUI's default). */
  size?: "small" | "medium";
  /** Styles of the label (the root); its first `span` is the control, its last the text. */
  sx?: SxProps<Theme>;
}

/** A checkbox or radio button with its label, as MUI's `<FormControlLabel control={<Checkbox size="small" />} />`. */
export function ChoiceControl({ type, label, size = "small", sx, ...input }: ChoiceControlProps) {
  return (
    <Label sx={sx} data-size={size === "medium" ? size : undefined}>
      <span>
        <input type={type} {...input} />
        {type === "checkbox" ? (
          <>
            <Icon d={ICON.checkboxOff} data-off />
            <Icon d={ICON.checkboxOn} data-on />
          </>
        ) : (
          <span>
            <Icon d={ICON.radioRing} />
            <Icon d={ICON.radioDot} />
          </span>
        )}
      </span>
      <span>{label}</span>
    </Label>
  );
}
