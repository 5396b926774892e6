// npm run bench:wechat: one 同步到公众号 of an article with 20 pictures against the fake 公众号 API
// (fakes/wechat-mp.ts), first sync and re-sync: wall time, API calls by path, bytes uploaded. The
// fake answers at once, then again with BENCH_WECHAT_LATENCY_MS (default 80) added to every call,
// roughly a call from a server in China to api.weixin.qq.com. Budgets in bench/README.md.
import "../server/private-umask";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { type FakeWechat, startFakeWechat } from "../fakes/wechat-mp";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db";
import { createLogger } from "../server/logger";
import { seedIfEmpty } from "../server/seed";
import { createServices, type Services } from "../server/services";
import { createMemoryKv } from "../server/services/kv";
import { fail } from "../tools/kit";

const LATENCY_MS = Number(process.env.BENCH_WECHAT_LATENCY_MS ?? 80);
const PICTURES = 20;
/** The budgets (bench/README.md, "WeChat sync"). */
const BUDGET = { firstMs: 20_000, resyncMs: 2_000, resyncCalls: 1 };

/** Photos as phones take them: 3000 × 2000 JPEG (about 2 MB of detail), WebP, and PNG screenshots. */
async function picture(i: number, dir: string): Promise<string> {
  const w = i % 4 === 0 ? 1200 : 3000;
  const h = i % 4 === 0 ? 2400 : 2000;
  // Smooth noise: detail a JPEG cannot drop, like leaves or a crowd.
  const small = sharp(crypto.randomBytes((w / 8) * (h / 8) * 3), {
    raw: { width: w / 8, height: h / 8, channels: 3 },
  });
  const img = sharp(await small.png().toBuffer()).resize(w, h, { kernel: "cubic" });
  const [bytes, ext] =
    i % 4 === 0
      ? [await img.png().toBuffer(), "png"]
      : i % 4 === 1
        ? [await img.webp({ quality: 90 }).toBuffer(), "webp"]
        : [await img.jpeg({ quality: 92 }).toBuffer(), "jpg"];
  const name = `${i}.${ext}`;
  fs.writeFileSync(path.join(dir, name), bytes);
  return `/uploads/bench-wx/${name}`;
}

async function syncOnce(services: Services, fake: FakeWechat, articleId: number, digest: string) {
  const mark = fake.calls.length;
  const uploaded = fake.uploads().reduce((n, u) => n + u.bytes.length, 0);
  const t0 = performance.now();
  const job = await services.wechatSync.create(
    articleId,
    {
      action: "draft",
      title: "二十张图的公众号同步",
      author: "电商报",
      digest,
      cover: "/uploads/bench-wx/2.jpg",
      openComment: true,
      fansOnlyComment: false,
    },
    "bench",
  );
  for (;;) {
    await services.wechatSync.tick();
    const j = await services.wechatSync.job(job.id);
    if (j.state === "failed") throw new Error(`sync failed: ${j.error}`);
    if (j.state === "done") break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - t0;
  const byPath: Record<string, number> = {};
  for (const c of fake.calls.slice(mark)) byPath[c.path] = (byPath[c.path] ?? 0) + 1;
  const bytes = fake.uploads().reduce((n, u) => n + u.bytes.length, 0) - uploaded;
  return {
    ms: Math.round(ms),
    calls: fake.calls.length - mark,
    byPath,
    uploadedKb: Math.round(bytes / 1024),
  };
}

async function run(latency: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dsn-bench-wx-"));
  const fake = await startFakeWechat();
  if (latency > 0) fake.fault({ kind: "latency", ms: latency, times: 1_000_000 });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    WECHAT_API_BASE: fake.url,
    WECHAT_APP_ID: fake.appId,
    WECHAT_APP_SECRET: fake.appSecret,
    WECHAT_SYNC_POLL_SECONDS: "0",
    PUBLIC_URL: "https://news.example.com",
  });
  const database = await openDatabase({ dataDir });
  const services = createServices({
    config,
    database,
    logger: createLogger("silent"),
    kv: createMemoryKv(),
  });
  try {
    await seedIfEmpty(services);
    const dir = path.join(dataDir, "uploads", "bench-wx");
    fs.mkdirSync(dir, { recursive: true });
    const srcs: string[] = [];
    for (let i = 0; i < PICTURES; i++) srcs.push(await picture(i, dir));
    const sourceKb = Math.round(
      srcs.reduce((n, s) => n + fs.statSync(path.join(dir, path.basename(s))).size, 0) / 1024,
    );
    const articleId = await services.content.saveArticle({
      columnId: 5,
      title: "二十张图的公众号同步",
      intro: "基准测试",
      content: srcs
        .map(
          (s, i) =>
            `<h2>第 ${i + 1} 节</h2><p>一段正文，<a href="https://example.com/${i}">参考</a>。</p><p><img src="${s}"></p>`,
        )
        .join(""),
      thumb: "/uploads/bench-wx/2.jpg",
      author: "电商报",
      hot: false,
      status: "published",
      createdAt: new Date().toISOString(),
      tags: [],
    });
    const first = await syncOnce(services, fake, articleId, "第一次同步");
    const again = await syncOnce(services, fake, articleId, "再次同步");
    return { latency, sourceKb, first, again };
  } finally {
    await services.jobs.stop();
    await services.stats.close();
    await services.events.close();
    await database.close();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  const results = [await run(0), await run(LATENCY_MS)];
  for (const r of results) {
    console.info(
      `latency ${r.latency} ms/call, ${PICTURES} pictures (${r.sourceKb} KB on the site)\n` +
        `  first sync: ${r.first.ms} ms, ${r.first.calls} calls ${JSON.stringify(r.first.byPath)}, ${r.first.uploadedKb} KB uploaded\n` +
        `  re-sync:    ${r.again.ms} ms, ${r.again.calls} calls ${JSON.stringify(r.again.byPath)}, ${r.again.uploadedKb} KB uploaded`,
    );
  }
  const worst = results[results.length - 1]!;
  const over = [
    worst.first.ms > BUDGET.firstMs && `first sync ${worst.first.ms} ms > ${BUDGET.firstMs}`,
    worst.again.ms > BUDGET.resyncMs && `re-sync ${worst.again.ms} ms > ${BUDGET.resyncMs}`,
    results.some((r) => r.again.calls > BUDGET.resyncCalls) &&
      `re-sync made more than ${BUDGET.resyncCalls} call`,
  ].filter(Boolean);
  console.info(over.length ? `over budget: ${over.join("; ")}` : "within budget");
  process.exitCode = over.length ? 1 : 0;
} catch (err) {
  fail(err);
}
