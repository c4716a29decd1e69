// The built-in identity service: signing keys, ID tokens, refresh tokens; and verification of
// ID tokens, built-in or from an external OIDC provider.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, or } from "drizzle-orm";
import { env } from "../../config/env.ts";
import { isUniqueViolation, newId, transaction, type Db } from "../../infra/db/index.ts";
import {
  generateSigningKey,
  ID_TOKEN_ALG,
  type JWK,
  type JWTPayload,
  peekClaims,
  signJwt,
  TokenVerificationError,
  verifyWithJwks,
  verifyWithRemoteJwks,
} from "../../infra/identity/jwt.ts";
import { isSealed, openJwk, sealJwk, UnsealError } from "../../infra/identity/key-seal.ts";
import { logger } from "../../infra/logger/index.ts";
import { AppError } from "../../kernel/errors.ts";
import { IDENTITY_ERROR_MESSAGES } from "./errors.ts";
import { refreshTokens, sessions, signingKeys, userIdentities, users } from "./schema.ts";
import { isSessionLive, SESSION_TTL_MS, type UserRow } from "./sessions.ts";
import { normalizeEmail } from "./types.ts";

/** ID tokens are valid for one hour. */
export const ID_TOKEN_TTL_SECONDS = 60 * 60;
/** A refresh-token family lives as long as the session it belongs to. */
export const REFRESH_TOKEN_TTL_MS = SESSION_TTL_MS;
/**
 * A just-rotated token presented again within this window, while its successor was never used,
 * is a lost response (a page navigated away mid-request), not a theft: it is rotated again.
 */
export const REFRESH_REUSE_GRACE_MS = 60 * 1000;
/** Retired keys stay published this long, so tokens they signed still verify until they expire. */
const RETIRED_KEY_PUBLISH_MS = 2 * ID_TOKEN_TTL_SECONDS * 1000;

export interface OidcProviderConfig {
  issuer: string;
  audience: string;
  jwksUrl: string;
  /**
   * OIDC_LINK_VERIFIED_EMAILS: link a first-time external identity to an existing account whose
   * e-mail the provider says is verified, without the account's password. Never for accounts
   * holding the admin, partner or fulfiller role.
   */
  linkVerifiedEmails?: boolean;
}
export interface IdentityConfig {
  issuer: string;
  audience: string;
  oidc?: OidcProviderConfig;
}

export function identityConfig(): IdentityConfig {
  const e = env();
  return {
    issuer: e.IDENTITY_ISSUER,
    audience: e.IDENTITY_AUDIENCE,
    oidc:
      e.OIDC_ISSUER && e.OIDC_AUDIENCE && e.OIDC_JWKS_URL
        ? { issuer: e.OIDC_ISSUER, audience: e.OIDC_AUDIENCE, jwksUrl: e.OIDC_JWKS_URL, linkVerifiedEmails: e.OIDC_LINK_VERIFIED_EMAILS }
        : undefined,
  };
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const randomToken = () => randomBytes(32).toString("base64url");

// ---- signing keys --------------------------------------------------------------------------

type KeyRow = typeof signingKeys.$inferSelect;

/**
 * The signing keys cannot be opened: SESSION_SECRET is not the one that sealed them. Boot stops
 * with this message (server/boot.ts).
 */
export class SigningKeySecretError extends Error {
  override name = "SigningKeySecretError";
  constructor() {
    super(
      "The identity service's signing keys in the database were encrypted with a different SESSION_SECRET. " +
        "Set SESSION_SECRET back to the value this installation used before (every Platen process sharing the database needs the same one). " +
        "If that secret is lost, delete the rows of the signing_keys table and start again: new keys are made, and everyone signs in again.",
    );
  }
}

function keySecret(): string {
  const secret = env().SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET is not set: it encrypts the identity service's signing keys (server/boot.ts sets it).");
  return secret;
}

const sealPrivate = (jwk: JWK, kid: string) => sealJwk(jwk, keySecret(), kid) as unknown as Record<string, unknown>;

/** The private key of a row, opened (a key stored before encryption is used as it is until boot seals it). */
export function privateJwkOf(row: Pick<KeyRow, "kid" | "privateJwk">): JWK {
  if (!isSealed(row.privateJwk)) return row.privateJwk as JWK;
  try {
    return openJwk<JWK>(row.privateJwk, keySecret(), row.kid);
  } catch (error) {
    if (error instanceof UnsealError) throw new SigningKeySecretError();
    throw error;
  }
}

/**
 * At boot: encrypt private keys still stored in plain text (from before encryption), and check
 * that the current key opens with this SESSION_SECRET (else SigningKeySecretError). Returns how
 * many keys were sealed.
 */
export async function sealSigningKeys(db: Db): Promise<number> {
  const rows = await db.select({ kid: signingKeys.kid, privateJwk: signingKeys.privateJwk }).from(signingKeys);
  let sealed = 0;
  for (const row of rows) {
    if (isSealed(row.privateJwk)) continue;
    await db
      .update(signingKeys)
      .set({ privateJwk: sealPrivate(row.privateJwk as JWK, row.kid) })
      .where(eq(signingKeys.kid, row.kid));
    sealed++;
  }
  const [active] = await db
    .select()
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt))
    .orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid))
    .limit(1);
  if (active) privateJwkOf(active);
  return sealed;
}

