// MUI's ButtonBase for the server render (issue 24). Every button, icon button, tab, list button,
// chip with a handler and pagination item of MUI renders a ButtonBase, and its render runs some
// twenty-five hooks: a lazy ripple, focus-visible state, a dozen event callbacks, forked refs,
// imperative handles, effects. On the server none of them changes the HTML: there is no focus, no
// ripple (it mounts on the first interaction), and React writes no handler or ref. What the HTML
// does depend on is worked out here exactly as ButtonBase does it (MUI 9.5, MIT,
// https://github.com/mui/material-ui/blob/master/packages/mui-material/src/ButtonBase/ButtonBase.js
// and useButtonBase.js): the element, its classes, its tabIndex, type and disabled (a native
// button) or role and aria-disabled (any other element), a link's own tabIndex and type, the
// ownerState its styles read, and the same children (the content, then the ripple's empty place).
//
// vite.config.ts makes MUI's ButtonBase return this (called inside its render, so its one hook is ButtonBase's) in the SSR build only; the browser runs MUI's
// own, which hydrates the same HTML. The unit test renders both for each kind of use and compares.
import composeClasses from "@mui/utils/composeClasses";
import { getButtonBaseUtilityClass } from "@mui/material/ButtonBase";
import { useDefaultProps } from "@mui/material/DefaultPropsProvider";
import clsx from "clsx";
import type { ElementType, ReactNode, Ref } from "react";
import { jsxs } from "react/jsx-runtime";

type Props = Record<string, unknown> & { children?: ReactNode; classes?: Record<string, string> };

export function ServerButtonBase(inProps: Props, ref: Ref<unknown>, ButtonBaseRoot: ElementType): ReactNode {
  const props = useDefaultProps({ props: inProps, name: "MuiButtonBase" }) as Props;
  const {
    /* eslint-disable @typescript-eslint/no-unused-vars -- taken out of `other` as ButtonBase takes them */
    action,
    centerRipple = false,
    children,
    className,
    component = "button",
    disabled = false,
    disableRipple = false,
    disableTouchRipple = false,
    focusRipple = false,
    focusVisibleClassName,
    focusableWhenDisabled,
    suppressFocusVisible = false,
    internalNativeButton: internalNativeButtonProp,
    internalDisabledThemeFocusVisible = false,
    LinkComponent = "a",
    nativeButton: nativeButtonProp,
    onBlur,
    onClick,
    onContextMenu,
    onDragLeave,
    onFocus,
    onFocusVisible,
    onKeyDown,
    onKeyUp,
    onMouseDown,
    onMouseLeave,
    onMouseUp,
    onTouchEnd,
    onTouchMove,
    onTouchStart,
    tabIndex = 0,
    TouchRippleProps,
    touchRippleRef,
    type,
    /* eslint-enable @typescript-eslint/no-unused-vars */
    ...other
  } = props;
  const isLink = Boolean(other.href || other.to);
  const hasFormAction = Boolean(other.formAction);
  const ComponentProp = component === "button" && isLink ? LinkComponent : component;
  const internalNativeButton = typeof ComponentProp === "string" ? ComponentProp === "button" : (internalNativeButtonProp ?? false);
  const nativeButton = nativeButtonProp ?? internalNativeButton;

  // useButtonBase's button props (ButtonBase does not pass focusableWhenDisabled on).
  const buttonProps: Record<string, unknown> = { tabIndex: disabled ? -1 : tabIndex };
  if (nativeButton) {
    buttonProps.type = type === undefined && !hasFormAction ? "button" : type;
    buttonProps.disabled = disabled;
  } else {
    buttonProps.role = "button";
    if (disabled) buttonProps["aria-disabled"] = disabled;
  }
  const linkProps: Record<string, unknown> = {};
  if (isLink) {
    linkProps.tabIndex = disabled ? -1 : tabIndex;
    if (disabled) linkProps["aria-disabled"] = disabled;
    linkProps.type = type;
  }
  // No focus on the server: focusVisible is false, so only the root and disabled classes apply.
  const ownerState = {
    ...props,
    centerRipple,
    component,
    disabled,
    disableRipple,
    disableTouchRipple,
    focusRipple,
    suppressFocusVisible,
    tabIndex,
    focusVisible: false,
    internalDisabledThemeFocusVisible,
  };
  const classes = composeClasses({ root: ["root", disabled ? "disabled" : false] }, getButtonBaseUtilityClass, props.classes) as {
    root: string;
  };
  // The same two children as ButtonBase (the ripple's place is empty until an interaction), so the
  // tree below has the same shape for React's ids.
  return jsxs(ButtonBaseRoot, {
    as: ComponentProp,
    className: clsx(classes.root, className as string | undefined),
    ownerState,
    ref,
    ...(isLink ? linkProps : buttonProps),
    ...other,
    children: [children, null],
  });
}
