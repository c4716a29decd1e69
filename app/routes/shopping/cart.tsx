import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import ShoppingBagOutlined from "@mui/icons-material/ShoppingBagOutlined";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { useEffect } from "react";
import { Form } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/cart";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { ProductImage } from "#app/components/catalog/ProductImage.tsx";
import { productPath } from "#app/components/catalog/ProductCard.tsx";
import { mirrorServer } from "#app/components/cart/shopping-client.ts";
import { visitorCartIdFrom } from "#app/lib/cart-cookie.server.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { CartSummary } from "#app/components/cart/CartSummary.tsx";
import { getCart } from "#server/modules/shopping/index.ts";
import { CART_MAX_QUANTITY, LOW_STOCK } from "#server/modules/shopping/types.ts";

export const meta: Route.MetaFunction = () => [{ title: "Your cart · Platen" }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** The cart as a page: the signed-in shopper's, or the visitor's (signed cart cookie). Works without JavaScript. */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  const uid = ctx.actor.kind === "user" ? ctx.actor.userId : "";
  const cart = await getCart(ctx, uid ? null : await visitorCartIdFrom(request));
  return { signedIn: Boolean(uid), uid, cart };
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, signedIn, uid } = loaderData;
  // Keep userData.cart (the spec's field) in step with the server cart this page shows.
  useEffect(() => {
    mirrorServer(uid, { cart: cart.lines.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity })) });
  }, [uid, cart]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        Your cart
      </Typography>
      {!cart.lines.length ? (
        <Box sx={{ textAlign: "center", py: 8 }} data-testid="cart-empty">
          <ShoppingBagOutlined sx={{ fontSize: 56, color: "text.secondary" }} />
          <Typography variant="h6" component="h2" sx={{ mt: 1, fontWeight: 700 }}>
            Your cart is empty
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            Find something you love from independent artists.
          </Typography>
          <Button component={Link} to="/shop" variant="contained">
            Browse the shop
          </Button>
        </Box>
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Items in your cart">
            {cart.lines.map((line) => {
              const title = line.card?.title ?? "A product that is no longer available";
              return (
                <Box
                  component="li"
                  key={line.variantId}
                  data-testid="cart-page-line"
                  sx={{
                    display: "grid",
                    gridTemplateColumns: { xs: "80px 1fr", sm: "112px 1fr" },
                    gap: 2,
                    py: 2,
                    borderBottom: 1,
                    borderColor: "divider",
                  }}
                >
                  <Box sx={{ borderRadius: 1, overflow: "hidden" }}>
                    <ProductImage image={line.card?.image ?? null} alt={line.card ? `${title}, ${line.color}` : title} sizes="112px" />
                  </Box>
                  <Box sx={{ minWidth: 0 }}>
                    <Stack direction="row" sx={{ justifyContent: "space-between", gap: 1 }}>
                      {line.card ? (
                        <Typography
                          component={Link}
                          to={productPath(line.productId)}
                          variant="subtitle1"
                          sx={{ color: "text.primary", fontWeight: 700 }}
                        >
                          {title}
                        </Typography>
                      ) : (
                        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                          {title}
                        </Typography>
                      )}
                      <Typography variant="subtitle1" sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>
                        {formatPrice(line.lineTotalMinor, cart.currency)}
                      </Typography>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {line.variantLabel || "Variant no longer offered"}
                      {line.card ? ` · ${line.card.storeName}` : ""}
                      {line.unitPriceMinor ? ` · ${formatPrice(line.unitPriceMinor, cart.currency)} each` : ""}
                    </Typography>
                    {line.priceWhenAddedMinor !== null && line.priceWhenAddedMinor !== undefined ? (
                      <Typography variant="body2" role="status" sx={{ fontWeight: 600 }} data-testid="cart-price-change">
                        The price has {line.priceWhenAddedMinor > line.unitPriceMinor ? "dropped" : "gone up"} since you added this (it was{" "}
                        {formatPrice(line.priceWhenAddedMinor, cart.currency)}).
                      </Typography>
                    ) : null}
                    {!line.available ? (
                      <Typography variant="body2" color="error">
                        Not available right now; not counted in the subtotal.
                      </Typography>
                    ) : line.stockProblem ? (
                      <Typography variant="body2" color="error" data-testid="cart-stock-problem">
                        {line.stockProblem}; not counted in the subtotal.
                      </Typography>
                    ) : line.left !== null && line.left !== undefined && line.left <= LOW_STOCK ? (
                      <Typography variant="body2" color="warning.main" data-testid="cart-stock-low">
                        Only {line.left} left.
                      </Typography>
                    ) : null}
                    <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: "flex-start", flexWrap: "wrap", rowGap: 1 }}>
                      <Form method="post" action="/api/cart" reloadDocument>
                        <input type="hidden" name="intent" value="set-quantity" />
                        <input type="hidden" name="variantId" value={line.variantId} />
                        <input type="hidden" name="redirectTo" value="/cart" />
                        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                          <TextField
                            label={`Quantity of ${title}`}
                            name="quantity"
                            type="number"
                            size="small"
                            defaultValue={line.quantity}
                            slotProps={{
                              htmlInput: {
                                min: 1,
                                max: Math.max(1, Math.min(CART_MAX_QUANTITY, line.left ?? CART_MAX_QUANTITY)),
                                step: 1,
                                inputMode: "numeric",
                                "data-testid": "cart-page-quantity",
                              },
                            }}
                            sx={{ width: 150 }}
                          />
                          <Button type="submit" variant="outlined">
                            Update
                          </Button>
                        </Stack>
                      </Form>
                      <Form method="post" action="/api/cart" reloadDocument>
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="variantId" value={line.variantId} />
                        <input type="hidden" name="redirectTo" value="/cart" />
                        <Button type="submit" startIcon={<DeleteOutline />} aria-label={`Remove ${title} from the cart`}>
                          Remove
                        </Button>
                      </Form>
                    </Stack>
                  </Box>
                </Box>
              );
            })}
          </Box>
          <Box sx={{ mt: 3, ml: { sm: "auto" }, maxWidth: { sm: 360 } }}>
            <CartSummary subtotalMinor={cart.subtotalMinor} currency={cart.currency} signedIn={signedIn} idPrefix="cart-page" />
            {!signedIn ? (
              <Button component={Link} to="/login?next=%2Fcart" fullWidth sx={{ mt: 1 }}>
                Sign in
              </Button>
            ) : null}
          </Box>
        </>
      )}
    </Container>
  );
}
