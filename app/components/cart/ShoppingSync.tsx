import { useEffect, useRef } from "react";
import type { ServerUser } from "#app/lib/user-data.ts";
import { normaliseCartLines, normaliseWishIds, type CartLine, type CartView } from "#server/modules/shopping/types.ts";
import { MIRROR_KEY, localCart, localWishes, mirrorCart, mirrorServer, postJson, readMirror, visitorCartDelta } from "./shopping-client.ts";

const MERGE_LOCK = "platen.shopping.merging";

/**
 * Once per sign-in: send the visitor's wishes (localStorage) and any cart lines the server does not
 * have yet to the account, then mirror the account's cart and wishes into `userData`, so every
 * component reads one place. The visitor's server cart was already merged by the sign-in itself; a
 * cart kept after sign-out is not merged twice: only what was added on top of the last mirrored
 * server cart is sent. A reload repeats the check, which is then a no-op.
 *
 * Signed out, once per page load: the visitor's server cart (cookie) is mirrored into
 * `userData.cart`, after sending it any lines kept only in this browser (a cart from before carts
 * were kept on the server).
 */
export function ShoppingSync({ user }: { user: ServerUser | null }) {
  const running = useRef<string | null>(null);
  const uid = user?.uid ?? null;

  useEffect(() => {
    if (!uid) {
      // Signed out: wishes were cleared by withSignedOut; forget which account the mirror was of,
      // but keep its cart snapshot so that a later sign-in does not count the kept cart twice.
      const mirror = readMirror();
      if (mirror?.uid) {
        try {
          window.localStorage.setItem(MIRROR_KEY, JSON.stringify({ uid: "", cart: mirror.cart, wishes: [] }));
        } catch {
          /* ignore */
        }
      }
      if (running.current === "") return;
      running.current = "";
      const visitorMirror = readMirror();
      if (!localCart().length && !visitorMirror?.cart.length) return;
      void (async () => {
        try {
          const extra = visitorCartDelta(localCart(), visitorMirror);
          const res = extra.length
            ? await postJson<{ cart: CartView }>("/api/cart", { intent: "merge", lines: extra })
            : await getJson<{ cart: CartView }>("/api/cart");
          mirrorCart(null, res.cart);
        } catch {
          running.current = null;
        }
      })();
      return;
    }
    if (running.current === uid) return;
    running.current = uid;
    void (async () => {
      // One tab at a time (a lock with a short expiry, so a closed tab never blocks forever).
      try {
        const lock = window.localStorage.getItem(MERGE_LOCK);
        if (lock && Number(lock) > Date.now()) return;
        window.localStorage.setItem(MERGE_LOCK, String(Date.now() + 10_000));
      } catch {
        /* storage blocked: go on */
      }
      try {
        const mirror = readMirror();
        const sameAccount = mirror?.uid === uid;
        const cartToMerge: CartLine[] = sameAccount
          ? visitorCartDelta(localCart(), mirror)
          : visitorCartDelta(localCart(), mirror && !mirror.uid ? mirror : null);
        const mirroredWishes = sameAccount ? new Set(mirror.wishes) : new Set<string>();
        const wishesToMerge = localWishes().filter((w) => !mirroredWishes.has(w));
        const [cartRes, wishRes] = await Promise.all([
          cartToMerge.length
            ? postJson<{ cart: { lines: CartLine[] } }>("/api/cart", { intent: "merge", lines: cartToMerge })
            : getJson<{ cart: { lines: CartLine[] } }>("/api/cart"),
          wishesToMerge.length
            ? postJson<{ productIds: string[] }>("/api/wishes", { intent: "merge", productIds: wishesToMerge })
            : getJson<{ productIds: string[] }>("/api/wishes"),
        ]);
        mirrorServer(uid, {
          cart: normaliseCartLines(cartRes.cart.lines.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity }))),
          wishes: normaliseWishIds(wishRes.productIds),
        });
      } catch {
        // Network or server trouble: keep the local data; the next page load tries again.
        running.current = null;
      } finally {
        try {
          window.localStorage.removeItem(MERGE_LOCK);
        } catch {
          /* ignore */
        }
      }
    })();
  }, [uid]);

  return null;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`GET ${url} failed`);
  return (await res.json()) as T;
}
