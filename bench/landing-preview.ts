import "../server/private-umask";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import type { AdminLanding, Section } from "../contract/landing";
import { LANDING_SEED } from "../server/seed/landing";
import { BenchError, ConsoleSession, copyBuild, fail, ROOT, startApp, waitFor } from "../tools/kit";

/**
 * The landing editor's preview (budget in bench/README.md, "Landing editor preview"): on a page of
 * 20 sections in the console's editor (/admin/landing-pages/:id), in Debian's Chromium, the time from
 * each keystroke in a section's title to the next frame after the preview's section shows the new
 * text. Measured inside the page (keydown → MutationObserver on the preview frame → next animation
 * frame), over KEYS keystrokes typed one after another. Run after `npm run build`:
 *
 *   node scripts/run-ts.mjs bench/landing-preview.ts
 */
const KEYS = Number(process.env.BENCH_PREVIEW_KEYS ?? 40);
const APP_PORT = 3217;
const WORK = path.join(ROOT, "bench", "data", "landing-preview");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const BUDGET_MS = 300;

/** Twenty sections with titles, taken in order from the seed's pages (anchors dropped: unique on a page). */
function twentySections(): Section[] {
  const out: Section[] = [];
  for (const page of LANDING_SEED)
    for (const s of page.sections) {
      if (out.length === 20) return out;
      if (typeof (s as { title?: unknown }).title !== "string" || s.type === "liveFrame") continue;
      const { id: _anchor, ...rest } = s;
      out.push(rest as Section);
    }
  return out;
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function main() {
  if (!fs.existsSync(CHROMIUM)) throw new BenchError(`no Chromium at ${CHROMIUM}`);
  const buildDir = await copyBuild(WORK);
  const dataDir = path.join(WORK, "data");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const app = startApp({ buildDir, dataDir, port: APP_PORT, seed: false });
  const base = `http://127.0.0.1:${APP_PORT}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  try {
    await waitFor(`${base}/healthz`);
    const session = new ConsoleSession(base);
    await session.setup();
    const sections = twentySections();
    const created = await session.call<AdminLanding>("POST", "/api/admin/landing-pages", {
      path: "/market/products/bench-preview",
      title: "预览压测",
      name: "预览压测",
      description: "二十个区块的页面",
      sections,
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "zh-CN" });
    const [name, value] = session.cookie.split("=");
    await context.addCookies([{ name: name!, value: value!, url: base }]);
    const page = await context.newPage();
    const editorUrl = `${base}/admin/landing-pages/${created.id}`;
    const res = await page.goto(editorUrl);
    if (!res?.ok())
      throw new BenchError(`${editorUrl} answered ${res?.status()}: is the editor screen built?`);
    await page.locator("html[data-hydrated]").waitFor();

    // The middle section, its title field, and the preview's drawing of it.
    const index = 10;
    await page.locator(".section-row-main").nth(index).click();
    const input = page.locator(".section-form").getByLabel("标题", { exact: true }).first();
    await input.waitFor();
    await page.frameLocator(".lp-preview iframe").locator(`[data-lp-index="${index}"]`).first().waitFor();
    await input.click();
    await input.press("End");
    await page.evaluate(
      ({ index }) => {
        const w = window as unknown as { __lat: number[]; __t0: number | null };
        w.__lat = [];
        w.__t0 = null;
        const field = document.activeElement as HTMLInputElement;
        const frame = document.querySelector<HTMLIFrameElement>(".lp-preview iframe")!;
        const doc = frame.contentDocument!;
        window.addEventListener("keydown", () => (w.__t0 = performance.now()), true);
        new MutationObserver(() => {
          if (w.__t0 === null) return;
          const el = doc.querySelector(`[data-lp-index="${index}"]`);
          if (!el?.textContent?.includes(field.value)) return;
          const t0 = w.__t0;
          w.__t0 = null;
          requestAnimationFrame(() => w.__lat.push(performance.now() - t0));
        }).observe(doc.body, { subtree: true, childList: true, characterData: true });
      },
      { index },
    );
    // Keys a keyboard sends (keydown, input, keyup), as an editor types them.
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (let i = 0; i < KEYS; i++) {
      const before = await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat.length);
      await page.keyboard.press(letters[i % letters.length]!);
      await page.waitForFunction((n) => (window as unknown as { __lat: number[] }).__lat.length > n, before, {
        timeout: 10_000,
      });
    }
    const lat = await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
    const result = {
      date: new Date().toISOString(),
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
      sections: sections.length,
      keystrokes: lat.length,
      medianMs: Math.round(pct(lat, 50)),
      p95Ms: Math.round(pct(lat, 95)),
      maxMs: Math.round(Math.max(...lat)),
      budgetMs: BUDGET_MS,
      met: pct(lat, 95) <= BUDGET_MS,
    };
    console.log(result);
    fs.mkdirSync(path.join(ROOT, "bench", "results"), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, "bench", "results", "landing-preview-latest.json"),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    app.kill();
  }
}

main().catch(fail);
