import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTICLE_LIST_PATH, LANDING_PATHS } from "../../app/landing/paths";
import { loadContextFor } from "../../server/app";
import { productionSsr } from "../../server/http/ssr";
import { startTestServer, type TestServer } from "../helpers/server";

/** The route manifest a page hands the browser: the one part that differs by design. */
const MANIFEST = /window\.__reactRouterManifest\s*=\s*(\{.*?\});/s;

describe("pages rendered by their route group's handler", () => {
  let site: TestServer;
  let build: ServerBuild;
  beforeAll(async () => {
    site = await startTestServer("sqlite");
    build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  });
  afterAll(() => site?.close());

  it("render every kind of page exactly as the whole route table does, save the manifest", async () => {
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
    ];
    for (const url of urls) {
      const a = await whole(request(url), loadContextFor(request(url), site.services, "n0nce"));
      const b = await grouped(request(url), site.services, "n0nce");
      expect(b.status, url).toBe(a.status);
      const [htmlA, htmlB] = [await a.text(), await b.text()];
      const [manifestA, manifestB] = [MANIFEST.exec(htmlA)?.[1], MANIFEST.exec(htmlB)?.[1]];
      expect(htmlB.replace(MANIFEST, ""), url).toBe(htmlA.replace(MANIFEST, ""));
      expect(Boolean(manifestB), url).toBe(Boolean(manifestA));
      if (manifestA && manifestB) {
        // The group's manifest is the whole one's, less the routes of other groups (the news layout
        // and its catch-all, which the whole table also matches on a landing page's parent paths).
        const routesA = JSON.parse(manifestA).routes as Record<string, { parentId?: string }>;
        const routesB = JSON.parse(manifestB).routes as Record<string, { parentId?: string }>;
        expect(routesB.root, url).toEqual(routesA.root);
        for (const [id, route] of Object.entries(routesB)) expect(route, `${url} ${id}`).toEqual(routesA[id]);
        expect(Object.keys(routesB).length, url).toBeGreaterThan(1);
        if (url === "/wxmcn?tab=business") expect(Object.keys(routesB)).toEqual(["root", "routes/mcn/page"]);
        // The browser must know the routes of the page's parent paths: otherwise it matches a
        // navigation to one of them to a layout alone (no parameter there, so it does not ask the
        // server) and renders an empty outlet, as the console did on /admin after its first-run
        // setup with handlers built from the page's own branch only.
        if (url === article) expect(Object.keys(routesB)).toContain("routes/news/home");
      }
    }
  });
});
