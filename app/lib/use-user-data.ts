import { useSyncExternalStore } from "react";
import { defaultUserData, readUserData, subscribeUserData, type UserData } from "./user-data.ts";

const serverSnapshot = defaultUserData();

/** The browser's `localStorage.userData`, repaired, as React state. */
export function useUserData(): UserData {
  return useSyncExternalStore(subscribeUserData, readUserData, () => serverSnapshot);
}
