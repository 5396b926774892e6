// Bundles the Node server (server/main.ts) into build/app/main.js and its render threads into
// build/app/render-worker.js; npm packages stay external.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "esbuild";

// build/app/render-worker.js: the threads that render pages missing from the store (server/serving/threads.ts).
await build({
  entryPoints: { main: "server/main.ts", "render-worker": "server/serving/worker.ts" },
  outdir: "build/app",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// Hashed assets are immutable: gzip them once here; the server sends the .gz to browsers that accept it.

const assets = path.join("build", "client", "assets");
if (fs.existsSync(assets)) {
  for (const name of fs.readdirSync(assets)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = path.join(assets, name);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
  }
}
