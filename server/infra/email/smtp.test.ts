import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSmtpProvider, describeSmtpUrl } from "./smtp.ts";
import { EmailDeliveryError, type OutgoingEmail } from "./types.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
  user?: string;
}

let server: SMTPServer;
let port = 0;
const inbox: Received[] = [];
/** What the server answers to RCPT TO for the next message (null: accept). */
let rcptReply: { code: number; message: string } | null = null;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === "platen" && auth.password === "s3cret") return cb(null, { user: auth.username });
      const err = Object.assign(new Error("Invalid username or password"), { responseCode: 535 });
      return cb(err);
    },
    onRcptTo(_address, _session, cb) {
      if (!rcptReply) return cb();
      const err = Object.assign(new Error(rcptReply.message), { responseCode: rcptReply.code });
      return cb(err);
    },
    onData(stream, session: SMTPServerSession, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          user: typeof session.user === "string" ? session.user : undefined,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  inbox.length = 0;
  rcptReply = null;
});

const message: OutgoingEmail = {
  id: "eml_01jq8m3v7k2x9d4f6h8j0n2p4r",
  from: { email: "orders@platen.example", name: "Platen" },
  to: { email: "maya@example.com", name: "Maya Chen" },
  subject: "Your Platen order PL-10482 is confirmed",
  html: '<!DOCTYPE html><html><body><table role="presentation"><tr><td><h1>Thank you, Maya!</h1></td></tr></table></body></html>',
  text: "Thank you, Maya!\n\nOrder number: PL-10482",
  tags: ["order-success"],
};

describe("SMTP provider", () => {
  it("delivers a multipart message with from, to, subject, the HTML and the text part", async () => {
    const provider = createSmtpProvider({ url: `smtp://platen:s3cret@127.0.0.1:${port}`, timeoutMs: 5000 });
    expect(provider.name).toBe("smtp");
    const result = await provider.send(message);
    expect(result.providerMessageId).toMatch(/^<.+@.+>$/);
    expect(inbox).toHaveLength(1);
    const got = inbox[0]!;
    expect(got.user).toBe("platen");
    expect(got.from).toBe("orders@platen.example");
    expect(got.to).toEqual(["maya@example.com"]);
    const raw = got.raw;
    expect(raw).toMatch(/^From: Platen <orders@platen\.example>$/m);
    expect(raw).toMatch(/^To: Maya Chen <maya@example\.com>$/m);
    expect(raw).toMatch(/^Subject: Your Platen order PL-10482 is confirmed$/m);
    expect(raw).toMatch(/^X-Platen-Message-Id: eml_01jq8m3v7k2x9d4f6h8j0n2p4r$/im);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
    expect(raw).toContain("Order number: PL-10482");
    const decoded = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    expect(decoded).toContain('<table role="presentation"><tr><td><h1>Thank you, Maya!</h1>');
    expect(raw).toContain(`Message-ID: ${result.providerMessageId}`);
  });

  it("treats a refused recipient (5xx) as permanent", async () => {
    rcptReply = { code: 550, message: "No such user here" };
    const provider = createSmtpProvider({ url: `smtp://127.0.0.1:${port}`, timeoutMs: 5000 });
    const error = await provider.send(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailDeliveryError);
    expect((error as EmailDeliveryError).retryable).toBe(false);
    expect((error as EmailDeliveryError).message).toContain("550");
    expect(inbox).toHaveLength(0);
  });

  it("treats a temporary refusal (4xx) as retryable", async () => {
    rcptReply = { code: 451, message: "Greylisted, try again later" };
    const provider = createSmtpProvider({ url: `smtp://127.0.0.1:${port}`, timeoutMs: 5000 });
    const error = await provider.send(message).catch((e: unknown) => e);
    expect((error as EmailDeliveryError).retryable).toBe(true);
  });

  it("treats bad credentials as permanent and an unreachable server as retryable", async () => {
    const bad = createSmtpProvider({ url: `smtp://platen:wrong@127.0.0.1:${port}`, timeoutMs: 5000 });
    const authError = await bad.send(message).catch((e: unknown) => e);
    expect((authError as EmailDeliveryError).retryable).toBe(false);
    const down = createSmtpProvider({ url: "smtp://127.0.0.1:1", timeoutMs: 2000 });
    const netError = await down.send(message).catch((e: unknown) => e);
    expect(netError).toBeInstanceOf(EmailDeliveryError);
    expect((netError as EmailDeliveryError).retryable).toBe(true);
  });

  it("describes the server without credentials", () => {
    expect(describeSmtpUrl("smtps://user:pa55@mail.example.com:465")).toBe("smtps://mail.example.com:465");
  });
});
