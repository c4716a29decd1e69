import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import { createCookie, redirect } from "react-router";
import { env } from "#server/config/env.ts";
import { systemClock, type Clock } from "#server/contracts/clock.ts";
import { contextFor, readMemo, system, type Actor, type Ctx } from "#server/kernel/index.ts";

/** Sessions and tokens are the identity module's, on the process's database (reached through the kernel). */
const sessionDb = () => contextFor(system("session")).db;
import { oncePerRequest, scopedToRequest } from "#server/http/request-scope.ts";
import {
  createSession,
  deviceAccountKey,
  issueRefreshToken,
  normalizeEmail,
  resolveSession,
  signOut,
  SESSION_TTL_MS,
  type PendingLink,
  type Role,
  type SessionRow,
  type UserRow,
} from "#server/modules/identity/index.ts";
import { THEME_COOKIE } from "./constants.ts";

export const SESSION_COOKIE_NAME = "platen_session";

/**
 * Cookies are Secure in production and whenever the site is served over https (PUBLIC_URL).
 * Only then can they carry the `__Host-` prefix (Secure, Path=/, no Domain: no subdomain or
 * plain-http page can set or shadow them); on plain-http development they keep their bare names.
 */
export function cookiesAreSecure(config: { PLATEN_ENV: string; PUBLIC_URL: string } = env()): boolean {
  return config.PLATEN_ENV === "production" || config.PUBLIC_URL.startsWith("https://");
}

/** `__Host-<name>` when cookies are Secure, else `<name>`. */
export function hostCookieName(name: string, secure = cookiesAreSecure()): string {
  return secure ? `__Host-${name}` : name;
}

let cookie: ReturnType<typeof createCookie> | undefined;
/** The httpOnly, SameSite=Lax cookie holding the signed session id (`__Host-` and Secure over https). */
export function sessionCookie() {
  cookie ??= createCookie(hostCookieName(SESSION_COOKIE_NAME), {
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesAreSecure(),
    path: "/",
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
    secrets: [env().SESSION_SECRET!],
  });
  return cookie;
}

export async function commitSessionCookie(sessionId: string): Promise<string> {
  return sessionCookie().serialize(sessionId);
}

export async function destroySessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

export interface SessionInfo {
  session: SessionRow;
  user: UserRow;
}

const cache = new WeakMap<Request, Promise<SessionInfo | null>>();

/**
 * Cookie headers whose signed session id was already checked, with what it holds. Checking a
 * signature is an HMAC through WebCrypto on every request (a fifth of a signed-in page's CPU
 * outside the database); the answer for the same header and the same secret never changes, and
 * the secret is read once per process (`sessionCookie`). Whether the session is still valid is
 * asked of the database on every request, as before.
 */
const verified = new LRUCache<string, { id: string | null }>({ max: 2_000 });
async function sessionIdOf(header: string | null): Promise<string | null> {
  if (!header) return null;
  const hit = verified.get(header);
  if (hit) return hit.id;
  const value: unknown = await sessionCookie().parse(header);
  const id = typeof value === "string" && value ? value : null;
  if (header.length <= 1_024) verified.set(header, { id }); // at most ~2 MB of keys
  return id;
}

/**
 * The signed-in user of this request, or null. Looked up once per request (per Request object,
 * and per GET request across its loaders); `clock` (the system
 * clock unless a test gives one) decides whether the session has expired.
 */
export function getSession(request: Request, clock: Clock = systemClock): Promise<SessionInfo | null> {
  let pending = cache.get(request);
  if (!pending) {
    const cookie = request.headers.get("Cookie");
    const resolve = async () => {
      const id = await sessionIdOf(cookie);
      return id ? resolveSession(sessionDb(), id, clock.now()) : null;
    };
    // One lookup per GET request, shared by its loaders (server/http/request-scope.ts).
    pending = clock === systemClock ? oncePerRequest(`session:${cookie ?? ""}`, resolve) : resolve();
    cache.set(request, pending);
  }
  return pending;
}

export function clientIp(request: Request): string {
  return request.headers.get("x-platen-client-ip") ?? "unknown";
}

/** The signed-in user of a session, as the actor a service is given. */
function userActor(s: SessionInfo, request: Request): Actor {
  return {
    kind: "user",
    userId: s.user.id,
    roles: s.user.roles,
    sessionId: s.session.id,
    authTime: s.session.authTime,
    ip: clientIp(request),
  };
}

export async function getActor(request: Request): Promise<Actor> {
  const s = await getSession(request);
  return s ? userActor(s, request) : { kind: "anonymous", ip: clientIp(request) };
}

