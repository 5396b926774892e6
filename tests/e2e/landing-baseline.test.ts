import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASELINE_ENV, diffPage, readBaseline, recordPage } from "../../tools/landing-record";
import { engines, startSite, type TestServer } from "../helpers/server";

/**
 * Every landing page shows a visitor exactly what tests/fixtures/landing-baseline.json recorded:
 * the same head and share tags, text, links (with their target) and pictures, rendered by the
 * production build on the seeded demo site. A change a visitor would see fails here with the first
 * differing items; a change meant to be seen is recorded again with `npm run landing:baseline`.
 */
const baseline = readBaseline(process.cwd());
const paths = Object.keys(baseline.pages);

it("the record covers every landing page", () => {
  expect(paths.length).toBeGreaterThanOrEqual(44);
  for (const p of ["/flybird/live", "/market/products/yingxiao", "/activity/wsfh/summit", "/flybird/stroll"])
    expect(paths).toContain(p);
});

describe.each(engines())("landing pages as recorded (%s)", (engine) => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startSite(engine, BASELINE_ENV);
  });
  afterAll(() => site?.close());

  it.each(paths)("%s", async (p) => {
    const res = await fetch(site.url + p, { redirect: "manual" });
    const now = recordPage(await res.text(), res.status, site.url);
    const diff = diffPage(baseline.pages[p]!, now);
    if (diff.length > 0) expect.fail(`${p} differs from its record:\n${diff.join("\n")}`);
    expect(now.status).toBe(200);
  });
});
