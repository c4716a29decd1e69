import { styled, type SxProps, type Theme } from "@mui/material/styles";
import { inputRootStyle, inputStyle, outlineColor, svgIconStyle } from "./mui-input-style.ts";
import {
  useId,
  type InputHTMLAttributes,
  type CSSProperties,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

// MUI's outlined TextField (@mui/material 9: FormControl, InputLabel, OutlinedInput, NotchedOutline,
// FormHelperText) drawn with CSS alone, for the storefront and the print shop's back office (its
// administration, partner analytics, the fulfillment application, /admin/fulfillers and cases).
// TextField brings about 28 KB of gzipped JavaScript to a page (with Select, Menu, Popover, Modal
// and their transitions, because a TextField may be a select), and its label floats in JavaScript.
// Here the label floats in CSS (focus, a value, autofill, or a start adornment), so it is right
// before the page hydrates too. Pages not yet moved keep MUI's TextField; the two look the same
// (compared pixel by pixel).

type Size = "small" | "medium";

const Root = styled("div")(({ theme }) => {
  const easeOut = theme.transitions.easing.easeOut;
  // The label stays up (shrinks) while the field has focus, a value, an autofilled value, a start
  // adornment, or is a select; the outline then opens a notch for it.
  const up = [
    "&[data-up]",
    "&:focus-within",
    "&:has(input:not(:placeholder-shown))",
    "&:has(input:autofill)",
    "&:has(textarea:not(:placeholder-shown))",
  ];
  const whenUp = (inner: string) => up.map((s) => `${s} ${inner}`).join(", ");
  return {
    display: "inline-flex",
    flexDirection: "column",
    position: "relative",
    minWidth: 0,
    padding: 0,
    margin: 0,
    border: 0,
    verticalAlign: "top",
    "&[data-full-width]": { width: "100%" },

    // InputLabel, outlined
    "& > label": {
      ...theme.typography.body1,
      lineHeight: "1.4375em",
      color: theme.palette.text.secondary,
      padding: 0,
      display: "block",
      transformOrigin: "top left",
      whiteSpace: "nowrap",
      overflow: "hidden",
      textOverflow: "ellipsis",
      position: "absolute",
      left: 0,
      top: 0,
      zIndex: 1,
      pointerEvents: "none",
      transform: "translate(14px, 16px) scale(1)",
      maxWidth: "calc(100% - 24px)",
      transition: theme.transitions.create(["color", "transform", "max-width"], {
        duration: theme.transitions.duration.shorter,
        easing: easeOut,
      }),
    },
    "&[data-size=small] > label": { transform: "translate(14px, 9px) scale(1)" },
    [whenUp("> label")]: {
      userSelect: "none",
      pointerEvents: "auto",
      maxWidth: "calc(133% - 32px)",
      transform: "translate(14px, -9px) scale(0.75)",
    },
    "&:focus-within > label": { color: theme.palette.primary.main },
    "&[data-error] > label": { color: theme.palette.error.main },
    "&:has(> div > :disabled) > label": { color: theme.palette.text.disabled },

    // InputBase + OutlinedInput root
    "& > div": {
      ...inputRootStyle(theme),
      display: "inline-flex",
      alignItems: "center",
      borderRadius: theme.shape.borderRadius,
      "@media (hover: hover)": { "&:hover > fieldset": { borderColor: theme.palette.text.primary } },
    },
    "&[data-full-width] > div": { width: "100%" },
    "&[data-adorned] > div": { paddingLeft: 14 },
    // A multiline field: the padding is the box's, the textarea has none (OutlinedInput, multiline).
    "&[data-multiline] > div": { padding: "16.5px 14px" },
    "&[data-multiline][data-size=small] > div": { padding: "8.5px 14px" },
    "&:has(> div > :disabled) > div": { color: theme.palette.text.disabled, cursor: "default" },
    // Doubled class: above the hover rule, as MUI's focused and error classes are.
    "&&:focus-within > div > fieldset": { borderColor: theme.palette.primary.main, borderWidth: 2 },
    "&&[data-error] > div > fieldset": { borderColor: theme.palette.error.main },
    "&&:has(> div > :disabled) > div > fieldset": { borderColor: theme.palette.action.disabled },

    // InputAdornment, at the start
    "& > div > span": {
      display: "flex",
      height: "0.01em",
      maxHeight: "2em",
      alignItems: "center",
      whiteSpace: "nowrap",
      color: theme.palette.action.active,
      marginRight: 8,
    },

    // InputBase + OutlinedInput input
    "& > div > input": {
      ...inputStyle(theme),
      "&:-webkit-autofill": {
        borderRadius: "inherit",
        ...(theme.palette.mode === "dark"
          ? { WebkitBoxShadow: "0 0 0 100px #266798 inset", WebkitTextFillColor: "#fff", caretColor: "#fff" }
          : {}),
      },
    },
    "&[data-size=small] > div > input": { padding: "8.5px 14px" },
    "&[data-adorned] > div > input": { paddingLeft: 0 },
    "& > div > :is(input, textarea):disabled": { opacity: 1, WebkitTextFillColor: theme.palette.text.disabled },
    // A placeholder shows only once the label is up, as MUI's does.
    "&:not([data-up]):not(:focus-within) > div > :is(input, textarea)::placeholder": { opacity: "0 !important" },

    // InputBase + OutlinedInput textarea (TextareaAutosize): as tall as its text, from minRows to
    // maxRows lines (--min-rows, --max-rows), in CSS where the browser sizes fields to their content;
    // elsewhere `rows` lines, and the user may drag it taller.
    "& > div > textarea": {
      ...inputStyle(theme),
      padding: 0,
      height: "auto",
      resize: "none",
      fieldSizing: "content",
      minHeight: "calc(var(--min-rows, 1) * 1.4375em)",
      maxHeight: "calc(var(--max-rows, 1000) * 1.4375em)",
      "@supports not (field-sizing: content)": { resize: "vertical", maxHeight: "none" },
    },

    // NativeSelect, outlined, with its arrow
    "& > div > select": {
      font: "inherit",
      letterSpacing: "inherit",
      color: "currentColor",
      padding: "16.5px 32px 16.5px 14px",
      border: 0,
      boxSizing: "content-box",
      background: "none",
      height: "1.4375em",
      margin: 0,
      display: "block",
      minWidth: 16,
      width: "100%",
      MozAppearance: "none",
      WebkitAppearance: "none",
      userSelect: "none",
      borderRadius: theme.shape.borderRadius,
      cursor: "pointer",
      "&:focus": { outline: 0, borderRadius: theme.shape.borderRadius },
      "& option, & optgroup": { backgroundColor: theme.palette.background.paper },
    },
    "&[data-size=small] > div > select": { padding: "8.5px 32px 8.5px 14px" },
    "& > div > svg": {
      ...svgIconStyle(theme, 24),
      position: "absolute",
      right: 7,
      top: "calc(50% - .5em)",
      pointerEvents: "none",
      color: theme.palette.action.active,
    },

    // NotchedOutline
    "& > div > fieldset": {
      textAlign: "left",
      position: "absolute",
      bottom: 0,
      right: 0,
      top: -5,
      left: 0,
      margin: 0,
      padding: "0 8px",
      pointerEvents: "none",
      borderRadius: "inherit",
      borderStyle: "solid",
      borderWidth: 1,
      borderColor: outlineColor(theme),
      overflow: "hidden",
      minWidth: "0%",
    },
    "& > div > fieldset > legend": {
      float: "unset",
      width: "auto",
      overflow: "hidden",
      display: "block",
      padding: 0,
      height: 11,
      fontSize: "0.75em",
      visibility: "hidden",
      maxWidth: 0.01,
      transition: theme.transitions.create("max-width", { duration: 50, easing: easeOut }),
      whiteSpace: "nowrap",
      "& > span": { paddingLeft: 5, paddingRight: 5, display: "inline-block", opacity: 0, visibility: "visible" },
    },
    [whenUp("> div > fieldset > legend")]: {
      maxWidth: "100%",
      transition: theme.transitions.create("max-width", { duration: 100, easing: easeOut, delay: 50 }),
    },

    // FormHelperText, contained
    "& > p": {
      ...theme.typography.caption,
      color: theme.palette.text.secondary,
      textAlign: "left",
      margin: "3px 14px 0",
    },
    "&[data-size=small] > p": { marginTop: 4 },
    "&[data-error] > p": { color: theme.palette.error.main },
    "&:has(> div > :disabled) > p": { color: theme.palette.text.disabled },
  };
});

type Shell = {
  /** Without one, name the control with `aria-label`; a placeholder then shows at rest too. */
  label?: ReactNode;
  /** MUI's sizes: small is 40 px tall, medium 56 px. */
  size?: Size;
  fullWidth?: boolean;
  error?: boolean;
  /**
   * Shown under the field, and read with it (aria-describedby); red when `error` is set. A single
   * space keeps its line empty, as MUI's (so that fields in a row stay level when one has an error).
   */
  helperText?: ReactNode;
  /** Styles of the root, as a TextField's `sx`. */
  sx?: SxProps<Theme>;
  id?: string;
  required?: boolean;
};

/** The label, the outline with its notch and the helper text around one control. */
function FieldShell({
  label,
  size = "medium",
  fullWidth,
  error,
  helperText,
  sx,
  id: idProp,
  required,
  up,
  adornment,
  select,
  multiline,
  control,
}: Shell & {
  up?: boolean;
  adornment?: ReactNode;
  select?: boolean;
  multiline?: boolean;
  control: (a11y: { id: string; required?: boolean; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const autoId = useId();
  const id = idProp ?? `field${autoId.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  // As MUI's FormLabel: the asterisk is drawn, not read (the control is `required`).
  const text =
    label == null ? null : required ? (
      <>
        {label}
        {/* Two text nodes, as MUI's: one node shapes the thin space differently, 1 px off. */}
        <span aria-hidden="true">
          {"\u2009"}
          {"*"}
        </span>
      </>
    ) : (
      label
    );
  return (
    <Root
      sx={sx}
      data-size={size}
      data-full-width={fullWidth ? "" : undefined}
      data-error={error ? "" : undefined}
      data-up={up || adornment || text == null ? "" : undefined}
      data-adorned={adornment ? "" : undefined}
      data-select={select ? "" : undefined}
      data-multiline={multiline ? "" : undefined}
    >
      {text == null ? null : (
        <label htmlFor={id} id={`${id}-label`}>
          {text}
        </label>
      )}
      <div>
        {adornment ? <span>{adornment}</span> : null}
        {control({ id, required, "aria-invalid": error ? true : undefined, "aria-describedby": helperId })}
        {select ? (
          <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
            <path d="M7 10l5 5 5-5z" />
          </svg>
        ) : null}
        <fieldset aria-hidden="true">
          <legend>{text == null ? null : <span>{text}</span>}</legend>
        </fieldset>
      </div>
      {helperText ? (
        <p id={helperId}>
          {helperText === " " ? (
            // A zero-width space holds the line, as MUI's FormHelperText does.
            <span className="notranslate" aria-hidden="true">
              {"\u200b"}
            </span>
          ) : (
            helperText
          )}
        </p>
      ) : null}
    </Root>
  );
}

export type OutlinedFieldProps = Shell &
  Omit<InputHTMLAttributes<HTMLInputElement>, "size"> & {
    /** An icon before the text, as MUI's InputAdornment at the start; the label then stays up. */
    startAdornment?: ReactNode;
    /** The label stays up, as MUI's `slotProps.inputLabel.shrink` (a date, time or file field). */
    shrink?: boolean;
    inputRef?: Ref<HTMLInputElement>;
  };

/**
 * An outlined text field with a floating label, helper text and error state, as MUI's
 * `<TextField variant="outlined">` draws it, from a native input and CSS: no JavaScript runs for it,
 * so it costs a storefront page nothing but its markup. The label is the input's <label>, the
 * helper text is its description (aria-describedby), and `error` sets aria-invalid.
 */
export function OutlinedField({
  label,
  size,
  fullWidth,
  error,
  helperText,
  sx,
  id,
  required,
  startAdornment,
  shrink,
  inputRef,
  placeholder,
  ...input
}: OutlinedFieldProps) {
  return (
    <FieldShell
      {...{ label, size, fullWidth, error, helperText, sx, id, required }}
      up={shrink}
      adornment={startAdornment}
      control={(a11y) => (
        // A placeholder of one space when there is none: `:placeholder-shown` then tells an empty
        // field from a filled one, and the label floats in CSS.
        <input ref={inputRef} placeholder={placeholder ?? " "} {...a11y} {...input} />
      )}
    />
  );
}

export type OutlinedSelectProps = Shell &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "size"> & {
    children: ReactNode;
  };

/**
 * A native select in the same outline, as MUI's `<TextField select slotProps={{ select: { native:
 * true } }}>` with its label always up: the phone's own picker, and no JavaScript.
 */
export function OutlinedSelect({ label, size, fullWidth, error, helperText, sx, id, required, children, ...select }: OutlinedSelectProps) {
  return (
    <FieldShell
      {...{ label, size, fullWidth, error, helperText, sx, id, required }}
      up
      select
      control={(a11y) => (
        <select {...a11y} {...select}>
          {children}
        </select>
      )}
    />
  );
}

export type OutlinedTextAreaProps = Shell &
  TextareaHTMLAttributes<HTMLTextAreaElement> & {
    /** The lines it shows at least (MUI's minRows; 1 by default). */
    minRows?: number;
    /** The lines it grows to before it scrolls (MUI's maxRows), where the browser sizes it in CSS. */
    maxRows?: number;
  };

/**
 * A multiline field, as MUI's `<TextField multiline minRows maxRows>`, from a native textarea: it
 * grows with its text in CSS (field-sizing) instead of TextareaAutosize's JavaScript.
 */
export function OutlinedTextArea({
  label,
  size,
  fullWidth,
  error,
  helperText,
  sx,
  id,
  required,
  minRows = 1,
  maxRows,
  placeholder,
  style,
  ...textarea
}: OutlinedTextAreaProps) {
  const rows = { "--min-rows": minRows, ...(maxRows ? { "--max-rows": maxRows } : {}) } as CSSProperties;
  return (
    <FieldShell
      {...{ label, size, fullWidth, error, helperText, sx, id, required }}
      multiline
      control={(a11y) => <textarea rows={minRows} placeholder={placeholder ?? " "} style={{ ...rows, ...style }} {...a11y} {...textarea} />}
    />
  );
}
