// Browser-side cart and wishes: visitors keep them in `localStorage.userData` (spec fields), signed-in
// users on the server (mirrored into userData so every component reads one place).
import { readUserData, writeUserData } from "#app/lib/user-data.ts";
import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  normaliseCartLines,
  normaliseWishIds,
  type CartLine,
  type CartView,
} from "#server/modules/shopping/types.ts";

export const CART_OPEN_EVENT = "platen:cart-open";
export const SHOPPING_CHANGED_EVENT = "platen:shopping-changed";
/** What the last mirror of the server cart/wishes wrote, so a later sign-in merges only what the visitor added. */
export const MIRROR_KEY = "platen.shopping.mirror";

export function openCartDrawer(): void {
  window.dispatchEvent(new Event(CART_OPEN_EVENT));
}

function changed(): void {
  window.dispatchEvent(new Event(SHOPPING_CHANGED_EVENT));
}

export const localCart = (): CartLine[] => normaliseCartLines(readUserData().cart);
export const localWishes = (): string[] => normaliseWishIds(readUserData().wishes);

export interface Mirror {
  uid: string;
  cart: CartLine[];
  wishes: string[];
}

export function readMirror(): Mirror | null {
  try {
    const raw = window.localStorage.getItem(MIRROR_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<Mirror>;
    return { uid: typeof v.uid === "string" ? v.uid : "", cart: normaliseCartLines(v.cart), wishes: normaliseWishIds(v.wishes) };
  } catch {
    return null;
  }
}

/** Write the server's cart and/or wishes into userData and remember them as the mirror. */
export function mirrorServer(uid: string, next: { cart?: CartLine[]; wishes?: string[] }): void {
  const current = readMirror();
  const mirror: Mirror = {
    uid,
    cart: next.cart ?? (current?.uid === uid ? current.cart : localCart()),
    wishes: next.wishes ?? (current?.uid === uid ? current.wishes : localWishes()),
  };
  try {
    window.localStorage.setItem(MIRROR_KEY, JSON.stringify(mirror));
  } catch {
    /* storage blocked: the page still works from the server */
  }
  writeUserData((d) => ({ ...d, ...(next.cart ? { cart: next.cart } : {}), ...(next.wishes ? { wishes: next.wishes } : {}) }));
  changed();
}

export function clearMirror(): void {
  try {
    window.localStorage.removeItem(MIRROR_KEY);
  } catch {
    /* ignore */
  }
}

/** What the visitor added on top of the last mirrored server cart (a cart kept after sign-out is not merged twice). */
export function visitorCartDelta(cart: CartLine[], mirror: Mirror | null): CartLine[] {
  if (!mirror) return cart;
  const base = new Map(mirror.cart.map((l) => [l.variantId, l.quantity]));
  return cart.flatMap((l) => {
    const q = l.quantity - (base.get(l.variantId) ?? 0);
    return q > 0 ? [{ ...l, quantity: q }] : [];
  });
}

async function post<T>(url: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as ({ ok?: boolean; errors?: Record<string, string> } & T) | null;
  if (!res.ok || !json) {
    const message = json?.errors ? Object.values(json.errors)[0] : undefined;
    throw new Error(
      message ?? (res.status >= 500 ? "Something went wrong on our side. Please try again." : "That did not work. Please try again."),
    );
  }
  return json;
}

// ---- cart ------------------------------------------------------------------------------------

function writeLocalCart(lines: CartLine[]): void {
  writeUserData((d) => ({ ...d, cart: lines }));
  changed();
}

export interface CartResult {
  cart: CartView;
}

/** Add a line; a signed-in user's cart lives on the server (uid given), a visitor's in localStorage. */
export async function addToCart(uid: string | null, line: CartLine): Promise<string | null> {
  if (uid) {
    const res = await post<CartResult & { message?: string }>("/api/cart", { intent: "add", ...line });
    mirrorServer(uid, { cart: res.cart.lines.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity })) });
    return res.message ?? null;
  }
  const lines = localCart();
  const existing = lines.find((l) => l.variantId === line.variantId);
  let message: string | null = null;
  if (existing) {
    const q = Math.min(CART_MAX_QUANTITY, existing.quantity + line.quantity);
    if (q < existing.quantity + line.quantity)
      message = `You can order at most ${CART_MAX_QUANTITY} of one item; your cart has ${CART_MAX_QUANTITY}.`;
    existing.quantity = q;
  } else {
    if (lines.length >= CART_MAX_LINES) throw new Error(`Your cart holds at most ${CART_MAX_LINES} different items.`);
    lines.push({ ...line, quantity: Math.min(CART_MAX_QUANTITY, line.quantity) });
  }
  writeLocalCart(lines);
  return message;
}

export async function setCartQuantity(uid: string | null, variantId: string, quantity: number): Promise<void> {
  const q = Math.max(0, Math.min(CART_MAX_QUANTITY, Math.round(quantity)));
  if (uid) {
    const res = await post<CartResult>(
      "/api/cart",
      q === 0 ? { intent: "remove", variantId } : { intent: "set-quantity", variantId, quantity: q },
    );
    mirrorServer(uid, {
      cart: res.cart.lines.map(({ productId, variantId: v, quantity: n }) => ({ productId, variantId: v, quantity: n })),
    });
    return;
  }
  const lines = localCart().flatMap((l) => (l.variantId !== variantId ? [l] : q === 0 ? [] : [{ ...l, quantity: q }]));
  writeLocalCart(lines);
}

export const removeFromCart = (uid: string | null, variantId: string) => setCartQuantity(uid, variantId, 0);

/** The cart with product cards and prices: the server's for a signed-in user, else resolved from localStorage. */
export async function fetchCartView(uid: string | null): Promise<CartView> {
  if (uid) {
    const res = await fetch("/api/cart", { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!res.ok) throw new Error("Your cart could not be loaded. Please try again.");
    return ((await res.json()) as CartResult).cart;
  }
  const lines = localCart();
  // An empty cart shows no amount, so it needs no currency (the server names it with the first line).
  if (!lines.length) return { lines: [], subtotalMinor: 0, count: 0, currency: "" };
  const qs = new URLSearchParams(lines.map((l) => ["v", `${l.variantId}:${l.quantity}`]));
  const res = await fetch(`/api/cart?${qs.toString()}`, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error("Your cart could not be loaded. Please try again.");
  return ((await res.json()) as CartResult).cart;
}

// ---- wishes ----------------------------------------------------------------------------------

/** Toggle a wish; returns whether the product is now wished. */
export async function toggleWish(uid: string | null, productId: string): Promise<boolean> {
  const wished = localWishes().includes(productId);
  if (uid) {
    const res = await post<{ wished: boolean; productIds: string[] }>("/api/wishes", { intent: wished ? "remove" : "add", productId });
    mirrorServer(uid, { wishes: res.productIds });
    return res.wished;
  }
  const next = wished ? localWishes().filter((w) => w !== productId) : [productId, ...localWishes()];
  writeUserData((d) => ({ ...d, wishes: next }));
  changed();
  return !wished;
}

export { post as postJson };
