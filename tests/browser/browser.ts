import fs from "node:fs";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";
import { expect } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "../../tools/chromium";
import type { TestServer } from "../helpers/server";

/**
 * How long a browser step may wait for the state it needs (an element, a response, hydration).
 * Generous, because the machine may be small and busy; a hang still fails well within the test's
 * own budget (vitest.config.ts).
 */
export const STEP_TIMEOUT = 30_000;
export const NAVIGATION_TIMEOUT = 60_000;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    timeout: NAVIGATION_TIMEOUT,
  });
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 812 };

/**
 * A fresh browser profile on the site: Chinese locale, desktop (or phone) viewport, and the
 * generous step timeouts above. Other context options (user agent, reduced motion…) pass through.
 */
export async function newContext(
  browser: Browser,
  site: Pick<TestServer, "url">,
  opts: { mobile?: boolean } & BrowserContextOptions = {},
): Promise<BrowserContext> {
  const { mobile, ...rest } = opts;
  const context = await browser.newContext({
    baseURL: site.url,
    locale: "zh-CN",
    viewport: mobile ? PHONE : DESKTOP,
    isMobile: mobile,
    hasTouch: mobile,
    ...rest,
  });
  context.setDefaultTimeout(STEP_TIMEOUT);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT);
  await context.addInitScript(recordMessages);
  return context;
}

/**
 * Runs in every page before its own scripts: keeps the text of every antd message (toast) the tab
 * ever shows in its sessionStorage, so the record survives the tab's navigations (a form whose
 * success message is followed at once by the next page). A message stays on screen for 3 s; on a
 * loaded machine a check for the element can come after it has gone, a check of this record cannot.
 */
function recordMessages() {
  const seen = new WeakMap<Element, string>();
  new MutationObserver(() => {
    for (const el of document.querySelectorAll(".ant-message-notice")) {
      const text = (el.textContent ?? "").trim();
      if (text && seen.get(el) !== text) {
        seen.set(el, text);
        const shown = JSON.parse(sessionStorage.getItem("__messages") ?? "[]") as string[];
        sessionStorage.setItem("__messages", JSON.stringify([...shown, text]));
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** The messages (toasts) the tab has shown so far, oldest first (see recordMessages). */
export function shownMessages(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem("__messages") ?? "[]") as string[]);
}

/** Waits until the page has shown a message with exactly this text, however briefly. */
export async function sawMessage(page: Page, text: string): Promise<void> {
  await expect.poll(() => shownMessages(page)).toContain(text);
}

/** Forgets the messages shown so far (before an action whose message repeats an earlier one). */
export async function forgetMessages(page: Page): Promise<void> {
  await page.evaluate(() => sessionStorage.removeItem("__messages"));
}

/** Waits until React has hydrated the page (the root layout marks <html data-hydrated> then). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
}

/** Opens `url` and waits until the page is hydrated: buttons and links then respond as for a person. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

/** Screenshots for people to look at land here (not part of the repository). */
export function screenshotPath(name: string): string {
  const dir = path.resolve("test-results", "screens");
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

/**
 * A picture of the page for people to look at (test-results/screens/NAME.png). Animations are
 * frozen, and a busy machine gets all the time it needs to paint a long page: the picture is not
 * a race against the clock.
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  await page.screenshot({
    path: screenshotPath(name),
    fullPage: opts.fullPage,
    animations: "disabled",
    caret: "hide",
    timeout: 90_000,
  });
}
