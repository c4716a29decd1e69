import { and, arrayContains, asc, eq, ilike, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../../infra/db/index.ts";
import { users } from "./schema.ts";

/**
 * How people are named to others (e.g. the author of a reply): display name, else first and
 * last name, else the e-mail. Unknown ids are absent from the result.
 */
export async function displayNamesOf(db: Db, ids: readonly (string | null | undefined)[]): Promise<Record<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))].slice(0, 500);
  if (!unique.length) return {};
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return Object.fromEntries(rows.map((u) => [u.id, u.displayName || [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email]));
}

/**
 * How a shopper is named in public (a product request's author): the first name, else the first
 * word of the display name. Users without either, and unknown ids, are absent from the result.
 */
export async function firstNamesOf(db: Db, ids: readonly (string | null | undefined)[]): Promise<Record<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))].slice(0, 500);
  if (!unique.length) return {};
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, unique));
  return Object.fromEntries(
    rows.map((u) => [u.id, u.firstName || u.displayName.split(" ")[0] || ""] as const).filter(([, name]) => name !== ""),
  );
}

/** Where to write to people (system e-mails to a store owner, a requester...): e-mail and a greeting name. */
export async function contactsOf(
  db: Db,
  ids: readonly (string | null | undefined)[],
): Promise<Record<string, { email: string; name: string }>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))].slice(0, 500);
  if (!unique.length) return {};
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, firstName: users.firstName, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return Object.fromEntries(rows.map((u) => [u.id, { email: u.email, name: u.firstName || u.displayName || "there" }]));
}

/** The sign-in e-mail (lower-cased, trimmed) of each user: what invitations and memberships are matched on. */
export async function accountEmailsOf(db: Db, ids: readonly (string | null | undefined)[]): Promise<Record<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))].slice(0, 500);
  if (!unique.length) return {};
  const rows = await db.select({ id: users.id, email: users.emailNormalized }).from(users).where(inArray(users.id, unique));
  return Object.fromEntries(rows.map((u) => [u.id, u.email]));
}

/** Ids of users whose e-mail or display name contains `text` (case-insensitive), e.g. to filter an admin list by owner. */
export async function userIdsMatching(db: Db, text: string, limit = 2000): Promise<string[]> {
  const term = text.trim().slice(0, 200);
  if (!term) return [];
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.email, like), ilike(users.displayName, like)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The active admins (at most `limit`), to tell them of something that needs one of them (a new case...). */
export async function adminContacts(db: Db, limit = 20): Promise<{ userId: string; email: string; name: string }[]> {
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, firstName: users.firstName, email: users.email })
    .from(users)
    .where(and(arrayContains(users.roles, ["admin"]), isNull(users.disabledAt)))
    .orderBy(asc(users.createdAt))
    .limit(limit);
  return rows.map((u) => ({ userId: u.id, email: u.email, name: u.firstName || u.displayName || "there" }));
}

/**
 * The open account (id, e-mail, greeting name) signed in with `email` (compared trimmed and
 * lower-cased), or null: how an owner adds someone they know by e-mail (a print shop's floor staff).
 */
export async function accountByEmail(db: Db, email: string): Promise<{ userId: string; email: string; name: string } | null> {
  const normalized = email.trim().toLowerCase();
  if (!normalized) return null;
  const [u] = await db
    .select({ id: users.id, email: users.email, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.emailNormalized, normalized), isNull(users.disabledAt)))
    .limit(1);
  if (!u) return null;
  return { userId: u.id, email: u.email, name: u.displayName || [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email };
}
