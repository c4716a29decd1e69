// Identity error codes (the spec's catalogue) and Platen's own message for each. The table itself
// lives with the identity module so that server refusals and browser messages say the same thing.
import {
  GENERIC_IDENTITY_MESSAGE,
  IDENTITY_ERROR_CODES,
  IDENTITY_ERROR_MESSAGES,
  identityErrorMessage,
  isIdentityErrorCode,
  tooManyRequestsMessage,
  type IdentityErrorCode,
} from "#server/modules/identity/errors.ts";

export {
  GENERIC_IDENTITY_MESSAGE,
  IDENTITY_ERROR_CODES,
  IDENTITY_ERROR_MESSAGES,
  identityErrorMessage,
  isIdentityErrorCode,
  tooManyRequestsMessage,
  type IdentityErrorCode,
};

/** An identity failure in the browser: a code of the catalogue and the message to show. */
export class IdentityError extends Error {
  override name = "IdentityError";
  constructor(
    readonly code: string,
    message = identityErrorMessage(code),
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The error of a failed identity response (`{ error: { code, message } }`), or the generic one. */
export async function identityErrorFromResponse(res: Response): Promise<IdentityError> {
  let code = "internal-error";
  let message: string | undefined;
  try {
    const body = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === "string") code = body.error.code;
    if (typeof body.error?.message === "string") message = body.error.message;
  } catch {
    /* not JSON */
  }
  if (code === "internal-error" && res.status === 429) code = "too-many-requests";
  return new IdentityError(code, message ?? identityErrorMessage(code), res.status);
}

/** Any thrown value as an IdentityError; failed fetches become network-request-failed. */
export function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  if (error instanceof Error && error.name === "HttpError" && (error as { code?: string }).code !== "http-error") {
    return new IdentityError("network-request-failed");
  }
  if (error instanceof TypeError || (error instanceof DOMException && (error.name === "AbortError" || error.name === "TimeoutError"))) {
    return new IdentityError("network-request-failed");
  }
  return new IdentityError("internal-error", GENERIC_IDENTITY_MESSAGE);
}
