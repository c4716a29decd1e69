/**
 * A refusal the user can act on. `status` is the HTTP status the web layer answers with;
 * `field` names the form field the message belongs next to. In server/contracts so that
 * adapters (server/infra) throw it without knowing the kernel.
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
