import { describe, expect, it } from "vitest";
import { CHROME } from "../../contract/cache-tags";
import { createPageCache } from "../../server/http/page-cache";
import type { PageRoute } from "../../server/http/page-routes";
import type { Rendered, RenderJob, RenderPool } from "../../server/http/render-pool";
import type { Security } from "../../server/http/security";
import type { Services } from "../../server/services";
import { createResponseStore } from "../../server/services/response-store";

/**
 * A stale page's refresh is a background job (it yields to visitors' pages on a render thread), so
 * a visitor must never wait on one: when the stale answer runs out while its refresh is still
 * queued, the visitor's page is rendered on its own.
 */
describe("page cache: stale pages' refreshes", () => {
  it("are background jobs, which a visitor whose page ran out meanwhile does not wait on", async () => {
    let clock = 1_000_000;
    const store = createResponseStore({ maxBytes: 1 << 24, staleMs: 60_000, now: () => clock });
    const services = {
      responses: { pages: store },
      config: { CACHE_TTL_SECONDS: 60 },
    } as unknown as Services;
    const route: PageRoute = {
      id: "routes/page",
      pattern: /^\/page\/([^/]+)$/,
      names: ["id"],
      score: 1,
      cache: { tags: () => [] },
      splat: false,
      first: "page",
    };
    const jobs: { job: RenderJob; finish: (v: number) => void }[] = [];
    const pool = {
      render: (job: RenderJob) =>
        new Promise<Rendered | undefined>((resolve) => {
          jobs.push({
            job,
            finish: (v) =>
              resolve({
                status: 200,
                headers: [
                  ["content-type", "text/plain"],
                  ["cache-control", "public, max-age=0, s-maxage=60"],
                ],
                body: Buffer.from(`version ${v}`),
              }),
          });
        }),
    } as unknown as RenderPool;
    const cache = createPageCache({
      services,
      routes: [route],
      render: () => Promise.reject(new Error("renders on the threads only")),
      security: { pageHeaders: () => [] } as unknown as Security,
      pool,
    });
    const get = async () => {
      const res = await cache.serve(new Request("http://site.test/page/1"), undefined);
      return { cache: res.headers.get("x-cache"), body: await res.text() };
    };

    const first = get();
    await expect.poll(() => jobs.length).toBe(1);
    jobs[0]!.finish(1);
    expect(await first).toEqual({ cache: "MISS", body: "version 1" });
    expect(jobs[0]!.job.background).toBeUndefined();

    // A publish changes the chrome: the page goes stale, and once it has been served stale for a
    // while, a reader starts its one refresh, in the background.
    store.change({ purge: [], stale: [CHROME] });
    expect((await get()).body).toBe("version 1");
    clock += 40_000;
    expect(await get()).toEqual({ cache: "STALE", body: "version 1" });
    expect(jobs).toHaveLength(2);
    expect(jobs[1]!.job.background).toBe(true);
    // more readers meanwhile start no other refresh
    expect(await get()).toEqual({ cache: "STALE", body: "version 1" });
    expect(jobs).toHaveLength(2);

    // The stale window passes with the refresh still queued: the next reader's page is a render of
    // its own, answered although the refresh has not run.
    clock += 30_000;
    const visitor = get();
    await expect.poll(() => jobs.length).toBe(3);
    expect(jobs[2]!.job.background).toBeUndefined();
    jobs[2]!.finish(3);
    expect(await visitor).toEqual({ cache: "MISS", body: "version 3" });
    jobs[1]!.finish(2);
  });
});
