// Writes the latest-build file the browser checks every hour (spec section 7).
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";

const buildId = `${new Date()
  .toISOString()
  .replace(/[-:.TZ]/g, "")
  .slice(0, 14)}-${randomBytes(4).toString("hex")}`;
writeFileSync(`${process.env.PLATEN_BUILD_DIR ?? "build"}/client/latest-build.json`, JSON.stringify({ buildId }) + "\n");
console.log(`build id ${buildId}`);
