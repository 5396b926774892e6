import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { page as travel1 } from "../../app/landing/pages/travel-list1";
import { page as travel2 } from "../../app/landing/pages/travel-list2";
import type { LandingPage, LiveFrameSection, Section } from "../../app/landing/types";
import { LANDING_SEED } from "../../server/seed/landing";
import { page as live } from "../../server/seed/landing/live";
import { page as articleList } from "../../server/seed/landing/yingxiao";
import {
  BUILD_DIR,
  type Engine,
  engines,
  needsBuild,
  startTestServer,
  type TestServer,
} from "../helpers/server";

/** React's text escaping, to find definition texts in the server-rendered HTML. */
const html = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

const STATIC = "public, max-age=300, s-maxage=3600";
const DATA = "public, max-age=0, s-maxage=60";

interface Row {
  path: string;
  title: string;
  cache: string;
  /** texts the main sections must render */
  texts: string[];
  /** section types (data-section) the page must render */
  sections?: string[];
}

/** The headline texts of a definition: the hero title and every titled section. */
function mainTexts(p: LandingPage): string[] {
  return p.sections.flatMap((s: Section) => ("title" in s && typeof s.title === "string" ? [s.title] : []));
}

const liveSection = live.sections[0] as LiveFrameSection;
/** The pages of the seed the generic sections draw (the live room and the article list have rows of their own). */
const GENERIC = LANDING_SEED.filter((p) => p !== live && p !== articleList);

/** One row per route of the docs/product.md §2 landing table (the MCN page and the sign-up forms have their own tests). */
const ROWS: Row[] = [
  ...GENERIC.map((p) => ({
    path: p.path,
    title: p.title,
    cache: DATA,
    texts: mainTexts(p),
    sections: [
      ...new Set(
        p.sections.filter((s) => s.type !== "scrollNav" && s.type !== "floatingPanel").map((s) => s.type),
      ),
    ],
  })),
  {
    path: travel1.path,
    title: travel1.title,
    cache: DATA,
    texts: [travel1.name, ...travel1.fallbackTabs, "复制口令"],
  },
  {
    path: travel2.path,
    title: travel2.title,
    cache: DATA,
    texts: [travel2.name, ...travel2.fallbackTabs, "目的地", "复制口令"],
  },
  {
    path: articleList.path,
    title: articleList.title,
    cache: DATA,
    texts: [articleList.name, "/articledetail/", "商务合作"],
    sections: ["articleList"],
  },
  {
    path: live.path,
    title: live.title,
    cache: DATA,
    texts: [liveSection.title, liveSection.noFrames, 'height="1000"', "sandbox="],
    sections: ["liveFrame"],
  },
  {
    path: "/wang/w/%E6%B5%8B%E8%AF%95%E5%BA%97%E9%93%BA",
    title: "旺旺客服管理平台",
    cache: STATIC,
    texts: [
      "「测试店铺」",
      "安装阿里旺旺客户端",
      "aliim:sendmsg?uid=cntaobao&amp;siteid=cntaobao&amp;touid=cntaobao%E6%B5%8B%E8%AF%95%E5%BA%97%E9%93%BA",
    ],
  },
];

const hasBuild = needsBuild("the landing pages' server-rendering tests");