/** The current signing key; the first call on a fresh database generates and stores one (encrypted). */
export async function activeSigningKey(db: Db): Promise<KeyRow> {
  const find = () =>
    db.select().from(signingKeys).where(isNull(signingKeys.retiredAt)).orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid)).limit(1);
  const [existing] = await find();
  if (existing) return existing;
  const key = await generateSigningKey();
  await db
    .insert(signingKeys)
    .values({
      kid: key.kid,
      alg: key.alg,
      publicJwk: key.publicJwk as Record<string, unknown>,
      privateJwk: sealPrivate(key.privateJwk, key.kid),
    })
    .onConflictDoNothing();
  const [created] = await find();
  return created!;
}

/** Generate a new key and retire the others (they stay published until their tokens expire). */
export async function rotateSigningKey(db: Db, now = new Date()): Promise<KeyRow> {
  const key = await generateSigningKey();
  return transaction(db, async (tx) => {
    await tx.update(signingKeys).set({ retiredAt: now }).where(isNull(signingKeys.retiredAt));
    const [row] = await tx
      .insert(signingKeys)
      .values({
        kid: key.kid,
        alg: key.alg,
        publicJwk: key.publicJwk as Record<string, unknown>,
        privateJwk: sealPrivate(key.privateJwk, key.kid),
        createdAt: now,
      })
      .returning();
    return row!;
  });
}

/** The public keys (JWKS) of the built-in identity service. */
export async function publicJwks(db: Db, now = new Date()): Promise<{ keys: JWK[] }> {
  await activeSigningKey(db);
  const rows = await db
    .select({ kid: signingKeys.kid, alg: signingKeys.alg, publicJwk: signingKeys.publicJwk })
    .from(signingKeys)
    .where(or(isNull(signingKeys.retiredAt), gt(signingKeys.retiredAt, new Date(now.getTime() - RETIRED_KEY_PUBLISH_MS))))
    .orderBy(desc(signingKeys.createdAt));
  return { keys: rows.map((r) => ({ ...(r.publicJwk as JWK), kid: r.kid, alg: r.alg, use: "sig" })) };
}

