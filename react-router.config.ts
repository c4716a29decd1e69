import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Parallel test runs build into their own directories.
  buildDirectory: process.env.PLATEN_BUILD_DIR ?? "build",
} satisfies Config;
