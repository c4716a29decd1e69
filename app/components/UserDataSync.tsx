import { useEffect } from "react";
import { readUserData, withSignedIn, withSignedOut, writeUserData, type ServerUser } from "../lib/user-data.ts";

/**
 * Keeps `localStorage.userData` in line with the server: a signed-in user's profile and flags
 * fill userInfo (inVault true); after sign-out (here or in another tab) personal fields are cleared.
 */
export function UserDataSync({ user }: { user: ServerUser | null }) {
  useEffect(() => {
    const current = readUserData();
    if (user) {
      const next = withSignedIn(current, user);
      if (JSON.stringify(next) !== JSON.stringify(current)) writeUserData(next);
    } else if (!current.userInfo.anon || current.userInfo.uid) {
      writeUserData(withSignedOut(current));
    } else {
      // Repair whatever was stored (old or corrupt data) by writing it back normalised.
      writeUserData(current);
    }
  }, [user]);
  return null;
}
