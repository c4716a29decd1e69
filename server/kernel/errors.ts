/**
 * A refusal the user can act on. `status` is the HTTP status the web layer answers with;
 * `field` names the form field the message belongs next to.
 */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: string,
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 503 = 400,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError("not-found", `${what} was not found.`, 404);
export const forbidden = (message = "You do not have permission to do that.") => new AppError("forbidden", message, 403);

export class IllegalTransitionError extends AppError {
  constructor(entity: string, from: string, to: string) {
    super("illegal-transition", `${/^[aeiou]/i.test(entity) ? "An" : "A"} ${entity} cannot go from "${from}" to "${to}".`, 409);
  }
}
