// Build step (before `react-router build`, and before `npm run dev`): the islands of the pages that do
// not hydrate (app/islands/, app/root.tsx), bundled with esbuild into app/generated/, which Vite then
// content-hashes into build/client/assets through the root's `?url` imports:
//
// - app/generated/islands.js — app/islands/news.ts, everything a reader does on a news page;
// - app/generated/wechat-sdk.js — WeChat's JS-SDK, which islands.js loads inside WeChat only.
//
// Usage: node scripts/islands.mjs
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const entries = { islands: "app/islands/news.ts", "wechat-sdk": "app/islands/wechat-sdk.ts" };
for (const [name, entry] of Object.entries(entries)) {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    target: "es2020",
    platform: "browser",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
  });
  const body = out.outputFiles[0].contents;
  const target = path.join("app", "generated", `${name}.js`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Written only when it changed, so a dev server does not reload for nothing.
  if (!fs.existsSync(target) || !fs.readFileSync(target).equals(body)) fs.writeFileSync(target, body);
  console.log(`${target}: ${(body.length / 1024).toFixed(1)} KB`);
}
