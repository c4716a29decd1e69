// AppError lives in server/contracts (adapters throw it too, and know no kernel); the kernel
// re-exports it with the helpers below.
import { AppError } from "../contracts/errors.ts";

export { AppError };

export const notFound = (what: string) => new AppError("not-found", `${what} was not found.`, 404);
export const forbidden = (message = "You do not have permission to do that.") => new AppError("forbidden", message, 403);

export class IllegalTransitionError extends AppError {
  constructor(entity: string, from: string, to: string) {
    super("illegal-transition", `${/^[aeiou]/i.test(entity) ? "An" : "A"} ${entity} cannot go from "${from}" to "${to}".`, 409);
  }
}
