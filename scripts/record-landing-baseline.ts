import "../server/private-umask";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../server/config";
import { createLogger } from "../server/logger";
import { LANDING_SEED } from "../server/seed/landing";
import { startServer } from "../server/server";
import { BASELINE_ENV, type Baseline, recordPages, writeBaseline } from "../tools/landing-record";

/**
 * Records what a visitor sees of every landing page (tools/landing-record.ts) from the production
 * build on a freshly seeded demo site, into tests/fixtures/landing-baseline.json. Run after
 * `npm run build`:
 *
 *   npm run landing:baseline
 *
 * The pages: every landing page the demo site starts with (server/seed/landing).
 */
const ROOT = process.cwd();
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

async function main() {
  if (!fs.existsSync(path.join(BUILD_DIR, "server", "site", "index.js"))) {
    console.error(`no production build in ${BUILD_DIR}: run \`npm run build\` first`);
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landing-baseline-"));
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    ...BASELINE_ENV,
  });
  const site = await startServer({ config, logger: createLogger("warn"), buildDir: BUILD_DIR });
  try {
    const pages = await recordPages(
      site.url,
      LANDING_SEED.map((p) => p.path),
    );
    const failed = Object.entries(pages).filter(([, r]) => r.status !== 200);
    if (failed.length > 0)
      throw new Error(`not 200: ${failed.map(([p, r]) => `${p} (${r.status})`).join(", ")}`);
    const baseline: Baseline = {
      about:
        "What a visitor sees of each landing page on the seeded demo site, recorded from the production build by `npm run landing:baseline` (tools/landing-record.ts); tests/e2e/landing-baseline.test.ts checks every page against it.",
      pages,
    };
    const file = writeBaseline(ROOT, baseline);
    const count = (k: "text" | "links" | "pictures") =>
      Object.values(pages).reduce((n, r) => n + r[k].length, 0);
    console.info(
      `${path.relative(ROOT, file)}: ${Object.keys(pages).length} pages, ${count("text")} texts, ${count("links")} links, ${count("pictures")} pictures, ${(fs.statSync(file).size / 1024).toFixed(0)} KB`,
    );
  } finally {
    await site.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main().catch((err) => {
  console.error(err);
  process.exit(1);
});
