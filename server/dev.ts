import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { boot } from "./boot.ts";
import { createHttpApp } from "./http/app.ts";
import { logger } from "./infra/logger/index.ts";

// Development: Vite in middleware mode with hot reload, same HTTP stack as production.
const booted = await boot();
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const app = createHttpApp({
  env: booted.env,
  devMiddlewares: vite.middlewares,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
app.listen(booted.env.PORT, booted.env.HOST, () => logger().info(`Platen (dev) on ${booted.env.PUBLIC_URL}`));