export function discoveryDocument(publicUrl: string, config = identityConfig()) {
  return {
    issuer: config.issuer,
    authorization_endpoint: `${publicUrl}/login`,
    token_endpoint: `${publicUrl}/identity/token`,
    jwks_uri: `${publicUrl}/identity/.well-known/jwks.json`,
    response_types_supported: ["id_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: [ID_TOKEN_ALG],
    token_endpoint_auth_methods_supported: ["none"],
    claims_supported: ["iss", "aud", "sub", "iat", "exp", "auth_time", "email", "email_verified", "name"],
  };
}

// ---- ID tokens -----------------------------------------------------------------------------

export interface MintedIdToken {
  idToken: string;
  /** Expiry, milliseconds since the epoch. */
  expiresAt: number;
}

export function displayNameOf(user: Pick<UserRow, "displayName" | "firstName" | "lastName" | "email">): string {
  return user.displayName || [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email.split("@")[0]!;
}

/** A signed ID token for `user` (ES256, 1 hour): iss, aud, sub, email, email_verified, name, auth_time. */
export async function mintIdToken(
  db: Db,
  user: UserRow,
  authTime: Date,
  now = new Date(),
  config = identityConfig(),
  extra: { sid?: string } = {},
): Promise<MintedIdToken> {
  const key = await activeSigningKey(db);
  const idToken = await signJwt(
    privateJwkOf(key),
    key.kid,
    {
      iss: config.issuer,
      aud: config.audience,
      sub: user.id,
      email: user.email,
      email_verified: user.emailVerifiedAt !== null,
      name: displayNameOf(user),
      auth_time: Math.floor(authTime.getTime() / 1000),
      // The sign-in (refresh-token family) this token belongs to: it dies with that session.
      ...(extra.sid ? { sid: extra.sid } : {}),
    },
    ID_TOKEN_TTL_SECONDS,
    now,
  );
  const iat = Math.floor(now.getTime() / 1000);
  return { idToken, expiresAt: (iat + ID_TOKEN_TTL_SECONDS) * 1000 };
}

export interface VerifiedToken {
  source: "builtin" | "external";
  issuer: string;
  claims: JWTPayload & { sub: string };
}

const badToken = (message: string) => new AppError("invalid-credential", message, 401);

/** Check signature, issuer, audience and expiry; against our own keys or the configured OIDC provider. */
export async function verifyIdToken(db: Db, token: string, options: { now?: Date; config?: IdentityConfig } = {}): Promise<VerifiedToken> {
  const config = options.config ?? identityConfig();
  const peek = typeof token === "string" && token.length < 16_384 ? await peekClaims(token) : null;
  if (!peek) throw badToken("The sign-in token is not valid.");
  try {
    if (peek.iss === config.issuer) {
      const claims = await verifyWithJwks(token, await publicJwks(db, options.now), {
        issuer: config.issuer,
        audience: config.audience,
        currentDate: options.now,
      });
      return { source: "builtin", issuer: config.issuer, claims };
    }
    if (config.oidc && peek.iss === config.oidc.issuer) {
      const claims = await verifyWithRemoteJwks(token, config.oidc.jwksUrl, {
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        currentDate: options.now,
      });
      return { source: "external", issuer: config.oidc.issuer, claims };
    }
  } catch (error) {
    if (error instanceof TokenVerificationError) {
      if (error.reason === "unavailable") {
        // Not the token's fault: the provider's key set is unreachable. Say so, and tell the operator.
        logger().warn(
          { err: error.cause ?? error, jwksUrl: config.oidc?.jwksUrl, issuer: peek.iss },
          "the sign-in provider's key set (JWKS) could not be fetched: external sign-ins fail until it answers",
        );
        throw new IdentityProviderUnavailableError();
      }
      throw badToken(
        error.reason === "expired" ? "Your sign-in token has expired. Sign in again." : `The sign-in token was refused: ${error.message}`,
      );
    }
    throw error;
  }
  throw badToken("The sign-in token comes from an issuer Platen does not trust.");
}

/**
 * The configured OIDC provider's keys cannot be fetched: the sign-in cannot be checked now. Not
 * the user's fault and not a bad token: 503, and the session route leaves the current session alone.
 */
export class IdentityProviderUnavailableError extends AppError {
  constructor() {
    super("identity-provider-unavailable", IDENTITY_ERROR_MESSAGES["identity-provider-unavailable"], 503);
  }
}

/** An external identity waiting to be linked to the existing account with its e-mail. */
export interface PendingLink {
  issuer: string;
  subject: string;
  email: string;
}

/**
 * A first-time external identity whose e-mail belongs to an existing account, which is not linked
 * silently: the person signs in with the account's password once (in the same browser) to link
 * it. `pending` is what to remember until then (the session route keeps it in a signed cookie).
 */
export class LinkRequiredError extends AppError {
  constructor(readonly pending: PendingLink) {
    super("account-exists-with-different-credential", IDENTITY_ERROR_MESSAGES["account-exists-with-different-credential"], 409);
  }
}

/** Roles that are never linked to an external identity without the account's password. */
const PRIVILEGED_ROLES: readonly string[] = ["admin", "partner", "fulfiller"];

function authTimeOf(claims: JWTPayload): Date {
  const t = typeof claims.auth_time === "number" ? claims.auth_time : claims.iat!;
  return new Date(t * 1000);
}

function assertEnabled(user: UserRow) {
  if (user.disabledAt) throw new AppError("user-disabled", IDENTITY_ERROR_MESSAGES["user-disabled"], 403);
}

/**
 * The Platen user an ID token speaks for. External users are linked by (issuer, sub); on first
 * sight they are linked to an existing account by e-mail only when the provider says the
 * address is verified, else created as shoppers.
 */
export async function userFromIdToken(
  db: Db,
  token: string,
  options: { now?: Date; config?: IdentityConfig } = {},
): Promise<{ user: UserRow; authTime: Date; source: VerifiedToken["source"]; sessionId?: string }> {
  const verified = await verifyIdToken(db, token, options);
  const { claims } = verified;
  if (verified.source === "builtin") {
    const [user] = await db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
    if (!user) throw badToken("This account no longer exists.");
    assertEnabled(user);
    let sessionId: string | undefined;
    if (typeof claims.sid === "string") {
      // A token of a sign-in that has ended (sign-out, "sign out of other devices") is refused.
      const now = options.now ?? new Date();
      const [row] = await db
        .select({ session: sessions })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(and(eq(refreshTokens.familyId, claims.sid), eq(refreshTokens.userId, user.id)))
        .limit(1);
      if (!row || !isSessionLive(row.session, now)) throw badToken("Your sign-in has ended. Sign in again.");
      sessionId = row.session.id;
    }
    return { user, authTime: authTimeOf(claims), source: "builtin", sessionId };
  }
  const user = await linkExternalUser(db, verified.issuer, claims, options.config ?? identityConfig(), options.now ?? new Date());
  assertEnabled(user);
  return { user, authTime: authTimeOf(claims), source: "external" };
}

/**
 * Link a pending external identity to `user`, who has just proved the account with its password.
 * Only when the e-mails match and the identity is not linked to someone else; true when linked
 * (or already linked to this user).
 */
export async function linkPendingIdentity(db: Db, user: Pick<UserRow, "id" | "emailNormalized">, pending: PendingLink): Promise<boolean> {
  if (normalizeEmail(pending.email) !== user.emailNormalized) return false;
  await db
    .insert(userIdentities)
    .values({ issuer: pending.issuer, subject: pending.subject, userId: user.id, email: pending.email })
    .onConflictDoNothing();
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, pending.issuer), eq(userIdentities.subject, pending.subject)))
    .limit(1);
  return row?.userId === user.id;
}