describe("the landing pages of the seed", () => {
  it("name only pictures and clips that exist under public/", () => {
    const files = new Set<string>();
    JSON.stringify([LANDING_SEED, travel1, travel2], (_k, v) => {
      if (typeof v === "string" && v.startsWith("/landing/")) files.add(v);
      return v;
    });
    expect(files.size).toBeGreaterThan(100);
    for (const f of files) expect(fs.existsSync(path.join("public", f)), f).toBe(true);
  });

  it("link only to web addresses, site paths or in-page anchors", () => {
    const links: string[] = [];
    JSON.stringify(LANDING_SEED, (k, v) => {
      if (k === "href" && typeof v === "string") links.push(v);
      return v;
    });
    for (const l of links) expect(l, l).toMatch(/^(https:\/\/[\w.-]+\.example\.com\/|\/(?!\/)|#[\w-]+$)/);
  });
});

describe.skipIf(!hasBuild).each(engines())("landing pages server-render (%s)", (engine: Engine) => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startTestServer(engine, {
      buildDir: BUILD_DIR,
      env: { LIVE_ROOM_URL: "https://live.example.com/room/test" },
    });
  });
  afterAll(async () => {
    await site?.close();
  });

  it("has every page of the seed in the database, published, once", async () => {
    const rows = await site.services.database.db
      .selectFrom("landing_pages")
      .select(["path", "status"])
      .execute();
    expect(rows.map((r) => r.path).sort()).toEqual(LANDING_SEED.map((p) => p.path).sort());
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["published"]));
  });

  it.each(ROWS)("$path renders its title and main sections", async (row) => {
    const res = await fetch(site.url + row.path);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(row.cache);
    const body = await res.text();
    expect(body).toContain(`<title>${html(row.title)}</title>`);
    for (const t of row.texts)
      expect(body, t).toContain(t.includes("&amp;") || t.startsWith("/") || t.includes("=") ? t : html(t));
    for (const type of row.sections ?? []) expect(body, type).toContain(`data-section="${type}"`);
    // Every outside link opens a new window without handing over the opener or the referrer.
    for (const a of body.match(/<a [^>]*href="https:[^"]*"[^>]*>/g) ?? []) {
      expect(a).toContain('target="_blank"');
      expect(a).toContain('rel="noopener noreferrer"');
    }
  });

  it("serves the live room from LIVE_ROOM_URL in a sandboxed frame", async () => {
    const res = await fetch(`${site.url}/flybird/live`);
    // The page's Content-Security-Policy lets it frame the room's origin (and only the room's).
    expect(res.headers.get("content-security-policy")).toContain(
      "frame-src 'self' https://live.example.com;",
    );
    const body = await res.text();
    expect(body).toMatch(/<iframe[^>]*src="https:\/\/live\.example\.com\/room\/test"[^>]*>/);
    expect(body).toMatch(/<iframe[^>]*sandbox="allow-scripts[^"]*"/);
  });

  it("shows the travel items of the database, doubled for the endless list", async () => {
    const { body } = await site.get<{ result: { tabId: number; name: string; password: string }[] }>(
      "/api/product/fliggy/list",
    );
    const first = body.data.result.find((i) => i.tabId === 11)!;
    const html2 = await (await fetch(`${site.url}/activity/caicai/list2`)).text();
    expect(html2.split(`class="tl-name">${html(first.name)}</span>`).length - 1).toBe(2);
  });

  it("redirects class 2 to banner 98's link and any other class to banner 13's, on the server", async () => {
    const banner = async (id: number) =>
      (await site.get<{ bannerLink: string }>(`/api/product/banner/list?bannerId=${id}`)).body.data
        .bannerLink;
    for (const [classId, bannerId] of [
      ["2", 98],
      ["7", 13],
      ["abc", 13],
    ] as const) {
      const res = await fetch(`${site.url}/idaxue/class/${classId}`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(await banner(bannerId));
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("answers unknown landing-like paths with the 404 page", async () => {
    for (const path of [
      "/market/products/nope",
      "/activity/wsfh/nope",
      "/tzyx/zebra/nope",
      "/flybird/nope",
    ]) {
      const res = await fetch(site.url + path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("页面不存在");
    }
  });
});

describe.skipIf(!hasBuild).each(engines())("landing pages when data is missing (%s)", (engine: Engine) => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startTestServer(engine, {
      buildDir: BUILD_DIR,
      env: { CHAT_LINK_TEMPLATE: "https://im.example.com/chat?to={customerName}&from=site" },
    });
    const { db } = site.services.database;
    await db.updateTable("banners").set({ link: "" }).where("id", "=", 13).execute();
    await db.deleteFrom("banners").where("id", "=", 98).execute();
    await db.deleteFrom("travel_items").execute();
    await db.deleteFrom("travel_tabs").where("list_key", "=", "list2").execute();
  });
  afterAll(async () => {
    await site?.close();
  });

  it("says 跳转失败 when the banner or its link cannot be had", async () => {
    for (const classId of ["2", "9"]) {
      const res = await fetch(`${site.url}/idaxue/class/${classId}`, { redirect: "manual" });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toContain("跳转失败");
    }
  });

  it("shows an empty state for a travel list without items", async () => {
    const body = await (await fetch(`${site.url}/activity/caicai/list`)).text();
    expect(body).toContain("暂时没有可领取的口令商品");
    expect(body).toContain(html(travel1.fallbackTabs[0]!));
  });

  it("shows an empty state when the list cannot be read, and does not cache it", async () => {
    await site.services.database.db.schema.dropTable("travel_items").execute();
    const res = await fetch(`${site.url}/activity/caicai/list2?after=drop`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(body).toContain("清单暂时无法加载");
    for (const t of travel2.fallbackTabs) expect(body).toContain(html(t));
  });

  it("builds the chat link from CHAT_LINK_TEMPLATE with the name URL-encoded", async () => {
    const body = await (await fetch(`${site.url}/wang/w/${encodeURIComponent("A&B 店")}`)).text();
    expect(body).toContain('href="https://im.example.com/chat?to=A%26B%20%E5%BA%97&amp;from=site"');
  });
});
