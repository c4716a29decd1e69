// A local stand-in for the parts of Stripe's API Platen uses, answering with Stripe's documented
// JSON shapes: POST /v1/payment_intents, GET /v1/payment_intents/:id,
// POST /v1/payment_intents/:id/cancel and POST /v1/refunds. It records every request (method,
// path, form-encoded body, Idempotency-Key) and replays a repeated idempotency key like Stripe.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
  /** The form-encoded body as Stripe sends it (`metadata[orderId]` keys kept flat). */
  form: Record<string, string>;
}

export interface MockIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: null | { code: string; decline_code?: string; message: string; type: string };
  latest_charge: string | null;
  livemode: false;
  created: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
}

export interface StripeMock {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, MockIntent>;
  refunds: Map<string, Record<string, unknown>>;
  /** Moves an intent as Stripe would after the Payment Element confirms it. */
  setIntent(id: string, patch: Partial<MockIntent>): MockIntent;
  close(): Promise<void>;
}

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const metadataOf = (form: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith("metadata["))
      .map(([k, v]) => [k.slice("metadata[".length, -1), v]),
  );

const stripeError = (status: number, code: string, message: string) => ({
  status,
  body: { error: { type: "invalid_request_error", code, message, doc_url: `https://stripe.com/docs/error-codes/${code}` } },
});

export async function startStripeMock(): Promise<StripeMock> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, MockIntent>();
  const refunds = new Map<string, Record<string, unknown>>();
  const replies = new Map<string, { status: number; body: unknown }>();

  function handle(method: string, path: string, form: Record<string, string>): { status: number; body: unknown } {
    const now = Math.floor(Date.now() / 1000);
    if (method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1) return stripeError(400, "parameter_invalid_integer", "Invalid integer: amount");
      const id = rid("pi");
      const intent: MockIntent = {
        id,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: form.currency ?? "",
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
        metadata: metadataOf(form),
        receipt_email: form.receipt_email ?? null,
        automatic_payment_methods: form["automatic_payment_methods[enabled]"]
          ? { enabled: form["automatic_payment_methods[enabled]"] === "true" }
          : null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        created: now,
        canceled_at: null,
        cancellation_reason: null,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const get = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && get) {
      const intent = intents.get(get[1]!);
      return intent ? { status: 200, body: intent } : stripeError(404, "resource_missing", `No such payment_intent: '${get[1]}'`);
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === "POST" && cancel) {
      const intent = intents.get(cancel[1]!);
      if (!intent) return stripeError(404, "resource_missing", `No such payment_intent: '${cancel[1]}'`);
      if (intent.status === "succeeded" || intent.status === "canceled")
        return stripeError(
          400,
          "payment_intent_unexpected_state",
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        );
      Object.assign(intent, { status: "canceled", canceled_at: now, cancellation_reason: form.cancellation_reason ?? null });
      return { status: 200, body: intent };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(form.payment_intent ?? "");
      if (!intent) return stripeError(404, "resource_missing", `No such payment_intent: '${form.payment_intent}'`);
      if (intent.status !== "succeeded")
        return stripeError(400, "charge_not_refundable", "This PaymentIntent has no successful charge to refund.");
      const already = [...refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((s, r) => s + (r.amount as number), 0);
      const amount = form.amount ? Number(form.amount) : intent.amount - already;
      if (amount + already > intent.amount)
        return stripeError(
          400,
          "amount_too_large",
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - already}).`,
        );
      const refund = {
        id: rid("re"),
        object: "refund",
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        metadata: metadataOf(form),
        reason: form.reason ?? null,
        status: "succeeded",
        created: now,
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, "resource_missing", `Unrecognized request URL (${method}: ${path}).`);
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const url = new URL(req.url ?? "/", "http://localhost");
      const form = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : raw));
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        idempotencyKey: key,
        authorization: req.headers.authorization ?? null,
        form,
      });
      let reply = key ? replies.get(key) : undefined;
      if (!reply) {
        reply = handle(req.method ?? "", url.pathname, form);
        if (key && req.method === "POST")
          replies.set(key, { status: reply.status, body: JSON.parse(JSON.stringify(reply.body)) as unknown });
      }
      res.writeHead(reply.status, { "content-type": "application/json", "request-id": rid("req") });
      res.end(JSON.stringify(reply.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    setIntent(id, patch) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      Object.assign(intent, patch);
      return intent;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
