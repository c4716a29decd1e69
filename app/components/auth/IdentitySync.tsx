import { useEffect } from "react";
import { identityClient } from "../../lib/identity.client.ts";

/**
 * Starts the identity client while a user is signed in (root loader `user`): it gets an ID token,
 * posts it to /api/__session and keeps it fresh; stops it after sign-out.
 */
export function IdentitySync({ user }: { user: { uid: string } | null }) {
  const uid = user?.uid ?? null;
  useEffect(() => {
    const client = identityClient();
    if (!uid) {
      client.stop();
      return;
    }
    client.start(uid);
    const onVisible = () => {
      if (document.visibilityState === "visible") client.checkDue();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [uid]);
  return null;
}
