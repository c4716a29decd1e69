// ID tokens with jose: ES256 key generation, signing and verification. Vendor code stays here.
import { randomBytes } from "node:crypto";
import type * as Jose from "jose";
import type { JSONWebKeySet, JWK, JWTPayload, JWTVerifyGetKey } from "jose";

export type { JWK, JWTPayload } from "jose";

// jose is loaded when a token is first signed or read, not when the server starts: importing it
// costs about 90 ms of every cold start (issue 9), and most requests carry no token.
let joseLoading: Promise<typeof Jose> | null = null;
const loadJose = (): Promise<typeof Jose> => (joseLoading ??= import("jose"));

export const ID_TOKEN_ALG = "ES256";

export interface GeneratedKey {
  kid: string;
  alg: typeof ID_TOKEN_ALG;
  publicJwk: JWK;
  privateJwk: JWK;
}

export async function generateSigningKey(): Promise<GeneratedKey> {
  const { generateKeyPair, exportJWK } = await loadJose();
  const { publicKey, privateKey } = await generateKeyPair(ID_TOKEN_ALG, { extractable: true });
  const kid = randomBytes(12).toString("base64url");
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ID_TOKEN_ALG, use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ID_TOKEN_ALG, use: "sig" };
  return { kid, alg: ID_TOKEN_ALG, publicJwk, privateJwk };
}

export async function signJwt(
  privateJwk: JWK,
  kid: string,
  claims: JWTPayload & { sub: string; iss: string; aud: string },
  ttlSeconds: number,
  now = new Date(),
): Promise<string> {
  const { importJWK, SignJWT } = await loadJose();
  const key = await importJWK(privateJwk, ID_TOKEN_ALG);
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ID_TOKEN_ALG, kid, typ: "JWT" })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key);
}

/** Why a token was not accepted; `unavailable`: the provider's keys could not be fetched (not the token's fault). */
export type TokenFailure = "expired" | "signature" | "issuer" | "audience" | "malformed" | "unknown-key" | "claims" | "unavailable";

export class TokenVerificationError extends Error {
  override name = "TokenVerificationError";
  constructor(
    readonly reason: TokenFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

function classify(error: unknown, errors: typeof Jose.errors): TokenVerificationError {
  if (error instanceof TokenVerificationError) return error;
  if (error instanceof errors.JWTExpired) return new TokenVerificationError("expired", "The token has expired.");
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return new TokenVerificationError("signature", "The token's signature is not valid.");
  if (error instanceof errors.JWKSNoMatchingKey)
    return new TokenVerificationError("unknown-key", "The token was signed with an unknown key.");
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "iss") return new TokenVerificationError("issuer", "The token comes from an unexpected issuer.");
    if (error.claim === "aud") return new TokenVerificationError("audience", "The token is meant for another application.");
    return new TokenVerificationError("claims", `The token's "${error.claim}" claim is not valid.`);
  }
  if (error instanceof errors.JOSEError) return new TokenVerificationError("malformed", "The token is not a valid signed token.");
  return new TokenVerificationError("malformed", "The token could not be read.");
}

export interface VerifyOptions {
  issuer: string;
  audience: string;
  algorithms?: string[];
  /** Seconds of clock skew allowed. */
  clockTolerance?: number;
  currentDate?: Date;
}

type KeyResolver = JWTVerifyGetKey;

async function verifyWith(token: string, keys: KeyResolver, options: VerifyOptions): Promise<JWTPayload & { sub: string }> {
  const { jwtVerify, errors } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: options.algorithms ?? ["ES256", "RS256", "PS256", "EdDSA", "ES384", "RS384", "RS512"],
      clockTolerance: options.clockTolerance ?? 5,
      currentDate: options.currentDate,
      requiredClaims: ["sub", "exp", "iat"],
    });
    if (typeof payload.sub !== "string" || !payload.sub) throw new TokenVerificationError("claims", "The token has no subject.");
    return payload as JWTPayload & { sub: string };
  } catch (error) {
    throw classify(error, errors);
  }
}

/** Verify against a key set we hold (the built-in service's public keys). */
export async function verifyWithJwks(token: string, jwks: JSONWebKeySet, options: VerifyOptions) {
  const { createLocalJWKSet } = await loadJose();
  return verifyWith(token, createLocalJWKSet(jwks), { ...options, algorithms: options.algorithms ?? [ID_TOKEN_ALG] });
}

const remoteSets = new Map<string, ReturnType<typeof Jose.createRemoteJWKSet>>();

/** Errors about the token itself when a key is picked from a fetched set; anything else is the fetch failing. */
const tokenKeyErrors = (errors: typeof Jose.errors) => [
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSENotSupported,
  errors.JOSEAlgNotAllowed,
  errors.JWSInvalid,
];

/**
 * Verify against an external provider's JWKS URL (fetched and cached by jose, re-fetched on an
 * unknown kid). When the key set cannot be fetched (unreachable, timeout, not a 200, not a key
 * set), the failure is `unavailable`: the token may be fine, the provider is not answering.
 */
export async function verifyWithRemoteJwks(token: string, jwksUrl: string, options: VerifyOptions) {
  const { createRemoteJWKSet, errors } = await loadJose();
  const TOKEN_KEY_ERRORS = tokenKeyErrors(errors);
  let set = remoteSets.get(jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    remoteSets.set(jwksUrl, set);
  }
  const remote = set;
  const keys: JWTVerifyGetKey = async (header, input) => {
    try {
      return await remote(header, input);
    } catch (error) {
      if (TOKEN_KEY_ERRORS.some((type) => error instanceof type)) throw error;
      throw new TokenVerificationError("unavailable", "The sign-in provider's keys could not be fetched.", { cause: error });
    }
  };
  return verifyWith(token, keys, options);
}

/** The claims of a token without checking it (only to pick the verifier by `iss`). */
export async function peekClaims(token: string): Promise<JWTPayload | null> {
  const { decodeJwt } = await loadJose();
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}
