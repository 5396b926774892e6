import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { type Engine, startTestServer, type TestServer } from "../helpers/server";

/** Debian's Chromium, with the flags this machine and CI need (no downloads, no background traffic). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** The build under test: build/, or a private copy (TEST_BUILD_DIR) that a concurrent rebuild cannot change. */
export const BUILD_DIR = path.resolve(process.env.TEST_BUILD_DIR ?? "build");

/** The production build served by the real server on a copy of the seeded database. */
export async function startSite(
  engine: Engine = "sqlite",
  env: Record<string, string> = {},
): Promise<TestServer> {
  if (!fs.existsSync(path.join(BUILD_DIR, "server", "index.js"))) {
    throw new Error("no production build: run `npm run build` first (npm test does)");
  }
  return startTestServer(engine, { buildDir: BUILD_DIR, env });
}

export async function newContext(browser: Browser, site: TestServer, opts: { mobile?: boolean } = {}) {
  const context: BrowserContext = await browser.newContext({
    baseURL: site.url,
    locale: "zh-CN",
    viewport: opts.mobile ? { width: 375, height: 812 } : { width: 1440, height: 900 },
    isMobile: opts.mobile,
    hasTouch: opts.mobile,
  });
  return context;
}

/** Screenshots for people to look at land here (not part of the repository). */
export function screenshotPath(name: string): string {
  const dir = path.resolve("test-results", "screens");
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}
