import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { eq, isNull } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { newId } from "../../infra/db/index.ts";
import { AppError } from "../../kernel/index.ts";
import { env, setEnv } from "../../config/env.ts";
import { generateSigningKey } from "../../infra/identity/jwt.ts";
import { refreshTokens, sessions, signingKeys, userIdentities, users } from "./schema.ts";
import { createSession, isSessionLive, resolveSession, revokeSession, sessionIdleMs } from "./sessions.ts";
import {
  IdentityProviderUnavailableError,
  issueRefreshToken,
  linkPendingIdentity,
  LinkRequiredError,
  mintIdToken,
  privateJwkOf,
  publicJwks,
  refreshIdToken,
  REFRESH_REUSE_GRACE_MS,
  rotateSigningKey,
  sealSigningKeys,
  SigningKeySecretError,
  userFromIdToken,
  verifyIdToken,
  type IdentityConfig,
} from "./tokens.ts";

const t = useTestDatabase();
const ISSUER = "http://platen.test/identity";
const config: IdentityConfig = { issuer: ISSUER, audience: "platen" };

async function makeUser(extra: Partial<typeof users.$inferInsert> = {}) {
  const email = extra.email ?? `u-${newId("usr").slice(-8)}@example.test`;
  const [row] = await t.db
    .insert(users)
    .values({ id: newId("usr"), email, emailNormalized: email.toLowerCase(), displayName: "Token Tester", roles: ["shopper"], ...extra })
    .returning();
  return row!;
}

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, status: e.status, message: e.message };
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("built-in ID tokens", () => {
  it("mints an ES256 token with the contract's claims and verifies it", async () => {
    const user = await makeUser({ emailVerifiedAt: new Date() });
    const authTime = new Date(Date.now() - 60_000);
    const { idToken, expiresAt } = await mintIdToken(t.db, user, authTime, new Date(), config);
    const header = JSON.parse(Buffer.from(idToken.split(".")[0]!, "base64url").toString());
    expect(header.alg).toBe("ES256");
    expect(expiresAt - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    const verified = await verifyIdToken(t.db, idToken, { config });
    expect(verified.source).toBe("builtin");
    expect(verified.claims).toMatchObject({
      iss: ISSUER,
      aud: "platen",
      sub: user.id,
      email: user.email,
      email_verified: true,
      name: "Token Tester",
      auth_time: Math.floor(authTime.getTime() / 1000),
    });
    const resolved = await userFromIdToken(t.db, idToken, { config });
    expect(resolved.user.id).toBe(user.id);
    expect(resolved.authTime.getTime()).toBe(Math.floor(authTime.getTime() / 1000) * 1000);
    const jwks = await publicJwks(t.db);
    expect(jwks.keys.some((k) => k.kid === header.kid && !("d" in k))).toBe(true);
  });

  it("refuses a wrong issuer, a wrong audience, an expired token and a bad signature", async () => {
    const user = await makeUser();
    const { idToken } = await mintIdToken(t.db, user, new Date(), new Date(), config);
    expect((await refusal(verifyIdToken(t.db, idToken, { config: { ...config, issuer: "http://other.test/identity" } }))).code).toBe(
      "invalid-credential",
    );
    expect((await refusal(verifyIdToken(t.db, idToken, { config: { ...config, audience: "someone-else" } }))).message).toMatch(
      /another application/,
    );
    const expired = await refusal(verifyIdToken(t.db, idToken, { config, now: new Date(Date.now() + 61 * 60 * 1000) }));
    expect(expired).toMatchObject({ code: "invalid-credential", status: 401 });
    expect(expired.message).toMatch(/expired/);
    const [h, p, s] = idToken.split(".");
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, "base64url").toString()), sub: "usr_someone_else" })).toString("base64url")}.${s}`;
    expect((await refusal(verifyIdToken(t.db, tampered, { config }))).message).toMatch(/signature/);
    expect((await refusal(verifyIdToken(t.db, "garbage", { config }))).code).toBe("invalid-credential");

    // Same issuer, but signed with a key that is not ours.
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: "ES256", kid: "forged" })
      .setIssuer(ISSUER)
      .setAudience("platen")
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    expect((await refusal(verifyIdToken(t.db, forged, { config }))).code).toBe("invalid-credential");
  });

  it("tokens signed before a key rotation still verify", async () => {
    const user = await makeUser();
    const { idToken } = await mintIdToken(t.db, user, new Date(), new Date(), config);
    await rotateSigningKey(t.db);
    await expect(verifyIdToken(t.db, idToken, { config })).resolves.toBeTruthy();
    expect((await publicJwks(t.db)).keys.length).toBeGreaterThanOrEqual(2);
  });

  it("a disabled user's token is refused with user-disabled", async () => {
    const user = await makeUser({ disabledAt: new Date() });
    const { idToken } = await mintIdToken(t.db, user, new Date(), new Date(), config);
    expect(await refusal(userFromIdToken(t.db, idToken, { config }))).toMatchObject({ code: "user-disabled", status: 403 });
  });
});

describe("external OIDC provider", () => {
  const PROVIDER = "https://accounts.example-idp.test";
  let server: Server;
  let jwksUrl = "";
  let privateKey: CryptoKey;
  let requests = 0;

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    privateKey = pair.privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "idp-key-1", alg: "RS256", use: "sig" };
    server = createServer((req, res) => {
      requests++;
      if (req.url === "/jwks.json" && req.method === "GET") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const oidcConfig = (): IdentityConfig => ({ ...config, oidc: { issuer: PROVIDER, audience: "platen-web", jwksUrl } });
  const externalToken = (claims: Record<string, unknown>, opts: { aud?: string; exp?: string; iss?: string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "idp-key-1" })
      .setIssuer(opts.iss ?? PROVIDER)
      .setAudience(opts.aud ?? "platen-web")
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? "1h")
      .sign(privateKey);

  it("creates a shopper on first sight and links by (issuer, sub) afterwards", async () => {
    const email = `ext-${Date.now()}@example.test`;
    const token = await externalToken({
      sub: "idp-user-1",
      email,
      email_verified: true,
      name: "Ext Ernal",
      auth_time: Math.floor(Date.now() / 1000) - 30,
    });
    const first = await userFromIdToken(t.db, token, { config: oidcConfig() });
    expect(first.source).toBe("external");
    expect(first.user).toMatchObject({ email, roles: ["shopper"], displayName: "Ext Ernal", passwordHash: null });
    expect(first.user.emailVerifiedAt).not.toBeNull();
    const again = await userFromIdToken(t.db, await externalToken({ sub: "idp-user-1", email: "changed@example.test" }), {
      config: oidcConfig(),
    });
    expect(again.user.id).toBe(first.user.id);
    const links = await t.db.select().from(userIdentities).where(eq(userIdentities.userId, first.user.id));
    expect(links).toHaveLength(1);
    expect(requests).toBeGreaterThan(0);
  });

  it("never links an existing account silently: the owner signs in with the password once", async () => {
    const existing = await makeUser({ email: `known-${Date.now()}@example.test` });
    for (const email_verified of [false, true]) {
      const refused = await userFromIdToken(t.db, await externalToken({ sub: "idp-user-2", email: existing.email, email_verified }), {
        config: oidcConfig(),
      }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(LinkRequiredError);
      expect(refused).toMatchObject({ code: "account-exists-with-different-credential", status: 409 });
      expect((refused as LinkRequiredError).pending).toEqual({ issuer: PROVIDER, subject: "idp-user-2", email: existing.email });
    }
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.subject, "idp-user-2"))).toHaveLength(0);
    // After the password: linked, and the provider's token now signs in to the account.
    expect(
      await linkPendingIdentity(t.db, existing, { issuer: PROVIDER, subject: "idp-user-2", email: existing.email.toUpperCase() }),
    ).toBe(true);
    const linked = await userFromIdToken(t.db, await externalToken({ sub: "idp-user-2", email: existing.email }), { config: oidcConfig() });
    expect(linked.user.id).toBe(existing.id);
    // A pending identity for another address, or one already linked to someone else, is not linked.
    const other = await makeUser();
    expect(await linkPendingIdentity(t.db, other, { issuer: PROVIDER, subject: "idp-user-9", email: existing.email })).toBe(false);
    expect(
      await linkPendingIdentity(t.db, { ...existing, id: other.id }, { issuer: PROVIDER, subject: "idp-user-2", email: existing.email }),
    ).toBe(false);
  });

  it("OIDC_LINK_VERIFIED_EMAILS links verified shoppers, never admins, partners or fulfillers", async () => {
    const trusting = (): IdentityConfig => ({
      ...config,
      oidc: { issuer: PROVIDER, audience: "platen-web", jwksUrl, linkVerifiedEmails: true },
    });
    const shopper = await makeUser({ email: `shopper-${Date.now()}@example.test` });
    const unverified = await userFromIdToken(t.db, await externalToken({ sub: "idp-s-1", email: shopper.email, email_verified: false }), {
      config: trusting(),
    }).catch((e: unknown) => e);
    expect(unverified).toBeInstanceOf(LinkRequiredError);
    const linked = await userFromIdToken(t.db, await externalToken({ sub: "idp-s-1", email: shopper.email, email_verified: true }), {
      config: trusting(),
    });
    expect(linked.user.id).toBe(shopper.id);
    for (const role of ["admin", "partner", "fulfiller"] as const) {
      const privileged = await makeUser({ email: `${role}-${Date.now()}@example.test`, roles: [role, "shopper"] });
      const refused = await userFromIdToken(
        t.db,
        await externalToken({ sub: `idp-${role}`, email: privileged.email, email_verified: true }),
        {
          config: trusting(),
        },
      ).catch((e: unknown) => e);
      expect(refused, role).toBeInstanceOf(LinkRequiredError);
      expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, privileged.id)), role).toHaveLength(0);
    }
  });

  it("an unreachable or broken key set is a 503 with a warning, not a bad token", async () => {
    const lines: string[] = [];
    const LOGGER = Symbol.for("platen.logger");
    const g = globalThis as typeof globalThis & { [LOGGER]?: unknown };
    const previous = g[LOGGER];
    g[LOGGER] = pino({ level: "warn" }, new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }));
    try {
      // nothing listens on this port any more
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      // answers 500, or something that is not a key set
      const broken = createServer((req, res) =>
        req.url === "/500" ? res.writeHead(500).end("down") : res.writeHead(200, { "content-type": "application/json" }).end('{"nope":1}'),
      );
      await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
      const brokenPort = (broken.address() as AddressInfo).port;
      try {
        for (const url of [
          `http://127.0.0.1:${port}/jwks.json`,
          `http://127.0.0.1:${brokenPort}/500`,
          `http://127.0.0.1:${brokenPort}/not-a-set`,
        ]) {
          const unreachable: IdentityConfig = { ...config, oidc: { issuer: PROVIDER, audience: "platen-web", jwksUrl: url } };
          const error = await userFromIdToken(
            t.db,
            await externalToken({ sub: "idp-user-4", email: "x4@example.test", email_verified: true }),
            {
              config: unreachable,
            },
          ).catch((e: unknown) => e);
          expect(error, url).toBeInstanceOf(IdentityProviderUnavailableError);
          expect(error, url).toMatchObject({ code: "identity-provider-unavailable", status: 503 });
          expect(
            lines.some((l) => l.includes('"level":40') && l.includes(url)),
            url,
          ).toBe(true);
        }
      } finally {
        await new Promise<void>((resolve) => broken.close(() => resolve()));
      }
    } finally {
      g[LOGGER] = previous;
    }
  });

  it("refuses a wrong audience, a wrong issuer, an expired token and an untrusted provider", async () => {
    const claims = { sub: "idp-user-3", email: "x3@example.test", email_verified: true };
    expect((await refusal(userFromIdToken(t.db, await externalToken(claims, { aud: "another-app" }), { config: oidcConfig() }))).code).toBe(
      "invalid-credential",
    );
    expect((await refusal(userFromIdToken(t.db, await externalToken(claims, { exp: "-5m" }), { config: oidcConfig() }))).message).toMatch(
      /expired/,
    );
    expect(
      (await refusal(userFromIdToken(t.db, await externalToken(claims, { iss: "https://evil.test" }), { config: oidcConfig() }))).message,
    ).toMatch(/does not trust/);
    // Without OIDC configured, the provider's tokens are not trusted at all.
    expect((await refusal(userFromIdToken(t.db, await externalToken(claims), { config }))).code).toBe("invalid-credential");
    // Signed by someone else with the provider's kid.
    const { privateKey: other } = await generateKeyPair("RS256");
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "idp-key-1" })
      .setIssuer(PROVIDER)
      .setAudience("platen-web")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(other);
    expect((await refusal(userFromIdToken(t.db, forged, { config: oidcConfig() }))).message).toMatch(/signature/);
  });
});

