import { z } from "zod";
import type { Route } from "./+types/search";
import { getCtx } from "#app/lib/session.server.ts";
import { logger } from "#server/infra/logger/index.ts";
import { instantSearch } from "#app/lib/instant-search.server.ts";
import { searchErrorMessage, type Suggestion } from "#server/modules/search/index.ts";

export interface InstantSearchResponse {
  ok: true;
  q: string;
  suggestions: Suggestion[];
}
export interface InstantSearchError {
  ok: false;
  errors: Record<string, string>;
}

const paramsSchema = z.object({
  q: z.string({ error: "Type something to search for." }).trim().max(100, "Use at most 100 characters."),
  limit: z.coerce
    .number({ error: "The limit is a number from 1 to 10." })
    .int("The limit is a number from 1 to 10.")
    .min(1, "The limit is a number from 1 to 10.")
    .max(10, "The limit is a number from 1 to 10.")
    .default(6),
});

function json(body: InstantSearchResponse | InstantSearchError, status: number, cache: string): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": cache, Vary: "Accept-Encoding" },
  });
}

/**
 * GET /api/search?q=<text>&limit=<1..10>: instant-search suggestions for the header (products by
 * title prefix with their thumbnail, stores, categories). Public and the same for everyone, so
 * shared caches may keep it for 30 s.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = paramsSchema.safeParse({ q: url.searchParams.get("q") ?? "", limit: url.searchParams.get("limit") ?? undefined });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "q")] ??= issue.message;
    return json({ ok: false, errors }, 400, "no-store");
  }
  const ctx = await getCtx(request);
  try {
    const suggestions = await instantSearch(ctx, parsed.data.q, parsed.data.limit);
    return json({ ok: true, q: parsed.data.q, suggestions }, 200, "public, max-age=30");
  } catch (error) {
    logger().warn({ err: error }, "instant search failed");
    return json({ ok: false, errors: { q: searchErrorMessage(error) } }, 503, "no-store");
  }
}

export function action() {
  return new Response(JSON.stringify({ ok: false, errors: { method: "Use GET." } }), {
    status: 405,
    headers: { "Content-Type": "application/json; charset=utf-8", Allow: "GET" },
  });
}