/** The service context `{db, actor, clock}` for this request (the system clock unless a test gives one). */
export async function getCtx(request: Request, clock: Clock = systemClock): Promise<Ctx> {
  return contextFor(await getActor(request), { clock, reads: pageReads() });
}

/**
 * A GET request's read memo (server/kernel's `readOnce`), one for all its loaders: the layout and
 * the page each check the same print shop or store, and a row is read once. None for an action's
 * request (no request scope there), so what an action wrote is read afresh.
 */
const pageReads = () => scopedToRequest("reads", () => readMemo());

function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const next = `${url.pathname}${url.search}`;
  throw redirect(`/login?next=${encodeURIComponent(next)}`);
}

/** Anonymous visitors are sent to /login?next=...; returns the signed-in user. */
export async function requireUser(request: Request): Promise<SessionInfo & { ctx: Ctx }> {
  const s = await getSession(request);
  if (!s) loginRedirect(request);
  return { ...s, ctx: contextFor(userActor(s, request), { reads: pageReads() }) };
}

/** Like requireUser, and a signed-in user without any of `roles` gets a 403 page. */
export async function requireRole(request: Request, roles: Role | readonly Role[]): Promise<SessionInfo & { ctx: Ctx }> {
  const s = await requireUser(request);
  const wanted = typeof roles === "string" ? [roles] : roles;
  if (!wanted.some((r) => s.user.roles.includes(r))) {
    throw new Response("You do not have access to this page.", { status: 403, statusText: "Forbidden" });
  }
  return s;
}

export const requireAdmin = (request: Request) => requireRole(request, "admin");

const SITE = new URL("http://platen.invalid/");
// Control characters (browsers drop tabs and line breaks inside URLs: `/\t/evil.example` is
// `//evil.example`; in a Location header they break the response) and backslashes (browsers
// read `/\evil.example` as `//evil.example`).
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 0x1f || (c >= 0x7f && c <= 0x9f) || c === 0x5c) return true;
  }
  return false;
}

function isSameSitePath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !hasUnsafeCharacter(value);
}

/**
 * Redirect target after sign-in (`?next=`): only a path on this site. The value must be a plain
 * path (`/` then not `/` or `\`), without control characters or backslashes, also once
 * percent-decoded (`/%5Cevil.example`, `/%2F%2Fevil.example`), and must resolve to this site's
 * origin. Returns the normalised path, query and fragment, or `fallback`.
 */
