import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** `npm start`: build the web part when no build exists, then run server.ts. */
const root = path.resolve(import.meta.dirname, "..");
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.log("No build found: building the web part first…");
  execSync("npx react-router build", { cwd: root, stdio: "inherit" });
}
await import("../server.ts").then((m) => m.main());
