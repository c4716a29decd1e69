import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { brevoIdempotencyKey, createBrevoProvider, uuidV5 } from "./brevo.ts";
import { startBrevoStandIn } from "./brevo-stub.test-support.ts";
import { EmailDeliveryError, type OutgoingEmail } from "./types.ts";

const API_KEY = "xkeysib-test-0123456789abcdef";
let brevo: Awaited<ReturnType<typeof startBrevoStandIn>>;

beforeAll(async () => {
  brevo = await startBrevoStandIn(API_KEY);
});
afterAll(async () => {
  await brevo.close();
});
beforeEach(() => {
  brevo.requests.length = 0;
  brevo.setReply(undefined);
});

const message: OutgoingEmail = {
  id: "eml_01jq8m3v7k2x9d4f6h8j0n2p4r",
  from: { email: "orders@platen.example", name: "Platen" },
  to: { email: "maya@example.com", name: "Maya Chen" },
  subject: "Your order PL-10482 is on its way",
  html: "<!DOCTYPE html><html><body><p>On its way</p></body></html>",
  text: "On its way",
  tags: ["order-shipment-created"],
};

describe("Brevo provider", () => {
  it("posts the documented transactional e-mail request and returns Brevo's messageId", async () => {
    const provider = createBrevoProvider({ apiKey: API_KEY, baseUrl: `${brevo.url}/` });
    expect(provider.name).toBe("brevo");
    const result = await provider.send(message);
    expect(result.providerMessageId).toBe("<202603190900.1@smtp-relay.mailin.fr>");
    expect(brevo.requests).toHaveLength(1);
    const req = brevo.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v3/smtp/email");
    expect(req.headers["api-key"]).toBe(API_KEY);
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers.accept).toBe("application/json");
    expect(req.body).toEqual({
      sender: { name: "Platen", email: "orders@platen.example" },
      to: [{ email: "maya@example.com", name: "Maya Chen" }],
      subject: "Your order PL-10482 is on its way",
      htmlContent: message.html,
      textContent: message.text,
      tags: ["order-shipment-created"],
      headers: { idempotencyKey: brevoIdempotencyKey(message.id), "X-Platen-Message-Id": message.id },
    });
  });

  it("sends a UUID as the idempotency key, the same one on every retry of a message", async () => {
    const provider = createBrevoProvider({ apiKey: API_KEY, baseUrl: brevo.url });
    await provider.send(message);
    await provider.send(message);
    await provider.send({ ...message, id: "eml_01jq8m3v7k2x9d4f6h8j0n2p4s" });
    const keys = brevo.requests.map((r) => (r.body.headers as { idempotencyKey: string }).idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(brevo.requests.every((r) => r.path === "/v3/smtp/email")).toBe(true);
  });

  it("computes RFC 9562 version-5 UUIDs", () => {
    // The RFC's example: the DNS namespace and "www.example.com".
    expect(uuidV5("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2");
  });

  it("sends a recipient without a name as just the address", async () => {
    const provider = createBrevoProvider({ apiKey: API_KEY, baseUrl: brevo.url });
    await provider.send({ ...message, to: { email: "sam@example.com" } });
    expect(brevo.requests[0]!.body.to).toEqual([{ email: "sam@example.com" }]);
  });

  it("maps a 400 to a permanent failure carrying Brevo's code and message", async () => {
    brevo.setReply({ status: 400, body: { code: "invalid_parameter", message: "email is not valid in to" } });
    const provider = createBrevoProvider({ apiKey: API_KEY, baseUrl: brevo.url });
    const error = (await provider.send(message).catch((e: unknown) => e)) as EmailDeliveryError;
    expect(error).toBeInstanceOf(EmailDeliveryError);
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(400);
    expect(error.message).toContain("invalid_parameter: email is not valid in to");
    expect(error.message).not.toContain(API_KEY);
  });

  it("maps a wrong API key (401) to a permanent failure", async () => {
    const provider = createBrevoProvider({ apiKey: "wrong-key", baseUrl: brevo.url });
    const error = (await provider.send(message).catch((e: unknown) => e)) as EmailDeliveryError;
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(401);
    expect(error.message).not.toContain("wrong-key");
  });

  it("maps 429 and 5xx to retryable failures", async () => {
    const provider = createBrevoProvider({ apiKey: API_KEY, baseUrl: brevo.url });
    brevo.setReply({ status: 429, body: { code: "too_many_requests", message: "Rate limit exceeded" } });
    const limited = (await provider.send(message).catch((e: unknown) => e)) as EmailDeliveryError;
    expect(limited.retryable).toBe(true);
    expect(limited.status).toBe(429);
    brevo.setReply({ status: 503, body: "Service Unavailable" });
    const down = (await provider.send(message).catch((e: unknown) => e)) as EmailDeliveryError;
    expect(down.retryable).toBe(true);
    expect(down.status).toBe(503);
  });

  it("maps network errors to retryable failures", async () => {
    brevo.setReply("drop");
    const provider = createBrevoProvider({ apiKey: API_KEY, baseUrl: brevo.url });
    const dropped = (await provider.send(message).catch((e: unknown) => e)) as EmailDeliveryError;
    expect(dropped).toBeInstanceOf(EmailDeliveryError);
    expect(dropped.retryable).toBe(true);
    const unreachable = createBrevoProvider({ apiKey: API_KEY, baseUrl: "http://127.0.0.1:1", timeoutMs: 2000 });
    const refused = (await unreachable.send(message).catch((e: unknown) => e)) as EmailDeliveryError;
    expect(refused.retryable).toBe(true);
  });
});
