// `npm start`: serve the production build, building it first when it is missing or older than the sources.
// `--build-only`: just make sure the build is current (npm run cluster).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build", "app", "main.js");
const ssr = path.join(root, "build", "server", "site", "index.js");

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(stamp) && fs.existsSync(ssr) ? fs.statSync(stamp).mtimeMs : 0;
const sources = ["app", "server", "contract", "public"]
  .map((d) => path.join(root, d))
  .filter((d) => fs.existsSync(d))
  .reduce((m, d) => Math.max(m, newestSource(d)), 0);

if (built < sources) {
  console.info(built ? "Sources changed: rebuilding…" : "No build yet: building…");
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!process.argv.includes("--build-only")) {
  process.env.NODE_ENV = "production";
  await import(stamp);
}
