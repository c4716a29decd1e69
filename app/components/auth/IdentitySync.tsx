import { useEffect } from "react";
import type { IdentityClient } from "../../lib/identity.client.ts";

/** The page's identity client once a signed-in page has loaded it. */
let loaded: IdentityClient | undefined;

/**
 * Starts the identity client while a user is signed in (root loader `user`): it gets an ID token,
 * posts it to /api/__session and keeps it fresh; stops it after sign-out.
 *
 * The client (and its error messages) is loaded only when someone is signed in, after hydration:
 * a visitor's page has nothing to refresh, and its JavaScript is the storefront's budget.
 */
export function IdentitySync({ user }: { user: { uid: string } | null }) {
  const uid = user?.uid ?? null;
  useEffect(() => {
    if (!uid) {
      loaded?.stop();
      return;
    }
    let active = true;
    let cleanup = () => {};
    // A load that fails (offline) is tried again by the next page.
    void import("../../lib/identity.client.ts").then(
      ({ identityClient }) => {
        if (!active) return;
        const client = (loaded = identityClient());
        client.start(uid);
        const onVisible = () => {
          if (document.visibilityState === "visible") client.checkDue();
        };
        document.addEventListener("visibilitychange", onVisible);
        cleanup = () => document.removeEventListener("visibilitychange", onVisible);
      },
      () => undefined,
    );
    return () => {
      active = false;
      cleanup();
    };
  }, [uid]);
  return null;
}
