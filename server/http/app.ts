import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import type { Env } from "../config/env.ts";
import { logger } from "../infra/logger/index.ts";
import { ALLOWED_METHODS, bodyLimitFor, hasNullCharacter, isAllowedMethod } from "./limits.ts";
import { mediaHandler } from "./media.ts";
import { registerPageCacheHook } from "./page-cache.ts";
import { productViewHook } from "./product-views.ts";
import { reactRouterHandler, sendTooLarge } from "./react-router.ts";
import { readinessHandler } from "./readiness.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface HttpAppOptions {
  env: Env;
  /** Production: the built server bundle. Dev: a loader through Vite. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Production: the built client directory to serve. */
  clientDir?: string;
  /** Dev: Vite's connect middlewares, mounted before the app. */
  devMiddlewares?: express.RequestHandler;
}

/**
 * Cross-site request forgery: a state-changing request from another site is refused. Browsers
 * say where a request comes from (Sec-Fetch-Site, else Origin); requests without either are not
 * from a browser page and carry no ambient cookie risk. Together with SameSite=Lax cookies.
 */
export function csrfOriginCheck(env: Env) {
  const publicHost = new URL(env.PUBLIC_URL).host;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || req.path.startsWith("/api/webhooks/")) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    let allowed: boolean;
    if (site) allowed = site === "same-origin" || site === "none";
    else if (origin && origin !== "null") {
      let host = "";
      try {
        host = new URL(origin).host;
      } catch {
        host = "";
      }
      allowed = host === req.get("host") || host === publicHost;
    } else allowed = !origin; // no browser signal at all
    if (allowed) return next();
    logger().warn({ reqId: res.locals.requestId, path: req.path, site, origin }, "cross-site request refused");
    res.status(403).type("text/plain").send("Cross-site request refused.");
  };
}

const hasFormBodyMethod = (method: string) => method === "POST" || method === "PUT" || method === "PATCH" || method === "DELETE";

export function createHttpApp(options: HttpAppOptions): express.Express {
  const { env } = options;
  const production = env.PLATEN_ENV === "production";
  const dev = Boolean(options.devMiddlewares);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY ? Number(process.env.TRUST_PROXY) || process.env.TRUST_PROXY : false);

  // request id + one structured log line per request
  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", requestId);
    // The client address for the app (Request objects have none); never trusted from outside.
    req.headers["x-platen-client-ip"] = req.ip ?? "unknown";
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      if (req.path === "/healthz") return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const level = res.statusCode >= 500 ? "error" : "info";
      logger()[level](
        { reqId: requestId, method: req.method, path: req.originalUrl.split("?")[0], status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", readinessHandler); // database and file storage (server/http/readiness.ts)

  // Stripe's Payment Element (issue 8) loads js.stripe.com in a frame and talks to api.stripe.com;
  // allowed only when the Stripe payment provider is configured.
  const stripe = Boolean(process.env.STRIPE_SECRET_KEY && process.env.STRIPE_PUBLISHABLE_KEY);
  const stripeScript = stripe ? ["https://js.stripe.com"] : [];
  const stripeConnect = stripe ? ["https://api.stripe.com"] : [];
  const stripeFrame = stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : [];

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: dev
            ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...stripeScript]
            : ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, ...stripeScript],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: dev ? ["'self'", "ws:", "wss:", ...stripeConnect] : ["'self'", ...stripeConnect],
          ...(stripe ? { frameSrc: ["'self'", ...stripeFrame] } : {}),
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          ...(production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      frameguard: { action: "deny" },
    }),
  );

  // TRACE, TRACK, PROPFIND and other methods nothing here answers.
  app.use((req, res, next) => {
    if (isAllowedMethod(req.method)) return next();
    res.status(405).set("Allow", ALLOWED_METHODS.join(", ")).type("text/plain").send(`The method ${req.method} is not allowed here.`);
  });
  // A null character in the address: never meaningful, and the database refuses it in text.
  app.use((req, res, next) => {
    if (!hasNullCharacter(req.originalUrl)) return next();
    res
      .status(400)
      .set("Cache-Control", "no-store")
      .type("text/plain")
      .send("The address contains a null character (%00), which Platen does not accept.");
  });
  // An announced body over the route's limit is refused before reading anything; bodies without
  // Content-Length are limited on the stream (server/http/react-router.ts).
  app.use((req, res, next) => {
    const length = Number(req.get("content-length") ?? 0);
    const limit = bodyLimitFor(req.path);
    if (length > limit.bytes) return sendTooLarge(res, limit.bytes);
    next();
  });
  // A page's form (an action) is read as a form: a body of another type is a 415 here, before
  // the route would fail to parse it (a JSON body posted to /checkout was a 500). JSON endpoints
  // live under /api/ and /identity/; files (/media/, /assets/) answer methods of their own.
  app.use((req, res, next) => {
    if (!hasFormBodyMethod(req.method) || /^\/(api|identity|media|assets)\//.test(req.path)) return next();
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const length = Number(req.get("content-length") ?? 0);
    if (!type && !length && !req.get("transfer-encoding")) return next();
    if (type === "application/x-www-form-urlencoded" || (type === "multipart/form-data" && /boundary=/i.test(req.get("content-type")!)))
      return next();
    res
      .status(415)
      .set("Cache-Control", "no-store")
      .type("text/plain")
      .send("This form is sent as application/x-www-form-urlencoded or multipart/form-data (with its boundary); this request was not.");
  });
  app.use(csrfOriginCheck(env));
  // Pages rendered per request (a signed-in shopper's, an account page) are compressed as they
  // are sent: Brotli quality 3 costs a third less CPU than the default 4 on a 140 KB product page
  // (0.52 against 0.80 ms) for 5% more bytes. A visitor's cached page is sent as the Brotli bytes
  // stored at quality 9 (server/http/page-cache.ts) and never passes here compressed again.
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } } }));

  app.use("/media", mediaHandler); // public images from storage (server/http/media.ts)
  if (options.devMiddlewares) app.use(options.devMiddlewares);
  if (options.clientDir) {
    const dir = options.clientDir;
    app.get("/latest-build.json", (_req, res) => {
      res.set("Cache-Control", "no-store").sendFile(path.join(dir, "latest-build.json"));
    });
    app.use("/assets", express.static(path.join(dir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // The build's root files (favicon, manifest...) all have an extension: a page's path never
    // costs a file-system lookup on its way to the app.
    const rootFiles = express.static(dir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? rootFiles(req, res, next) : next()));
  }

  // Product views are counted on page-cache hits too (ADR 0013).
  registerPageCacheHook(productViewHook);
  app.all(
    "/{*splat}",
    reactRouterHandler({
      build: options.build,
      mode: production || !dev ? "production" : "development",
      getLoadContext: (_req, res) => ({ requestId: res.locals.requestId as string, cspNonce: res.locals.cspNonce as string }),
    }),
  );

  // last resort: never a stack trace to users
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    logger().error({ err: error, reqId: res.locals.requestId }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}