describe("refresh tokens", () => {
  async function start() {
    const user = await makeUser();
    const authTime = new Date(Date.now() - 1000);
    const session = await createSession(t.db, { userId: user.id, authTime });
    const rt = await issueRefreshToken(t.db, { userId: user.id, sessionId: session.id, authTime });
    return { user, session, rt, authTime };
  }

  it("rotates on every use and returns a fresh ID token carrying the original auth_time", async () => {
    const { user, rt, authTime } = await start();
    const first = await refreshIdToken(t.db, rt.token, { config });
    expect(first.refreshToken.token).not.toBe(rt.token);
    const claims = (await verifyIdToken(t.db, first.idToken, { config })).claims;
    expect(claims.sub).toBe(user.id);
    expect(claims.auth_time).toBe(Math.floor(authTime.getTime() / 1000));
    const second = await refreshIdToken(t.db, first.refreshToken.token, { config });
    expect(second.refreshToken.token).not.toBe(first.refreshToken.token);
    const stored = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(stored).toHaveLength(3);
    expect(stored.every((r) => r.tokenHash !== rt.token && r.tokenHash.length === 64)).toBe(true);
  });

  it("reuse of a rotated token revokes the whole family", async () => {
    const { rt } = await start();
    const first = await refreshIdToken(t.db, rt.token, { config });
    const second = await refreshIdToken(t.db, first.refreshToken.token, { config });
    const later = new Date(Date.now() + REFRESH_REUSE_GRACE_MS + 1000);
    expect(await refusal(refreshIdToken(t.db, rt.token, { config, now: later }))).toMatchObject({
      code: "invalid-credential",
      status: 401,
    });
    // The legitimate holder's current token is dead too.
    expect((await refusal(refreshIdToken(t.db, second.refreshToken.token, { config, now: later }))).code).toBe("invalid-credential");
  });

  it("a lost response (token presented again at once, successor never used) rotates again", async () => {
    const { rt } = await start();
    const first = await refreshIdToken(t.db, rt.token, { config });
    const retry = await refreshIdToken(t.db, rt.token, { config });
    expect((await refusal(refreshIdToken(t.db, first.refreshToken.token, { config, now: new Date(Date.now() + 5000) }))).code).toBe(
      "invalid-credential",
    );
    // The retry's successor was revoked with its family by the reuse above.
    expect((await refusal(refreshIdToken(t.db, retry.refreshToken.token, { config }))).code).toBe("invalid-credential");
  });

  it("ID tokens from a refresh name their sign-in (sid) and are refused once it has ended", async () => {
    const { session, rt } = await start();
    const { idToken } = await refreshIdToken(t.db, rt.token, { config });
    const resolved = await userFromIdToken(t.db, idToken, { config });
    expect(resolved.sessionId).toBe(session.id);
    await revokeSession(t.db, session.id);
    expect(await refusal(userFromIdToken(t.db, idToken, { config }))).toMatchObject({
      code: "invalid-credential",
      message: "Your sign-in has ended. Sign in again.",
    });
  });

  it("ends with the session and refuses disabled users", async () => {
    const a = await start();
    await revokeSession(t.db, a.session.id);
    expect((await refusal(refreshIdToken(t.db, a.rt.token, { config }))).code).toBe("invalid-credential");
    const b = await start();
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, b.user.id));
    expect(await refusal(refreshIdToken(t.db, b.rt.token, { config }))).toMatchObject({ code: "user-disabled", status: 403 });
    expect((await refusal(refreshIdToken(t.db, "unknown-token", { config }))).code).toBe("invalid-credential");
    expect((await refusal(refreshIdToken(t.db, null, { config }))).code).toBe("invalid-credential");
  });
});