export function safeNext(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000 || !isSameSitePath(value)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (!isSameSitePath(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE.origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSameSitePath(path) ? path : fallback;
}

// ---- identity helpers (sign-in, sign-out, refresh-token cookie) ---------------------------

export const REFRESH_COOKIE_NAME = "platen_refresh";
/** The refresh token of the built-in identity service is sent only to /identity/*. */
export const REFRESH_COOKIE_PATH = "/identity";

let refreshCookie: ReturnType<typeof createCookie> | undefined;
/**
 * httpOnly, SameSite=Lax, path /identity; holds an opaque random token. Its path rules out
 * `__Host-`, so over https it is `__Secure-platen_refresh`.
 */
export function refreshTokenCookie() {
  const secure = cookiesAreSecure();
  refreshCookie ??= createCookie(secure ? `__Secure-${REFRESH_COOKIE_NAME}` : REFRESH_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: REFRESH_COOKIE_PATH,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
  return refreshCookie;
}

export async function readRefreshToken(request: Request): Promise<string | null> {
  const value: unknown = await refreshTokenCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export async function commitRefreshCookie(token: string, expiresAt: Date, now: Date = systemClock.now()): Promise<string> {
  return refreshTokenCookie().serialize(token, {
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  });
}

export async function destroyRefreshCookie(): Promise<string> {
  return refreshTokenCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The session id in the request's cookie (signed), whether or not the session is still live. */
export async function sessionIdFromCookie(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

// ---- known devices (sign-in throttling) ----------------------------------------------------

export const DEVICE_COOKIE_NAME = "platen_device";
/** Accounts a browser is remembered for (the oldest is forgotten first). */
const DEVICE_ACCOUNTS_MAX = 5;
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

let deviceCookieInstance: ReturnType<typeof createCookie> | undefined;
/**
 * The signed, httpOnly device cookie: the accounts this browser has signed in to, each with a
 * random device id. A stranger's failed sign-ins never slow down a known device (ADR 0003).
 */
export function deviceCookie() {
  deviceCookieInstance ??= createCookie(hostCookieName(DEVICE_COOKIE_NAME), {
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesAreSecure(),
    path: "/",
    maxAge: DEVICE_COOKIE_MAX_AGE,
    secrets: [env().SESSION_SECRET!],
  });
  return deviceCookieInstance;
}

async function deviceEntries(request: Request): Promise<string[]> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && /^[\w-]{22}\.[\w-]{16,64}$/.test(v)) : [];
}

/** This browser's device id for the account with this e-mail, if it signed in to it before. */
export async function knownDeviceId(request: Request, email: string): Promise<string | null> {
  const key = deviceAccountKey(normalizeEmail(email));
  const entry = (await deviceEntries(request)).find((e) => e.startsWith(`${key}.`));
  return entry ? entry.slice(key.length + 1) : null;
}

/** Set-Cookie remembering this browser as a known device of the account with this e-mail. */
export async function rememberDeviceCookie(request: Request, email: string): Promise<string> {
  const key = deviceAccountKey(normalizeEmail(email));
  const entries = await deviceEntries(request);
  const existing = entries.find((e) => e.startsWith(`${key}.`));
  const entry = existing ?? `${key}.${randomBytes(16).toString("base64url")}`;
  const next = [entry, ...entries.filter((e) => e !== entry)].slice(0, DEVICE_ACCOUNTS_MAX);
  return deviceCookie().serialize(next);
}

// ---- an external identity waiting to be linked ---------------------------------------------

export const LINK_COOKIE_NAME = "platen_link";
const LINK_TTL_MS = 10 * 60 * 1000;

let linkCookieInstance: ReturnType<typeof createCookie> | undefined;
/** Signed, httpOnly, 10 minutes: the external identity that asked to be linked (see /api/__session). */
function linkCookie() {
  linkCookieInstance ??= createCookie(hostCookieName(LINK_COOKIE_NAME), {
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesAreSecure(),
    path: "/",
    maxAge: LINK_TTL_MS / 1000,
    secrets: [env().SESSION_SECRET!],
  });
  return linkCookieInstance;
}

/** Set-Cookie remembering an external identity until the account's owner signs in with the password. */
export async function pendingLinkCookie(pending: PendingLink, now: Date = systemClock.now()): Promise<string> {
  return linkCookie().serialize({
    issuer: pending.issuer,
    subject: pending.subject,
    email: pending.email,
    exp: now.getTime() + LINK_TTL_MS,
  });
}

export async function clearPendingLinkCookie(): Promise<string> {
  return linkCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The external identity this browser asked to link in the last 10 minutes, if any. */
export async function readPendingLink(request: Request, now: Date = systemClock.now()): Promise<PendingLink | null> {
  const value: unknown = await linkCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.issuer !== "string" || typeof v.subject !== "string" || typeof v.email !== "string" || typeof v.exp !== "number")
    return null;
  if (v.exp < now.getTime()) return null;
  return { issuer: v.issuer, subject: v.subject, email: v.email };
}

export function themeCookieHeader(theme: string): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * Sign `user` in on this response: a new server session (any previous one of this browser ends)
 * and a refresh-token family for the identity client. Returns the Set-Cookie headers.
 */
export async function signInHeaders(
  request: Request,
  user: Pick<UserRow, "id" | "theme" | "email">,
  authTime?: Date,
  clock: Clock = systemClock,
): Promise<Headers> {
  const now = clock.now();
  authTime ??= now;
  const previous = await sessionIdFromCookie(request);
  if (previous) await signOut(sessionDb(), previous);
  const session = await createSession(sessionDb(), {
    userId: user.id,
    authTime,
    userAgent: request.headers.get("User-Agent"),
    ip: clientIp(request),
    now,
  });
  const refresh = await issueRefreshToken(sessionDb(), { userId: user.id, sessionId: session.id, authTime, now });
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(session.id));
  headers.append("Set-Cookie", await commitRefreshCookie(refresh.token, refresh.expiresAt, now));
  headers.append("Set-Cookie", await rememberDeviceCookie(request, user.email));
  if (user.theme) headers.append("Set-Cookie", themeCookieHeader(user.theme));
  return headers;
}

/** A new refresh-token family for the current session (after "confirm it's you"). */
export async function refreshCookieForSession(userId: string, sessionId: string, authTime: Date): Promise<string> {
  const refresh = await issueRefreshToken(sessionDb(), { userId, sessionId, authTime });
  return commitRefreshCookie(refresh.token, refresh.expiresAt);
}

/** End this browser's session (and its refresh tokens) and clear both cookies. */
export async function signOutHeaders(request: Request): Promise<Headers> {
  const sessionId = await sessionIdFromCookie(request);
  if (sessionId) await signOut(sessionDb(), sessionId);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySessionCookie());
  headers.append("Set-Cookie", await destroyRefreshCookie());
  return headers;
}
