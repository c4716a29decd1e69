// Shared by /api/cart and /api/wishes: read a JSON or form body, answer JSON (fetch) or redirect back (plain form).
import { redirect } from "react-router";
import type { z } from "zod";
import { getCtx, safeNext } from "#app/lib/session.server.ts";
import { AppError, type Ctx } from "#server/kernel/index.ts";
import { readForm } from "#app/lib/forms.server.ts";

export interface ShoppingRequest {
  wantsJson: boolean;
  body: Record<string, unknown>;
  redirectTo: string;
}

const MAX_BODY = 64 * 1024;
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const unsupportedType = () =>
  new AppError("unsupported-media-type", 'Send JSON (Content-Type: application/json) like {"intent": "add", ...}, or a form.', 415);

export async function readShoppingRequest(request: Request): Promise<ShoppingRequest> {
  const type = request.headers.get("Content-Type") ?? "";
  const accept = request.headers.get("Accept") ?? "";
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BODY) throw new AppError("too-large", "That request is too large.", 413);
  // The media type without parameters; a charset other than UTF-8 is not understood.
  const [mediaType = "", ...params] = type.split(";").map((p) => p.trim().toLowerCase());
  const charset = params
    .find((p) => p.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/"/g, "");
  if (charset && charset !== "utf-8" && charset !== "utf8") throw unsupportedType();
  const isJson = mediaType === "application/json";
  if (!isJson && !FORM_TYPES.has(mediaType)) throw unsupportedType();
  let body: Record<string, unknown> = {};
  if (isJson) {
    const text = await request.text();
    if (text.length > MAX_BODY) throw new AppError("too-large", "That request is too large.", 413);
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      else throw new Error("not an object");
    } catch {
      throw new AppError("invalid-json", 'Send a JSON object like {"intent": "add", ...}.', 400);
    }
  } else {
    let form: FormData;
    try {
      form = await readForm(request);
    } catch {
      throw new AppError("invalid-form", "The form could not be read. Send it again from the page, or send JSON.", 400);
    }
    for (const [k, v] of form.entries()) if (typeof v === "string") body[k] = v;
  }
  const wantsJson = isJson || (accept.includes("application/json") && !accept.includes("text/html"));
  const back = typeof body.redirectTo === "string" ? body.redirectTo : (request.headers.get("Referer") ?? "");
  let redirectTo = "/";
  try {
    const u = new URL(back, request.url);
    if (u.origin === new URL(request.url).origin) redirectTo = safeNext(`${u.pathname}${u.search}`, "/");
  } catch {
    redirectTo = safeNext(back, "/");
  }
  return { wantsJson, body, redirectTo };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store", Vary: "Cookie" },
  });
}

/** Back to the page the form was on, with `?shopping=<code>` for the notice the header shows. */
export function backWith(redirectTo: string, code: string): Response {
  const u = new URL(redirectTo, "http://x");
  u.searchParams.set("shopping", code);
  return redirect(`${u.pathname}${u.search}`, { headers: { "Cache-Control": "no-store" } });
}

/** A refusal: JSON 4xx for fetch, or back to the page with a notice code for a plain form. */
export function refusal(req: ShoppingRequest, error: unknown, fallbackCode: string): Response {
  if (!(error instanceof AppError)) throw error;
  if (req.wantsJson) return json({ ok: false, errors: { [error.field ?? "_form"]: error.message } }, error.status);
  return backWith(req.redirectTo, error.status === 401 ? "sign-in" : fallbackCode);
}

/**
 * The shared frame of a shopping action: POST only, read the body, check the intent, refuse
 * visitors (their wishes live in the browser) with `signedOutMessage` (null: visitors are served,
 * as by the cart), then `handle`.
 * Refusals become a JSON 4xx or a notice on the page the form came from (`errorCode`).
 */
export async function shoppingAction<I extends string>(
  request: Request,
  intents: z.ZodType<I>,
  signedOutMessage: string | null,
  errorCode: string,
  handle: (ctx: Ctx, req: ShoppingRequest, intent: I) => Promise<Response>,
): Promise<Response> {
  if (request.method !== "POST") return json({ ok: false, errors: { _form: "Use POST." } }, 405);
  let req: ShoppingRequest;
  try {
    req = await readShoppingRequest(request);
  } catch (e) {
    if (e instanceof AppError) return json({ ok: false, errors: { _form: e.message } }, e.status);
    throw e;
  }
  const ctx = await getCtx(request);
  try {
    const intent = intents.safeParse(req.body.intent);
    if (!intent.success) throw new AppError("intent", intent.error.issues[0]!.message, 400, "intent");
    if (signedOutMessage !== null && ctx.actor.kind !== "user") throw new AppError("sign-in-required", signedOutMessage, 401);
    return await handle(ctx, req, intent.data);
  } catch (e) {
    return refusal(req, e, errorCode);
  }
}
