import { z } from "zod";
import type { ServerUser } from "#server/modules/identity/index.ts";
import { DEFAULT_THEME, THEME_NAMES } from "./theme-constants.ts";

/** The localStorage key of the spec: a contract. */
export const USER_DATA_KEY = "userData";

const str = z.string().catch("");
const list = z.array(z.unknown()).catch([]);

export const userInfoSchema = z.object({
  displayName: str,
  firstName: str,
  lastName: str,
  email: str,
  phone: str,
  uid: str,
  inVault: z.boolean().catch(false),
  anon: z.boolean().catch(true),
});

/**
 * Exactly the spec's fields. Every field repairs itself: a corrupt or old value falls back to its
 * default instead of crashing the page.
 */
export const userDataSchema = z.object({
  theme: z.enum(THEME_NAMES).catch(DEFAULT_THEME),
  selectedShippingInfo: z.record(z.string(), z.unknown()).catch({}),
  shippingInfo: list,
  userInfo: userInfoSchema.catch(() => defaultUserInfo()),
  wishes: list,
  orders: list,
  cart: list,
  isPartner: z.boolean().catch(false),
  isFulfiller: z.boolean().catch(false),
  isStripeConnected: z.boolean().catch(false),
});

export type UserInfo = z.infer<typeof userInfoSchema>;
export type UserData = z.infer<typeof userDataSchema>;

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
  if (!value || typeof value !== "object" || Array.isArray(value)) return defaultUserData();
  const parsed = userDataSchema.safeParse(value);
  return parsed.success ? parsed.data : defaultUserData();
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
