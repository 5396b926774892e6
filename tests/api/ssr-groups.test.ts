import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTICLE_LIST_PATH, LANDING_PATHS } from "../../app/landing/paths";
import { loadContextFor } from "../../server/app";
import { productionSsr } from "../../server/http/ssr";
import { startTestServer, type TestServer } from "../helpers/server";

/** The route manifest a page hands the browser: the one part a catch-all's page may list less of. */
const MANIFEST = /window\.__reactRouterManifest\s*=\s*(\{.*?\});/s;

describe("pages rendered by a handler of their own routes", () => {
  let site: TestServer;
  let build: ServerBuild;
  beforeAll(async () => {
    site = await startTestServer("sqlite");
    build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  });
  afterAll(() => site?.close());

  it("render every kind of page exactly as the whole route table does, manifest included but for catch-alls", async () => {
    const whole = createRequestHandler(build, "production");
    const grouped = productionSsr(build);
    const host = new URL(site.url).host;
    const request = (url: string) => new Request(`http://${host}${url}`, { headers: { host } });
    const homeRequest = request("/");
    const home = await (await whole(homeRequest, loadContextFor(homeRequest, site.services))).text();
    const article = /href="(\/articledetail\/\d+)"/.exec(home)?.[1];
    const column = /href="(\/newlist\/\d+\?name=[^"]+)"/.exec(home)?.[1];
    const tag = /href="(\/taglist\/\d+\?name=[^"]+)"/.exec(home)?.[1];
    expect([article, column, tag]).not.toContain(undefined);
    const urls = [
      "/",
      "/?page=2",
      "/news",
      article!,
      column!,
      tag!,
      "/searchlist/电商",
      "/searchlist",
      "/cooperate",
      "/activity",
      "/articledetail/999999999",
      "/no/such/page",
      "/wxmcn?tab=business",
      "/tzyx/zebra/product/278?shop_id=S-278&shop_name=星河旗舰店",
      "/txws/zebra/product/210",
      "/pay/result?out_trade_no=none",
      "/robots.txt",
      "/sitemap.xml",
      "/rss.xml",
      ...LANDING_PATHS,
      ARTICLE_LIST_PATH,
      "/activity/caicai/list",
      "/flybird/live",
      "/idaxue/class/1",
      "/wang/w/电商报",
      "/admin/login",
      "/admin/setup",
    ];
    const CATCH_ALL = ["/no/such/page"];
    for (const url of urls) {
      const a = await whole(request(url), loadContextFor(request(url), site.services, "n0nce"));
      const b = await grouped(request(url), site.services, "n0nce");
      expect(b.status, url).toBe(a.status);
      const [htmlA, htmlB] = [await a.text(), await b.text()];
      const [manifestA, manifestB] = [MANIFEST.exec(htmlA)?.[1], MANIFEST.exec(htmlB)?.[1]];
      expect(Boolean(manifestB), url).toBe(Boolean(manifestA));
      // A catch-all's parent paths depend on the URL, so its page renders through its route group's
      // handler (the news layout's, for an unknown URL): the same page, whose manifest lists the
      // group's routes only.
      if (CATCH_ALL.includes(url)) {
        expect(htmlB.replace(MANIFEST, ""), url).toBe(htmlA.replace(MANIFEST, ""));
        const routesA = JSON.parse(manifestA!).routes as Record<string, unknown>;
        const routesB = JSON.parse(manifestB!).routes as Record<string, unknown>;
        for (const [id, route] of Object.entries(routesB)) expect(route, `${url} ${id}`).toEqual(routesA[id]);
        expect(Object.keys(routesB), url).toContain("routes/not-found");
        continue;
      }
      // Every other page's handler holds its own branch and the branches of its parent paths, and
      // the browser's manifest must list the latter: otherwise it matches a navigation to a parent
      // path to a layout alone (no parameter there, so it does not ask the server) and renders an
      // empty outlet, as the console did on /admin after its first-run setup when handlers held
      // the page's own branch only.
      expect(htmlB, url).toBe(htmlA);
      if (url === article)
        expect(Object.keys(JSON.parse(manifestB!).routes as object)).toContain("routes/news/home");
      if (url === "/admin/setup")
        expect(Object.keys(JSON.parse(manifestB!).routes as object)).toContain("routes/admin/dashboard");
    }
  });
});
