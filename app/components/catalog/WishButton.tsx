import Favorite from "@mui/icons-material/Favorite";
import FavoriteBorder from "@mui/icons-material/FavoriteBorder";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import { useState, type FormEvent, type ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { useRootData } from "#app/components/root-data.ts";
import { useUserData } from "#app/lib/use-user-data.ts";
import { normaliseWishIds } from "#server/modules/shopping/types.ts";
import { useServerTemplate, type TemplateDefinition } from "#app/theme/server-templates.ts";
import { ServerPart } from "#app/components/ui/ServerPart.tsx";
import { toggleWish } from "../cart/shopping-client.ts";

type IconSize = "small" | "medium";

/** The form's content for a card (`variant="icon"`): the same for the server's template and the components. */
function iconFormContent(o: {
  productId: string;
  redirectTo: string;
  fullLabel: string;
  title: string;
  wished: boolean;
  pending: boolean;
  size: IconSize;
}): ReactNode {
  return (
    <>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={o.productId} />
      <input type="hidden" name="redirectTo" value={o.redirectTo} />
      {/* The browser's own tooltip (title): MUI's Tooltip would add Popper to every product grid's JavaScript. */}
      <IconButton
        type="submit"
        size={o.size}
        aria-pressed={o.wished}
        aria-label={o.fullLabel}
        title={o.title}
        // Not `disabled` while the form is sent: a disabled button loses the keyboard's focus (the handler ignores a second press).
        aria-disabled={o.pending || undefined}
        data-testid="wish-button"
        // A ring for the keyboard's focus that needs no JavaScript (MUI's focus ripple does): a kept heart has none.
        sx={{
          bgcolor: "background.paper",
          "&:hover": { bgcolor: "background.paper" },
          "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
        }}
      >
        {o.wished ? <Favorite color="error" /> : <FavoriteBorder />}
      </IconButton>
    </>
  );
}

/**
 * A card's heart as the server renders it (app/theme/server-templates.ts): the form's content for a
 * product that is not wished yet (the server never knows a visitor's wishes), once per theme and size.
 */
export const wishIconTemplate: TemplateDefinition = {
  id: "wish-icon",
  variants: ["small", "medium"],
  render: (size, slot) =>
    iconFormContent({
      productId: slot(0),
      redirectTo: slot(1),
      fullLabel: slot(2),
      title: slot(3),
      wished: false,
      pending: false,
      size: size as IconSize,
    }),
};

/**
 * A heart that adds a product to the shopper's wishes (or removes it). Without JavaScript it is a
 * POST form to /api/wishes that redirects back; with it, visitors keep wishes in
 * `localStorage.userData.wishes` and signed-in users on the server.
 *
 * `variant="icon"` (default) for cards, `"button"` for the product page.
 */
export function WishButton({
  productId,
  productTitle,
  variant = "icon",
  size = "medium",
}: {
  productId: string;
  productTitle?: string;
  variant?: "icon" | "button";
  size?: IconSize;
}) {
  const root = useRootData();
  const uid = root?.user?.uid ?? null;
  const userData = useUserData();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wished = normaliseWishIds(userData.wishes).includes(productId);
  const label = wished ? "Remove from wishes" : "Add to wishes";
  const fullLabel = productTitle ? `${label}: ${productTitle}` : label;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await toggleWish(uid, productId);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Your wishes could not be saved.");
    } finally {
      setPending(false);
    }
  }

  const redirectTo = `${location.pathname}${location.search}`;
  const title = error ?? label;
  const templated = useServerTemplate(variant === "icon" && !wished && !pending && !error ? wishIconTemplate : null, size, [
    productId,
    redirectTo,
    fullLabel,
    title,
  ]);
  const formProps = {
    method: "post",
    action: "/api/wishes",
    onSubmit,
    style: { display: "inline-flex" },
    "data-testid": "wish-form",
  } as const;
  // On the server, a card's heart is the rendered template (the same HTML the components give).
  if (templated !== null) return <Form {...formProps} dangerouslySetInnerHTML={{ __html: templated }} />;

  if (variant === "icon") {
    // In the browser, a card's heart keeps the server's HTML while the page hydrates (a server part,
    // ADR 0025): the form's submit handler is React's, the button is the server's. It renders when
    // the visitor's wishes, an error or the page's address change it (not while the form is sent:
    // the handler ignores a second press).
    return (
      <ServerPart of={Form} version={[wished, error, fullLabel, redirectTo, size]} {...formProps}>
        {iconFormContent({ productId, redirectTo, fullLabel, title, wished, pending, size })}
        {error ? (
          <span role="alert" style={visuallyHidden}>
            {error}
          </span>
        ) : null}
      </ServerPart>
    );
  }

  const icon = wished ? <Favorite color="error" /> : <FavoriteBorder />;
  return (
    <Form {...formProps}>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button
        type="submit"
        variant="outlined"
        startIcon={icon}
        aria-pressed={wished}
        aria-label={fullLabel}
        aria-disabled={pending || undefined}
        data-testid="wish-button"
      >
        {wished ? "Wished" : "Add to wishes"}
      </Button>
      {error ? (
        <span role="alert" style={{ marginLeft: 8, alignSelf: "center", fontSize: "0.875rem" }}>
          {error}
        </span>
      ) : null}
    </Form>
  );
}

/** Read by screen readers, not shown (the icon's title shows it on hover). */
const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
