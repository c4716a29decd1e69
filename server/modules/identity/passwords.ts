import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError } from "../../kernel/errors.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "./types.ts";

export { PASSWORD_MAX, PASSWORD_MIN };

// argon2id (the library's default algorithm), OWASP's recommended parameters.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let commonSet: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!commonSet) {
    const dict = (dictionary as unknown as { passwords: string[] }).passwords;
    commonSet = new Set(dict.map((p) => p.toLowerCase()));
  }
  return commonSet;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** The password rule: 8 to 128 characters, not a commonly used password. Throws a field error. */
export function assertPasswordPolicy(password: string, field = "password"): void {
  if (password.length < PASSWORD_MIN) throw new AppError("weak-password", `Use at least ${PASSWORD_MIN} characters.`, 400, field);
  if (password.length > PASSWORD_MAX) throw new AppError("weak-password", `Use at most ${PASSWORD_MAX} characters.`, 400, field);
  if (isCommonPassword(password))
    throw new AppError("weak-password", "This password is too common. Choose one that is harder to guess.", 400, field);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