async function linkExternalUser(
  db: Db,
  issuer: string,
  claims: JWTPayload & { sub: string },
  config: IdentityConfig,
  now: Date,
): Promise<UserRow> {
  const find = async () => {
    const [row] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, claims.sub)))
      .limit(1);
    return row?.user;
  };
  const linked = await find();
  if (linked) return linked;

  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  if (!email || !email.includes("@"))
    throw badToken("Your sign-in provider did not share an e-mail address, which Platen needs for your account.");
  const verified = claims.email_verified === true || claims.email_verified === "true";
  const emailNormalized = normalizeEmail(email);
  try {
    return await transaction(db, async (tx) => {
      const [existing] = await tx.select().from(users).where(eq(users.emailNormalized, emailNormalized)).limit(1);
      let user: UserRow;
      if (existing) {
        // Never silently: the owner proves the account with its password once (LinkRequiredError),
        // unless OIDC_LINK_VERIFIED_EMAILS trusts the provider's verified e-mail for ordinary shoppers.
        const privileged = existing.roles.some((role) => PRIVILEGED_ROLES.includes(role));
        if (!verified || privileged || !config.oidc?.linkVerifiedEmails)
          throw new LinkRequiredError({ issuer, subject: claims.sub, email });
        user = existing;
        if (!existing.emailVerifiedAt) {
          const [u] = await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, existing.id)).returning();
          user = u!;
        }
      } else {
        const name = typeof claims.name === "string" ? claims.name.slice(0, 80) : "";
        const [u] = await tx
          .insert(users)
          .values({
            id: newId("usr"),
            email,
            emailNormalized,
            emailVerifiedAt: verified ? now : null,
            passwordHash: null,
            displayName: name,
            firstName: typeof claims.given_name === "string" ? claims.given_name.slice(0, 80) : "",
            lastName: typeof claims.family_name === "string" ? claims.family_name.slice(0, 80) : "",
            roles: ["shopper"],
          })
          .returning();
        user = u!;
      }
      await tx.insert(userIdentities).values({ issuer, subject: claims.sub, userId: user.id, email });
      return user;
    });
  } catch (error) {
    // Two first requests at once: the other one linked it.
    if (isUniqueViolation(error)) {
      const again = await find();
      if (again) return again;
    }
    throw error;
  }
}

// ---- refresh tokens ------------------------------------------------------------------------

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

