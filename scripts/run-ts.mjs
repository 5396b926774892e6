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
await import(pathToFileURL(outfile).href);
