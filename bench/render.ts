// Render cost (bench/README.md, "Render cost"): the CPU one uncached article page takes, in-process, on
// the production build and the 100,000-article dataset, through the same function the response store
// renders with (server/serving/render.ts: a GET of the key's URL through the app, React Router's
// request handler, the page's script hashes, brotli, the ETag). CPU is process.cpuUsage() over a
// round of renders of distinct articles, per render; the figure is the median of the rounds.
//
//   npm run build && npm run bench:render
//   BENCH_RENDER_COUNT=2000 …   a smaller dataset for quick iteration (built once in bench/data)
//   BENCH_RENDER_PROFILE=1 …    also profiles the measured rounds (V8's sampling profiler) and prints
//                               where the CPU went by self time, grouped by package (bench/README.md)
import "../server/private-umask";
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db";
import { createSecurity } from "../server/http/security";
import { createLogger } from "../server/logger";
import { createServices } from "../server/services";
import { createMemoryKv } from "../server/services/kv";
import { renderForStore } from "../server/serving/render";
import { BenchError, fail, ROOT } from "../tools/kit";
import { buildSqliteDataset } from "./dataset";

const COUNT = Number(process.env.BENCH_RENDER_COUNT ?? 100_000);
const WARMUP = 2_000;
const ROUNDS = 7;
const PER_ROUND = 400;

async function main() {
  const entry = path.join(ROOT, "build", "server", "site", "index.js");
  if (!fs.existsSync(entry)) throw new BenchError("no build: run `npm run build` first");
  if (process.env.NODE_ENV !== "production") throw new BenchError("NODE_ENV must be production");
  const dataDir = path.join(ROOT, "bench", "data", `sqlite-${COUNT}`);
  await buildSqliteDataset(dataDir, COUNT);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production" });
  const database = await openDatabase({ dataDir });
  const logger = createLogger("silent");
  const services = createServices({ config, database, logger, kv: createMemoryKv() });
  const build = (await import(pathToFileURL(entry).href)) as ServerBuild;
  const security = createSecurity(config);
  const app = createApp({ services, logger, security, pages: createRequestHandler(build, "production") });

  const newest = (await services.content.list({ page: 1, pageSize: 1 }))[0]!.contentId;
  let next = 0;
  const render = async () => {
    const id = newest - (next++ % (COUNT - 1));
    const r = await renderForStore(app, `http://127.0.0.1:3000/articledetail/${id}`, security);
    if (r.status !== 200) throw new BenchError(`article ${id}: ${r.status}`);
    return r.body.length;
  };
  for (let i = 0; i < WARMUP; i++) await render();
  const rounds: number[] = [];
  let bytes = 0;
  const profiler = process.env.BENCH_RENDER_PROFILE ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  for (let k = 0; k < ROUNDS; k++) {
    const start = process.cpuUsage();
    for (let i = 0; i < PER_ROUND; i++) bytes = await render();
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / 1000 / PER_ROUND);
  }
  const profile = profiler && (await profiler.post("Profiler.stop")).profile;
  rounds.sort((a, b) => a - b);
  const result = {
    date: new Date().toISOString(),
    articles: COUNT,
    cpuMsPerRender: Math.round(rounds[Math.floor(ROUNDS / 2)]! * 1000) / 1000,
    rounds: rounds.map((x) => Math.round(x * 1000) / 1000),
    brotliBytes: bytes,
    load: os.loadavg().map((x) => Math.round(x * 10) / 10),
    ...(profile ? { profile: selfTimeByArea(profile) } : {}),
  };
  console.info(
    `CPU per uncached article page: ${result.cpuMsPerRender} ms (rounds ${result.rounds.join(", ")})`,
  );
  if (result.profile)
    for (const [area, share] of Object.entries(result.profile)) console.info(`${share.padStart(6)}  ${area}`);
  const out = path.join(ROOT, "bench", "results");
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, "render-latest.json"), `${JSON.stringify(result, null, 2)}\n`);
  await database.close();
}

interface Profile {
  nodes: { id: number; children?: number[]; callFrame: { functionName: string; url: string } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * A CPU profile's busy time by where the code lives (an npm package, a Node built-in, the garbage
 * collector, the site's own bundle), as shares of the total, largest first.
 */
function selfTimeByArea(p: Profile): Record<string, string> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const own = ({ callFrame: f }: Profile["nodes"][number]) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url)?.[1];
    if (pkg) return pkg;
    if (f.url.startsWith("node:")) return `node:${/^node:(?:internal\/)?(?:deps\/)?(\w+)/.exec(f.url)?.[1]}`;
    return f.url ? "the site's own code" : undefined;
  };
  /** Native code (brotli, SQLite, hashing…) counts for the module that called it. */
  const areaOf = (id: number): string => {
    const n = byId.get(id);
    if (!n) return "other";
    const f = n.callFrame.functionName;
    if (f === "(garbage collector)") return "garbage collection";
    if (f === "(idle)" || f === "(program)" || f === "(root)") return f.slice(1, -1);
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const area = own(byId.get(at)!);
      if (area) return area;
    }
    return "other";
  };
  const time = new Map<string, number>();
  (p.samples ?? []).forEach((id, i) => {
    const area = areaOf(id);
    time.set(area, (time.get(area) ?? 0) + (p.timeDeltas?.[i] ?? 0));
  });
  time.delete("idle");
  const busy = [...time.values()].reduce((a, b) => a + b, 0) || 1;
  return Object.fromEntries(
    [...time]
      .sort((a, b) => b[1] - a[1])
      .filter(([, t]) => t / busy >= 0.005)
      .map(([area, t]) => [area, `${((100 * t) / busy).toFixed(1)} %`]),
  );
}

main().catch(fail);
