// Runs a TypeScript entry point (bench, CLI tools) on Node 20: bundle with esbuild, then import.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error("usage: node scripts/run-ts.mjs <file.ts> [args…]");
  process.exit(2);
}
const outfile = path.resolve("build", "run", `${path.basename(entry, ".ts")}.mjs`);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "inline",
  logLevel: "warning",
});
process.argv = [process.argv[0], outfile, ...args];
// React picks its production or development build when first imported, which in a bundle is before
// the entry's own first line runs: the tools run as `npm start` does unless told otherwise.
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(outfile).href);
