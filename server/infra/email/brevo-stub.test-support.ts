import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the stand-in received, with the checks Brevo itself makes. */
export interface BrevoRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export type BrevoReply = { status: number; body?: unknown } | "drop";

/**
 * A local stand-in for `POST /v3/smtp/email`: it checks the documented request shape and
 * answers like Brevo (201 `{ messageId }`, or the error `reply` a test sets).
 */
export async function startBrevoStandIn(apiKey: string) {
  const requests: BrevoRequest[] = [];
  let reply: BrevoReply | undefined;
  let counter = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        /* checked below */
      }
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== "POST" || req.url !== "/v3/smtp/email") return send(404, { code: "not_found", message: "Not found" });
      if (req.headers["api-key"] !== apiKey) return send(401, { code: "unauthorized", message: "Key not found" });
      if (!String(req.headers["content-type"]).startsWith("application/json"))
        return send(415, { code: "invalid_parameter", message: "content-type" });
      const to = body.to as Array<{ email?: string }> | undefined;
      const sender = body.sender as { email?: string } | undefined;
      if (!sender?.email || !Array.isArray(to) || !to[0]?.email || !body.subject || !(body.htmlContent || body.textContent))
        return send(400, { code: "missing_parameter", message: "sender, to, subject and content are required" });
      // Brevo's documents: "The idempotencyKey must be a UUID".
      const key = (body.headers as Record<string, unknown> | undefined)?.idempotencyKey;
      if (key !== undefined && (typeof key !== "string" || !UUID.test(key)))
        return send(400, { code: "invalid_parameter", message: "idempotencyKey must be a valid UUID" });
      if (reply === "drop") return res.destroy();
      if (reply) return send(reply.status, reply.body ?? {});
      counter++;
      return send(201, { messageId: `<202603190900.${counter}@smtp-relay.mailin.fr>` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The next answers (until reset with `undefined`). */
    setReply(r: BrevoReply | undefined) {
      reply = r;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
