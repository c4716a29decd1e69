import { AppError } from "../../kernel/errors.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "./types.ts";

export { PASSWORD_MAX, PASSWORD_MIN };

// argon2id (the library's default algorithm), OWASP's recommended parameters.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// argon2 and the common-password list are loaded when a password is first set or checked, not
// when the server starts: together they cost about 80 ms of every cold start (issue 9).
const argon2 = () => import("@node-rs/argon2");
let commonSet: Promise<Set<string>> | undefined;
function commonPasswords(): Promise<Set<string>> {
  commonSet ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => {
    const dict = (dictionary as unknown as { passwords: string[] }).passwords;
    return new Set(dict.map((p) => p.toLowerCase()));
  });
  return commonSet;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** The password rule: 8 to 128 characters, not a commonly used password. Throws a field error. */
export async function assertPasswordPolicy(password: string, field = "password"): Promise<void> {
  if (password.length < PASSWORD_MIN) throw new AppError("weak-password", `Use at least ${PASSWORD_MIN} characters.`, 400, field);
  if (password.length > PASSWORD_MAX) throw new AppError("weak-password", `Use at most ${PASSWORD_MAX} characters.`, 400, field);
  if (await isCommonPassword(password))
    throw new AppError("weak-password", "This password is too common. Choose one that is harder to guess.", 400, field);
}

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
