// Bundles the Node server (server/main.ts) into build/app/main.js; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/app/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
