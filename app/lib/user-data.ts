import type { ServerUser } from "#server/modules/identity/index.ts";
import { DEFAULT_THEME, isThemeName, type ThemeName } from "./theme-constants.ts";

/** The localStorage key of the spec: a contract. */
export const USER_DATA_KEY = "userData";

// This file runs in every storefront page's bundle, so it repairs by hand instead of with Zod
// (the Zod runtime is 25 KB gzipped; issue 9's budget). `user-data.test.ts` pins the behaviour.

export interface UserInfo {
  displayName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  uid: string;
  inVault: boolean;
  anon: boolean;
}

/** Exactly the spec's fields. */
export interface UserData {
  theme: ThemeName;
  selectedShippingInfo: Record<string, unknown>;
  shippingInfo: unknown[];
  userInfo: UserInfo;
  wishes: unknown[];
  orders: unknown[];
  cart: unknown[];
  isPartner: boolean;
  isFulfiller: boolean;
  isStripeConnected: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === "boolean" ? v : fallback);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function repairUserInfo(raw: unknown): UserInfo {
  if (!isRecord(raw)) return defaultUserInfo();
  return {
    displayName: str(raw.displayName),
    firstName: str(raw.firstName),
    lastName: str(raw.lastName),
    email: str(raw.email),
    phone: str(raw.phone),
    uid: str(raw.uid),
    inVault: bool(raw.inVault, false),
    anon: bool(raw.anon, true),
  };
}

export function defaultUserInfo(): UserInfo {
  return { displayName: "", firstName: "", lastName: "", email: "", phone: "", uid: "", inVault: false, anon: true };
}

export function defaultUserData(): UserData {
  return {
    theme: DEFAULT_THEME,
    selectedShippingInfo: {},
    shippingInfo: [],
    userInfo: defaultUserInfo(),
    wishes: [],
    orders: [],
    cart: [],
    isPartner: false,
    isFulfiller: false,
    isStripeConnected: false,
  };
}

/** Parse whatever is stored (string, object, garbage) into valid user data. Unknown keys are dropped. */
export function repairUserData(raw: unknown): UserData {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  if (!isRecord(value)) return defaultUserData();
  // Every field repairs itself: a corrupt or old value falls back to its default instead of
  // crashing the page. Unknown keys are dropped.
  return {
    theme: isThemeName(value.theme) ? value.theme : DEFAULT_THEME,
    selectedShippingInfo: isRecord(value.selectedShippingInfo) ? value.selectedShippingInfo : {},
    shippingInfo: list(value.shippingInfo),
    userInfo: repairUserInfo(value.userInfo),
    wishes: list(value.wishes),
    orders: list(value.orders),
    cart: list(value.cart),
    isPartner: bool(value.isPartner, false),
    isFulfiller: bool(value.isFulfiller, false),
    isStripeConnected: bool(value.isStripeConnected, false),
  };
}

/** What the server says about the signed-in user (root loader; identity's `toServerUser`). */
export type { ServerUser };

/** Sign-in fills userInfo and the flags from the server; the profile is stored server-side (inVault). */
export function withSignedIn(data: UserData, user: ServerUser): UserData {
  return {
    ...data,
    userInfo: {
      displayName: user.displayName,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      uid: user.uid,
      inVault: true,
      anon: false,
    },
    isPartner: user.roles.includes("partner"),
    isFulfiller: user.roles.includes("fulfiller"),
    isStripeConnected: user.isStripeConnected,
  };
}

/** Sign-out clears personal fields and sets anon back to true, keeping theme and cart. */
export function withSignedOut(data: UserData): UserData {
  const fresh = defaultUserData();
  return { ...fresh, theme: data.theme, cart: data.cart };
}

// ---- browser store -------------------------------------------------------------------------

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; data: UserData } | undefined;

export function readUserData(): UserData {
  if (typeof window === "undefined") return defaultUserData();
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(USER_DATA_KEY);
  } catch {
    return defaultUserData();
  }
  if (cached && cached.raw === raw) return cached.data;
  const data = repairUserData(raw);
  cached = { raw, data };
  return data;
}

export function writeUserData(update: UserData | ((current: UserData) => UserData)): UserData {
  const next = typeof update === "function" ? update(readUserData()) : update;
  const raw = JSON.stringify(next);
  try {
    window.localStorage.setItem(USER_DATA_KEY, raw);
  } catch {
    /* storage full or blocked: keep working in memory */
  }
  cached = { raw, data: next };
  for (const l of listeners) l();
  return next;
}

export function subscribeUserData(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === USER_DATA_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
