import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * `npm start` (and `npm run serve`): the production build with NODE_ENV=production, set before React loads (it
 * picks its development or production build when first imported; the development one was 1.4–1.6× slower, issue 11).
 * Builds the web part first when no build exists (`--no-build` never builds).
 */
process.env.NODE_ENV = "production";
const root = path.resolve(import.meta.dirname, "..");
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  if (process.argv.includes("--no-build")) throw new Error("The web part is not built: run `npm run build`.");
  console.log("No build found: building the web part first…");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}
await import("../server.ts").then((m) => m.main());
