import { expect } from "vitest";
import { AppError } from "../../server/kernel/index.ts";

/** The AppError `p` is refused with (the test fails when it resolves, or throws anything else). */
export async function refusal<E extends AppError = AppError>(p: Promise<unknown>): Promise<E> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as E;
}
