/**
 * Screenshots of the money pages and the console at 375 × 667 and 1440 × 900, for people to compare
 * before and after a change: node scripts/run-ts.mjs scripts/money-screens.ts <before|after>
 * Runs the build in BENCH_BUILD_DIR (default build/) on a fresh demo database; pictures land in
 * /work/money-shots/<label>/ (MONEY_SHOTS_DIR overrides the parent folder).
 */
import "../server/private-umask";
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "../tools/chromium";
import { copyBuild, ROOT, startApp, waitFor } from "../tools/kit";
import { cashierPath, MCN, SIGNUP_278, SIGNUP_415 } from "../tools/money-pages";

const label = process.argv[2] ?? "after";
const out = path.join(process.env.MONEY_SHOTS_DIR ?? "/work/money-shots", label);
const PORT = Number(process.env.MONEY_SHOTS_PORT ?? 3291);
const base = `http://127.0.0.1:${PORT}`;

// Under the repository, so the copied build resolves node_modules.
const work = path.join(ROOT, "bench", "data", "money-shots");
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
const buildDir = await copyBuild(work);
const dataDir = path.join(work, "data");
fs.mkdirSync(dataDir, { recursive: true });
const app = startApp({ buildDir, dataDir, port: PORT, seed: true, env: { TRUST_PROXY: "true" } });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
try {
  await waitFor(`${base}/healthz`);
  fs.mkdirSync(out, { recursive: true });
  const cashier = await cashierPath(base);
  // A console account for the console screens.
  const setup = await fetch(`${base}/api/admin/setup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "shots", displayName: "截图", password: "shots-password-123" }),
  });
  const pages: [string, string][] = [
    ["signup-278", SIGNUP_278],
    ["signup-415", SIGNUP_415],
    ["mcn", MCN],
    ["mcn-business", `${MCN}?tab=business`],
    ["mcn-expert", `${MCN}?tab=expert`],
    ["cashier", cashier],
    ["admin-login", "/admin/login"],
  ];
  const sizes = { phone: { width: 375, height: 667 }, desktop: { width: 1440, height: 900 } };
  for (const [size, viewport] of Object.entries(sizes)) {
    const mobile = size === "phone";
    const ctx = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile, locale: "zh-CN" });
    const page = await ctx.newPage();
    const shoot = async (name: string) => {
      await page.screenshot({
        path: path.join(out, `${name}-${size}.png`),
        fullPage: true,
        animations: "disabled",
        caret: "hide",
      });
    };
    const hydrated = (p: Page) =>
      p.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined, null, {
        timeout: 60_000,
      });
    for (const [name, url] of pages) {
      await page.goto(base + url, { timeout: 60_000 });
      await hydrated(page);
      await page.waitForTimeout(500);
      await shoot(name);
    }
    // The sign-up form with its messages, after an empty submit.
    await page.goto(base + SIGNUP_278);
    await hydrated(page);
    await page.getByRole("button", { name: /提交并支付/ }).click();
    await page.waitForTimeout(800);
    await shoot("signup-278-errors");
    // One console list, signed in.
    if (setup.ok) {
      await page.goto(`${base}/admin/login`);
      await hydrated(page);
      await page.getByLabel("用户名").fill("shots");
      await page.getByLabel("密码").fill("shots-password-123");
      await page.getByRole("button", { name: /登\s*录/ }).click();
      await page.waitForURL((u) => !u.pathname.startsWith("/admin/login"), { timeout: 30_000 });
      await page.goto(`${base}/admin/articles`);
      await hydrated(page);
      await page.locator(".ant-table-row").first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await shoot("admin-articles");
    }
    await ctx.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  app.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(work, { recursive: true, force: true });
}
