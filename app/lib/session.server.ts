import { createCookie, redirect } from "react-router";
import { env } from "#server/config/env.ts";
import { db } from "#server/infra/db/index.ts";
import type { Actor, Ctx } from "#server/kernel/index.ts";
import { resolveSession, SESSION_TTL_MS, type Role, type SessionRow, type UserRow } from "#server/modules/identity/index.ts";

export const SESSION_COOKIE_NAME = "platen_session";

let cookie: ReturnType<typeof createCookie> | undefined;
/** The httpOnly, SameSite=Lax (Secure in production) cookie holding the signed session id. */
export function sessionCookie() {
  cookie ??= createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().PLATEN_ENV === "production",
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

/** The signed-in user of this request, or null. Looked up once per request. */
export function getSession(request: Request): Promise<SessionInfo | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = (async () => {
      const value = await sessionCookie().parse(request.headers.get("Cookie"));
      if (typeof value !== "string" || !value) return null;
      return resolveSession(db(), value);
    })();
    cache.set(request, pending);
  }
  return pending;
}

export function clientIp(request: Request): string {
  return request.headers.get("x-platen-client-ip") ?? "unknown";
}

export async function getActor(request: Request): Promise<Actor> {
  const s = await getSession(request);
  if (!s) return { kind: "anonymous", ip: clientIp(request) };
  return { kind: "user", userId: s.user.id, roles: s.user.roles, sessionId: s.session.id, authTime: s.session.authTime, ip: clientIp(request) };
}

/** The service context `{db, actor}` for this request. */
export async function getCtx(request: Request): Promise<Ctx> {
  return { db: db(), actor: await getActor(request) };
}

function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const next = `${url.pathname}${url.search}`;
  throw redirect(`/login?next=${encodeURIComponent(next)}`);
}

/** Anonymous visitors are sent to /login?next=...; returns the signed-in user. */
export async function requireUser(request: Request): Promise<SessionInfo & { ctx: Ctx }> {
  const s = await getSession(request);
  if (!s) loginRedirect(request);
  const ctx: Ctx = {
    db: db(),
    actor: { kind: "user", userId: s.user.id, roles: s.user.roles, sessionId: s.session.id, authTime: s.session.authTime, ip: clientIp(request) },
  };
  return { ...s, ctx };
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

/** Redirect target after sign-in: only same-site paths. */
export function safeNext(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
