import { pino, type Logger } from "pino";

const KEY = Symbol.for("platen.logger");
type G = typeof globalThis & { [KEY]?: Logger };

/** Structured JSON logs (one object per line) for the whole process. */
export function logger(): Logger {
  const g = globalThis as G;
  g[KEY] ??= pino({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: { service: "platen" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["password", "*.password", "token", "*.token", "headers.cookie"], censor: "[redacted]" },
  });
  return g[KEY];
}
