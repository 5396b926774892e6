// npm run import -- wordpress FILE.xml [--dry-run] [--columns MAP.json]
// Imports a WordPress export (WXR 1.1/1.2) into the configured database (DATA_DIR / DATABASE_URL,
// migrated first), as the console's 系统 › 导入 does: posts become articles, categories columns,
// old addresses answer 301. --dry-run prints what would happen and writes nothing. MAP.json maps
// categories (slug or name) to columns: {"news": 3, "行业动态": "行业"} (an id, or a column's name,
// made when missing); without it every category goes to the column of its name, made when missing.
// With the site running, import from the console, or set REDIS_URL, so every instance hears of the
// new articles and old addresses at once (docs/product.md, "Import").
import "../server/private-umask";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { ImportJob } from "../contract/imports";
import { OUTCOME_LABELS } from "../contract/imports";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db";
import { createContentService } from "../server/entities/articles";
import { type ColumnChoice, createImports } from "../server/import/jobs";
import { createLogger } from "../server/logger";
import { hasServerBuild, loadBundle } from "../server/pages";
import { createSearchIndex } from "../server/search";
import { createContentEvents } from "../server/services/content-events";
import { createRedisKv } from "../server/services/kv";
import { createRedirects } from "../server/services/redirects";
import { createRemoteImages } from "../server/services/remote-images";
import { createKeys } from "../server/serving/keys";

const USAGE = "usage: npm run import -- wordpress FILE.xml [--dry-run] [--columns MAP.json]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readColumns(file: string | undefined): Record<string, ColumnChoice> | undefined {
  if (!file) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    fail(`cannot read the column map ${file}: ${(err as Error).message}`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    fail(`${file}: expected an object such as {"news": 3, "行业动态": "行业"}`);
  const out: Record<string, ColumnChoice> = {};
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if ((typeof v === "number" && Number.isInteger(v) && v > 0) || (typeof v === "string" && v.trim()))
      out[k] = v as ColumnChoice;
    else fail(`${file}: the column of "${k}" must be a column id or a column name`);
  }
  return out;
}

function summary(j: ImportJob): string {
  return (
    `${j.processed}/${j.total}: ${OUTCOME_LABELS.created} ${j.created}, ${OUTCOME_LABELS.updated} ${j.updated}, ` +
    `${OUTCOME_LABELS.unchanged} ${j.unchanged}, ${OUTCOME_LABELS.skipped} ${j.skipped}, ${OUTCOME_LABELS.failed} ${j.failed}`
  );
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { "dry-run": { type: "boolean" }, columns: { type: "string" } },
  });
  const [kind, file] = positionals;
  if (kind !== "wordpress" || !file) fail(USAGE);
  if (!fs.existsSync(file)) fail(`no such file: ${file}`);
  const columns = readColumns(values.columns);

  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? "warn");
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const store = config.REDIS_URL ? createRedisKv(config.REDIS_URL, logger) : undefined;
  const redis = store && "redis" in store ? (store as { redis: import("ioredis").Redis }).redis : undefined;
  if (store) await store.ready();
  const events = createContentEvents({ redis, logger });
  const redirects = createRedirects({ database, events, logger, publicUrl: config.PUBLIC_URL });
  // Old addresses that are the site's pages are skipped, as the console's import does: the build
  // knows the pages (without one, only the console, the API, assets and uploads are known).
  const build = path.resolve("build");
  if (hasServerBuild(build))
    redirects.setSitePages(createKeys({ endpoints: [], routes: (await loadBundle(build, "site")).routes }));
  const remoteImages = createRemoteImages({
    uploadsDir: path.join(config.DATA_DIR, "uploads"),
    publicUrl: config.PUBLIC_URL,
    allowLoopback: config.REMOTE_IMAGES_ALLOW_LOOPBACK,
    logger,
  });
  const content = createContentService(database, createSearchIndex(database), events, {
    remoteImages,
    allowLoopbackImages: config.REMOTE_IMAGES_ALLOW_LOOPBACK,
  });
  const imports = createImports({
    database,
    content,
    redirects,
    remoteImages,
    events,
    logger,
    dataDir: config.DATA_DIR,
    wechat: () => Promise.reject(new Error("not used")),
  });
  const started = Date.now();
  const job = await imports.runFile(file, {
    columns,
    dryRun: values["dry-run"] === true,
    by: "命令行",
    onProgress: (j) => console.log(`${values["dry-run"] ? "[预演] " : ""}${summary(j)}`),
  });
  if (job.status === "failed") {
    await database.close();
    await store?.close();
    fail(job.error);
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`${job.dryRun ? "预演完成（未写入任何内容）" : "导入完成"}：${job.siteTitle}（${job.site}）`);
  console.log(summary(job));
  for (const n of job.report)
    console.log(
      `- [${OUTCOME_LABELS[n.outcome]}] ${n.sourceId ? `#${n.sourceId} ${n.title}：` : ""}${n.notes.join("；")}`,
    );
  console.log(`${job.processed} posts in ${seconds.toFixed(1)} s`);
  await events.close();
  await database.close();
  await store?.close();
}

main().catch((err) => fail(`import failed: ${(err as Error).message}`));
