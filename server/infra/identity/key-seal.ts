// Private signing keys at rest: AES-256-GCM under a key derived (HKDF-SHA256) from
// SESSION_SECRET. The key id is bound as additional data, so a sealed key cannot be moved to
// another row.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

export const SEAL_ALG = "A256GCM+HKDF-SHA256";

export interface SealedJwk {
  sealed: typeof SEAL_ALG;
  v: 1;
  iv: string;
  ct: string;
  tag: string;
}

export function isSealed(value: unknown): value is SealedJwk {
  return typeof value === "object" && value !== null && (value as { sealed?: unknown }).sealed === SEAL_ALG;
}

/** The sealed value could not be opened: another secret sealed it (or it was altered). */
export class UnsealError extends Error {
  override name = "UnsealError";
}

function keyFrom(secret: string): Buffer {
  if (!secret) throw new Error("A secret is needed to seal or open signing keys.");
  return Buffer.from(
    hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.from("platen"), Buffer.from("platen signing-key encryption v1"), 32),
  );
}

export function sealJwk(jwk: object, secret: string, kid: string): SealedJwk {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  cipher.setAAD(Buffer.from(kid, "utf8"));
  const ct = Buffer.concat([cipher.update(JSON.stringify(jwk), "utf8"), cipher.final()]);
  return {
    sealed: SEAL_ALG,
    v: 1,
    iv: iv.toString("base64url"),
    ct: ct.toString("base64url"),
    tag: cipher.getAuthTag().toString("base64url"),
  };
}

export function openJwk<T = Record<string, unknown>>(sealed: SealedJwk, secret: string, kid: string): T {
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret), Buffer.from(sealed.iv, "base64url"));
    decipher.setAAD(Buffer.from(kid, "utf8"));
    decipher.setAuthTag(Buffer.from(sealed.tag, "base64url"));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.ct, "base64url")), decipher.final()]);
    return JSON.parse(plain.toString("utf8")) as T;
  } catch {
    throw new UnsealError(`The signing key ${kid} cannot be opened with this secret.`);
  }
}
