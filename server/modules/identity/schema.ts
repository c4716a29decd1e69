import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import type { Role } from "../../contracts/roles.ts";

export { ROLES, type Role } from "../../contracts/roles.ts";

const ts = (name?: string) => (name ? timestamp(name, { withTimezone: true }) : timestamp({ withTimezone: true }));

export const users = pgTable(
  "users",
  {
    id: text().primaryKey(),
    email: text().notNull(),
    /** Lower-cased, trimmed e-mail: the unique key for sign-in. */
    emailNormalized: text().notNull(),
    emailVerifiedAt: ts(),
    /** argon2id; null for users who only sign in through an external OIDC provider. */
    passwordHash: text(),
    passwordChangedAt: ts(),
    displayName: text().notNull().default(""),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    phone: text().notNull().default(""),
    roles: text()
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{shopper}'::text[]`),
    theme: text(),
    isStripeConnected: boolean().notNull().default(false),
    disabledAt: ts(),
    disabledReason: text(),
    lastSignInAt: ts(),
    createdAt: ts().notNull().defaultNow(),
    updatedAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_normalized_key").on(t.emailNormalized), index("users_roles_idx").using("gin", t.roles)],
);

/** Links an external identity provider's subject to a Platen user. */
export const userIdentities = pgTable(
  "user_identities",
  {
    issuer: text().notNull(),
    subject: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index("user_identities_user_idx").on(t.userId)],
);

/** Server sessions behind the httpOnly session cookie. */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** When the user last proved who they are (password or fresh token): for requires-recent-login. */
    authTime: ts().notNull(),
    expiresAt: ts().notNull(),
    lastSeenAt: ts().notNull().defaultNow(),
    revokedAt: ts(),
    userAgent: text(),
    ip: text(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Refresh tokens of the built-in identity service (rotated on every use). */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    familyId: text().notNull(),
    /** The server session this refresh token belongs to: signing out or revoking the session ends it. */
    sessionId: text().references(() => sessions.id, { onDelete: "cascade" }),
    /** The token that replaced this one when it was rotated. */
    replacedBy: text(),
    authTime: ts().notNull(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    revokedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash),
    index("refresh_tokens_user_idx").on(t.userId),
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_session_idx").on(t.sessionId),
  ],
);

export const AUTH_ATTEMPT_KINDS = ["sign-in", "password-reset", "sign-up", "job-application", "place-order"] as const;
export type AuthAttemptKind = (typeof AUTH_ATTEMPT_KINDS)[number];

/**
 * Throttling: sign-in attempts (too-many-requests by account, device and address), password
 * resets (which clear an account's failures), and the per-address rate limits of sign-ups and
 * job applications.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: text().primaryKey(),
    kind: text().$type<AuthAttemptKind>().notNull().default("sign-in"),
    emailNormalized: text().notNull(),
    ip: text().notNull(),
    /** The known device (its id from the signed device cookie) a sign-in came from; null: an unknown device. */
    device: text(),
    succeeded: boolean().notNull(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index("auth_attempts_email_idx").on(t.emailNormalized, t.createdAt), index("auth_attempts_ip_idx").on(t.ip, t.createdAt)],
);

export const VERIFICATION_PURPOSES = ["verify_email", "reset_password", "change_email"] as const;

/** One-time tokens sent by e-mail (verification, password reset, e-mail change). */
export const verificationTokens = pgTable(
  "verification_tokens",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text().$type<(typeof VERIFICATION_PURPOSES)[number]>().notNull(),
    tokenHash: text().notNull(),
    newEmail: text(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex("verification_tokens_hash_key").on(t.tokenHash)],
);

/** Signing keys of the built-in identity service (published at the JWKS endpoint). */
export const signingKeys = pgTable("signing_keys", {
  kid: text().primaryKey(),
  alg: text().notNull(),
  publicJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: ts().notNull().defaultNow(),
  retiredAt: ts(),
});

/** A shopper's saved shipping addresses; at most one is selected. */
export const shippingAddresses = pgTable(
  "shipping_addresses",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text().notNull().default(""),
    fullName: text().notNull(),
    line1: text().notNull(),
    line2: text().notNull().default(""),
    city: text().notNull(),
    region: text().notNull().default(""),
    postalCode: text().notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text().notNull(),
    phone: text().notNull().default(""),
    isSelected: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    index("shipping_addresses_user_idx").on(t.userId),
    uniqueIndex("shipping_addresses_one_selected")
      .on(t.userId)
      .where(sql`${t.isSelected}`),
  ],
);
