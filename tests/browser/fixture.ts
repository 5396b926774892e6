import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { test as base } from "vitest";
import { startSite, type TestServer } from "../helpers/server";
import { launchBrowser, newContext } from "./browser";

/** A page of its own browser profile, with the script errors it has thrown so far. */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** The messages of the page's uncaught errors (`pageerror`), oldest first. */
  errors: string[];
}

export type OpenOptions = { mobile?: boolean } & BrowserContextOptions;
export type OpenPage = (opts?: OpenOptions) => Promise<OpenedPage>;

/**
 * A new profile on `site` (newContext: desktop, or `{ mobile: true }`) and a page in it, with its
 * errors. Tests take `open`, whose pages close when the test ends; this is for a file-scoped fixture
 * that keeps a page for several tests (and closes its context itself).
 */
export async function openPage(
  browser: Browser,
  site: { url: string },
  opts: OpenOptions = {},
): Promise<OpenedPage> {
  const context = await newContext(browser, site, opts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/**
 * `open` on `site` (read at each call): a new profile and a page in it, with its errors. Pages left
 * open keep their carousels and timers running: every profile opened closes in the cleanup given
 * (the test's). A file whose site is not the `site` fixture overrides `open` with one of these.
 */
export function pageOpener(
  browser: Browser,
  site: { url: string },
  onCleanup: (cleanup: () => Promise<void>) => void,
): OpenPage {
  const contexts: BrowserContext[] = [];
  onCleanup(async () => {
    for (const context of contexts) await context.close().catch(() => {});
  });
  return async (opts = {}) => {
    const opened = await openPage(browser, site, opts);
    contexts.push(opened.context);
    return opened;
  };
}

/**
 * What every browser test is given (tests/browser/): one started site and one Chromium per file,
 * and per test, pages of their own profiles that close when the test ends.
 *
 * - `siteEnv`: the site's settings for this file, `{}` unless the file says otherwise with
 *   `test.override("siteEnv", { scope: "file" }, …)` (a value, or a function that first starts a fake
 *   service the settings point at).
 * - `site`: the production build on a private copy of the seeded database (SQLite).
 * - `browser`: Debian's Chromium, headless.
 * - `open(opts)`: a new profile (desktop, or `{ mobile: true }`) and a page in it, with its errors.
 * - `page`, `errors`: the test's first page, opened on demand, and its errors.
 *
 * File-scoped fixtures reach `test.beforeAll` hooks too: `test.beforeAll(async ({ site }) => …)`.
 */
export const test = base
  .extend("siteEnv", { scope: "file" }, {} as Record<string, string>)
  .extend("site", { scope: "file" }, async ({ siteEnv }, { onCleanup }): Promise<TestServer> => {
    const site = await startSite("sqlite", siteEnv);
    onCleanup(() => site.close());
    return site;
  })
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
  .extend("browser", { scope: "file" }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend(
    "open",
    async ({ browser, site }, { onCleanup }): Promise<OpenPage> => pageOpener(browser, site, onCleanup),
  )
  .extend("first", async ({ open }): Promise<OpenedPage> => open())
  .extend("page", async ({ first }): Promise<Page> => first.page)
  .extend("errors", async ({ first }): Promise<string[]> => first.errors);