/** Start a refresh-token family for a session (the raw token goes in the cookie; only its hash is stored). */
export async function issueRefreshToken(
  db: Db,
  input: { userId: string; sessionId: string | null; authTime: Date; now?: Date },
): Promise<IssuedRefreshToken> {
  const now = input.now ?? new Date();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  await db.insert(refreshTokens).values({
    id: newId("rtk"),
    userId: input.userId,
    tokenHash: hashToken(token),
    familyId: newId("rtk"),
    sessionId: input.sessionId,
    authTime: input.authTime,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

/** End every refresh-token family of a session (sign-out, "sign out of other devices"). */
export async function revokeRefreshTokensOfSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
}

export async function revokeRefreshTokensOfUser(db: Db, userId: string, exceptSessionId?: string, now = new Date()): Promise<void> {
  const keep = exceptSessionId ? or(isNull(refreshTokens.sessionId), ne(refreshTokens.sessionId, exceptSessionId)) : undefined;
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keep));
}

/** Revoke the family of a raw refresh token (sign-out from the token's point of view). */
export async function revokeRefreshToken(db: Db, token: string, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (row)
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

export interface RefreshResult extends MintedIdToken {
  refreshToken: IssuedRefreshToken;
  user: UserRow;
  sessionId: string | null;
}

const ended = () => new AppError("invalid-credential", "Your sign-in has ended. Sign in again.", 401);

/**
 * Exchange a refresh token for a fresh ID token and a new refresh token (rotation). Presenting a
 * token that was already rotated revokes its whole family (a stolen token was used).
 */
export async function refreshIdToken(
  db: Db,
  rawToken: string | null | undefined,
  options: { now?: Date; config?: IdentityConfig } = {},
): Promise<RefreshResult> {
  if (!rawToken || rawToken.length > 200) throw ended();
  const now = options.now ?? new Date();
  type Outcome =
    | { ok: true; user: UserRow; token: IssuedRefreshToken; authTime: Date; sessionId: string | null; familyId: string }
    | { ok: false; error: AppError };
  const outcome = await transaction<Outcome>(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(rawToken)))
      .limit(1)
      .for("update");
    if (!row || row.expiresAt.getTime() <= now.getTime()) return { ok: false, error: ended() };
    const revokeFamily = () =>
      tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    if (row.revokedAt) {
      // A token that was replaced or revoked turns up again: whoever holds the family, it ends.
      await revokeFamily();
      return { ok: false, error: ended() };
    }

    if (row.usedAt) {
      const [successor] = row.replacedBy
        ? await tx.select().from(refreshTokens).where(eq(refreshTokens.id, row.replacedBy)).limit(1).for("update")
        : [];
      const lostResponse =
        now.getTime() - row.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS && successor && !successor.usedAt && !successor.revokedAt;
      if (!lostResponse) {
        await revokeFamily();
        return { ok: false, error: ended() };
      }
      await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.id, successor.id));
    }

    if (row.sessionId) {
      const [session] = await tx.select().from(sessions).where(eq(sessions.id, row.sessionId)).limit(1);
      if (!session || !isSessionLive(session, now)) {
        await revokeFamily();
        return { ok: false, error: ended() };
      }
    }
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!user) return { ok: false, error: ended() };
    if (user.disabledAt) {
      await revokeFamily();
      return { ok: false, error: new AppError("user-disabled", IDENTITY_ERROR_MESSAGES["user-disabled"], 403) };
    }

    const token = randomToken();
    const id = newId("rtk");
    await tx.insert(refreshTokens).values({
      id,
      userId: row.userId,
      tokenHash: hashToken(token),
      familyId: row.familyId,
      sessionId: row.sessionId,
      authTime: row.authTime,
      expiresAt: row.expiresAt,
      createdAt: now,
    });
    await tx
      .update(refreshTokens)
      .set({ usedAt: row.usedAt ?? now, replacedBy: id })
      .where(eq(refreshTokens.id, row.id));
    return {
      ok: true,
      user,
      token: { token, expiresAt: row.expiresAt },
      authTime: row.authTime,
      sessionId: row.sessionId,
      familyId: row.familyId,
    };
  });
  if (!outcome.ok) throw outcome.error;
  const minted = await mintIdToken(db, outcome.user, outcome.authTime, now, options.config, {
    sid: outcome.sessionId ? outcome.familyId : undefined,
  });
  return { ...minted, refreshToken: outcome.token, user: outcome.user, sessionId: outcome.sessionId };
}