describe("signing keys at rest", () => {
  it("stores private keys encrypted (AES-256-GCM under SESSION_SECRET), never in plain text", async () => {
    const key = await rotateSigningKey(t.db);
    const [row] = await t.db.select().from(signingKeys).where(eq(signingKeys.kid, key.kid));
    expect(row!.privateJwk).toMatchObject({ sealed: "A256GCM+HKDF-SHA256", v: 1 });
    expect(row!.privateJwk).not.toHaveProperty("d");
    const opened = privateJwkOf(row!);
    expect(opened.d).toEqual(expect.any(String));
    expect(JSON.stringify(row)).not.toContain(opened.d);
    const user = await makeUser();
    const { idToken } = await mintIdToken(t.db, user, new Date(), new Date(), config);
    await expect(verifyIdToken(t.db, idToken, { config })).resolves.toMatchObject({ source: "builtin" });
  });

  it("boot encrypts keys stored in plain text; another SESSION_SECRET is a clear error", async () => {
    // A key as an earlier version stored it.
    const plain = await generateSigningKey();
    await t.db.update(signingKeys).set({ retiredAt: new Date() }).where(isNull(signingKeys.retiredAt));
    await t.db.insert(signingKeys).values({
      kid: plain.kid,
      alg: plain.alg,
      publicJwk: plain.publicJwk as Record<string, unknown>,
      privateJwk: plain.privateJwk as Record<string, unknown>,
    });
    expect(await sealSigningKeys(t.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(signingKeys).where(eq(signingKeys.kid, plain.kid));
    expect(row!.privateJwk).not.toHaveProperty("d");
    expect(privateJwkOf(row!)).toMatchObject({ d: plain.privateJwk.d, kid: plain.kid });
    expect(await sealSigningKeys(t.db)).toBe(0);
    // Tokens it signs still verify.
    const user = await makeUser();
    const { idToken } = await mintIdToken(t.db, user, new Date(), new Date(), config);
    expect(JSON.parse(Buffer.from(idToken.split(".")[0]!, "base64url").toString()).kid).toBe(plain.kid);

    const original = env();
    setEnv({ ...original, SESSION_SECRET: "a-different-secret-0123456789-0123456789" });
    try {
      const error = await sealSigningKeys(t.db).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SigningKeySecretError);
      expect((error as Error).message).toMatch(/encrypted with a different SESSION_SECRET\. Set SESSION_SECRET back/);
      await expect(mintIdToken(t.db, user, new Date(), new Date(), config)).rejects.toBeInstanceOf(SigningKeySecretError);
    } finally {
      setEnv(original);
    }
  });
});

describe("sessions end after SESSION_IDLE_MINUTES without use", () => {
  it("slides with use, writes last-seen at most every 5 minutes, and ends when idle", async () => {
    const user = await makeUser();
    const t0 = Date.now();
    const session = await createSession(t.db, { userId: user.id, authTime: new Date(t0) });
    const idle = sessionIdleMs();
    expect(idle).toBe(3 * 24 * 60 * 60 * 1000);
    const lastSeen = async () => (await t.db.select().from(sessions).where(eq(sessions.id, session.id)))[0]!.lastSeenAt.getTime();
    const seen0 = await lastSeen();
    // within 5 minutes: no write
    expect(await resolveSession(t.db, session.id, new Date(seen0 + 4 * 60_000))).not.toBeNull();
    expect(await lastSeen()).toBe(seen0);
    // later, but before the idle timeout: alive, and last-seen moves on (sliding)
    const visit = new Date(seen0 + idle - 60_000);
    expect(await resolveSession(t.db, session.id, visit)).not.toBeNull();
    expect(await lastSeen()).toBe(visit.getTime());
    expect(await resolveSession(t.db, session.id, new Date(visit.getTime() + idle - 60_000))).not.toBeNull();
    // unused for longer than the timeout: ended
    const away = new Date(visit.getTime() + idle + idle);
    expect(await resolveSession(t.db, session.id, away)).toBeNull();
    expect(isSessionLive((await t.db.select().from(sessions).where(eq(sessions.id, session.id)))[0]!, away)).toBe(false);
  });

  it("an idle session's refresh token and ID tokens are refused", async () => {
    const user = await makeUser();
    const session = await createSession(t.db, { userId: user.id, authTime: new Date() });
    const rt = await issueRefreshToken(t.db, { userId: user.id, sessionId: session.id, authTime: new Date() });
    const { idToken, refreshToken } = await refreshIdToken(t.db, rt.token, { config });
    // last used longer ago than the idle timeout (the ID token itself is still valid)
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - sessionIdleMs() - 60_000) })
      .where(eq(sessions.id, session.id));
    expect((await refusal(userFromIdToken(t.db, idToken, { config }))).message).toBe("Your sign-in has ended. Sign in again.");
    expect((await refusal(refreshIdToken(t.db, refreshToken.token, { config }))).code).toBe("invalid-credential");
  });
});
