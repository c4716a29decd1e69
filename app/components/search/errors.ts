import { HttpError } from "#app/lib/http.client.ts";
import { SEARCH_ERRORS } from "#server/modules/search/types.ts";

/** The spec's error strings for a failed instant-search request. */
export function instantSearchError(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.code === "timeout") return SEARCH_ERRORS.socketTimeout;
    if (error.code === "http-error") {
      const message = (error.body as { errors?: { q?: unknown } } | undefined)?.errors?.q;
      if (message === SEARCH_ERRORS.connectTimeout || message === SEARCH_ERRORS.socketTimeout) return message;
    }
  }
  return SEARCH_ERRORS.network;
}
