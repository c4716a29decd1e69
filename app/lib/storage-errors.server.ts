import { data } from "react-router";
import { logger } from "#server/infra/logger/index.ts";
import { isStorageUnavailable, STORAGE_UNAVAILABLE_MESSAGE } from "#server/infra/storage/index.ts";
import type { FormFailure } from "./forms.server.ts";

export { isStorageUnavailable, STORAGE_UNAVAILABLE_MESSAGE };

/**
 * When an upload failed because file storage is down: a 503 form answer with the message next to
 * the file field and the other fields' values, so the form comes back filled in. Null for any
 * other error (the caller handles it as before).
 */
export function storageFailure(error: unknown, field: string, values?: Record<string, string>) {
  if (!isStorageUnavailable(error)) return null;
  logger().error({ err: error, field }, "upload refused: file storage is unavailable");
  return data<FormFailure>({ ok: false, errors: { [field]: STORAGE_UNAVAILABLE_MESSAGE }, values }, { status: 503 });
}
