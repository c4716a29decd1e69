// Identity error codes and Platen's own messages for them. No server-only imports: the browser
// (app/lib/identity-errors.ts) uses the same table.

export const IDENTITY_ERROR_CODES = [
  "wrong-password",
  "user-not-found",
  "email-already-in-use",
  "invalid-credential",
  "too-many-requests",
  "requires-recent-login",
  "user-disabled",
  "network-request-failed",
  "weak-password",
  "invalid-email",
  "expired-action-code",
  "invalid-action-code",
  "account-exists-with-different-credential",
  "identity-provider-unavailable",
  "internal-error",
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

export const IDENTITY_ERROR_MESSAGES: Record<IdentityErrorCode, string> = {
  "wrong-password": "That is not your current password. Try again.",
  "user-not-found": "We could not find an account with that e-mail address.",
  "email-already-in-use": "An account with this e-mail address already exists. Sign in instead, or reset your password.",
  "invalid-credential": "The e-mail or password is incorrect.",
  "too-many-requests": "Too many attempts. Try again in a few minutes.",
  "requires-recent-login": "For your security, confirm it's you: enter your password again to continue.",
  "user-disabled": "This account has been disabled. Contact us if you think this is a mistake.",
  "network-request-failed": "We could not reach Platen. Check your connection and try again.",
  "weak-password": "Choose a stronger password: at least 8 characters and not a common one.",
  "invalid-email": "Enter a valid e-mail address, like name@example.com.",
  "expired-action-code": "This link has expired. Ask for a new one.",
  "invalid-action-code": "This link is not valid or has already been used. Ask for a new one.",
  "account-exists-with-different-credential":
    "An account with this e-mail address already exists. Sign in with its password once, in this browser, to link your sign-in provider to it.",
  "identity-provider-unavailable": "We could not reach your sign-in provider to check your sign-in. Try again in a moment.",
  "internal-error": "Something went wrong on our side. Try again in a moment.",
};

export const GENERIC_IDENTITY_MESSAGE = IDENTITY_ERROR_MESSAGES["internal-error"];

export function isIdentityErrorCode(code: unknown): code is IdentityErrorCode {
  return typeof code === "string" && (IDENTITY_ERROR_CODES as readonly string[]).includes(code);
}

/** The message for a code; unknown codes get the generic fallback. */
export function identityErrorMessage(code: unknown): string {
  return isIdentityErrorCode(code) ? IDENTITY_ERROR_MESSAGES[code] : GENERIC_IDENTITY_MESSAGE;
}

/** "Too many attempts. Try again in N minutes." */
export function tooManyRequestsMessage(minutes: number): string {
  const n = Math.max(1, Math.ceil(minutes));
  return `Too many attempts. Try again in ${n} minute${n === 1 ? "" : "s"}.`;
}
