import { describe, expect, it } from "vitest";
import { type DemoData, generateArticles, generateDemoContent } from "../../server/seed/demo-content";

const cjkCount = (html: string): number =>
  (html.replace(/<[^>]+>/g, "").match(/[\u4e00-\u9fff]/g) ?? []).length;

describe("generateDemoContent", () => {
  const data: DemoData = generateDemoContent({ articleCount: 320 });

  it("is deterministic for a given seed and differs for another seed", () => {
    const again = generateDemoContent({ articleCount: 320 });
    expect(again).toEqual(data);
    expect(JSON.stringify(again)).toBe(JSON.stringify(data));
    const other = generateDemoContent({ articleCount: 320, seed: 7 });
    expect(other.articles.map((a) => a.title)).not.toEqual(data.articles.map((a) => a.title));
  });

  it("has the expected columns", () => {
    expect(data.columns).toEqual([
      { id: 4, name: "视频", sortOrder: 1 },
      { id: 5, name: "科技", sortOrder: 2 },
      { id: 6, name: "生活", sortOrder: 3 },
      { id: 7, name: "直播电商", sortOrder: 4 },
      { id: 8, name: "跨境电商", sortOrder: 5 },
      { id: 9, name: "政策解读", sortOrder: 6 },
      { id: 10, name: "品牌营销", sortOrder: 7 },
      { id: 21, name: "商业动态", sortOrder: 8 },
      { id: 26, name: "活动报道", sortOrder: 9 },
    ]);
  });

  it("has at least 48 distinct tags including ASCII ones", () => {
    expect(data.tags.length).toBeGreaterThanOrEqual(48);
    expect(new Set(data.tags).size).toBe(data.tags.length);
    for (const t of [
      "直播带货",
      "私域流量",
      "抖音电商",
      "淘宝",
      "跨境电商",
      "618",
      "双11",
      "AI",
      "GMV",
      "小红书",
    ]) {
      expect(data.tags).toContain(t);
    }
  });

  describe("articles", () => {
    const { articles } = data;

    it("has the requested count, spread over every column", () => {
      expect(articles).toHaveLength(320);
      for (const col of data.columns) {
        expect(articles.filter((a) => a.columnId === col.id).length).toBeGreaterThanOrEqual(15);
      }
    });

    it("has titles, intros and bodies of the required shape", () => {
      const allowed = new Set(["p", "h2", "h3", "ul", "li", "strong", "blockquote"]);
      for (const a of articles) {
        expect(a.title.length).toBeGreaterThanOrEqual(12);
        expect(a.title.length).toBeLessThanOrEqual(30);
        expect(a.intro.length).toBeGreaterThanOrEqual(40);
        expect(a.intro.length).toBeLessThanOrEqual(90);
        expect(cjkCount(a.content)).toBeGreaterThanOrEqual(1500);
        expect((a.content.match(/<h[23]>/g) ?? []).length).toBeGreaterThanOrEqual(2);
        for (const m of a.content.matchAll(/<\/?([a-z0-9]+)[^>]*>/g))
          expect(allowed.has(m[1] as string)).toBe(true);
        expect(a.content).not.toMatch(/[{}]|undefined|NaN/);
        expect(a.title + a.intro).not.toMatch(/[{}]|undefined|NaN/);
        expect(a.thumbCaption).toMatch(/^[\u4e00-\u9fff]{2,8}$/);
        expect(a.author.length).toBeGreaterThan(0);
      }
      expect(articles.some((a) => a.content.includes("<ul>"))).toBe(true);
      expect(articles.some((a) => a.content.includes("<blockquote>"))).toBe(true);
      expect(new Set(articles.map((a) => a.title)).size).toBe(articles.length);
      expect(new Set(articles.map((a) => a.content)).size).toBe(articles.length);
      expect(new Set(articles.map((a) => a.author)).size).toBeGreaterThanOrEqual(10);
    });

    it("mentions 直播 and ASCII keywords in titles", () => {
      const live = articles.filter((a) => a.title.includes("直播")).length / articles.length;
      expect(live).toBeGreaterThan(0.1);
      expect(live).toBeLessThan(0.3);
      expect(articles.filter((a) => a.content.includes("直播")).length).toBeGreaterThan(articles.length / 2);
      expect(articles.some((a) => /AI|GMV|618/.test(a.title))).toBe(true);
    });

    it("only uses known tags (1..4 per article)", () => {
      const known = new Set(data.tags);
      for (const a of articles) {
        expect(a.tags.length).toBeGreaterThanOrEqual(1);
        expect(a.tags.length).toBeLessThanOrEqual(4);
        expect(new Set(a.tags).size).toBe(a.tags.length);
        for (const t of a.tags) expect(known.has(t)).toBe(true);
      }
    });

    it("marks about one third as hot", () => {
      const ratio = articles.filter((a) => a.hot).length / articles.length;
      expect(ratio).toBeGreaterThan(0.25);
      expect(ratio).toBeLessThan(0.42);
    });

    it("has distinct ISO timestamps within ~400 days before now", () => {
      const now = Date.parse("2026-11-20T08:00:00Z");
      const times = articles.map((a) => Date.parse(a.createdAt));
      expect(new Set(articles.map((a) => a.createdAt)).size).toBe(articles.length);
      for (const a of articles) expect(a.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThan(times[i - 1] as number);
      expect(Math.max(...times)).toBeLessThan(now);
      expect(Math.min(...times)).toBeGreaterThan(now - 410 * 86_400_000);
      expect(Math.min(...times)).toBeLessThan(now - 360 * 86_400_000);
    });

    it("honours bodyChars and now", () => {
      const now = new Date("2025-01-01T00:00:00Z");
      const small = generateDemoContent({ articleCount: 20, bodyChars: 600, now });
      for (const a of small.articles) {
        expect(cjkCount(a.content)).toBeGreaterThanOrEqual(600);
        expect(Date.parse(a.createdAt)).toBeLessThan(now.getTime());
      }
    });
  });

  it("has the banners", () => {
    const byCol = (c: number) => data.banners.filter((b) => b.columnId === c).map((b) => b.id);
    expect(byCol(11)).toEqual([1, 2, 3, 4]);
    expect(byCol(20)).toEqual([5, 6, 7, 8, 9, 10]);
    const b98 = data.banners.find((b) => b.id === 98);
    const b13 = data.banners.find((b) => b.id === 13);
    expect(b98?.columnId).toBe(98);
    expect(b13?.columnId).toBe(13);
    expect(b98?.link).toMatch(/^https:\/\/daxue\.example\.com\/course\//);
    expect(b13?.link).toMatch(/^https:\/\/daxue\.example\.com\/course\//);
    for (const b of data.banners) {
      expect(b.link).toMatch(/^(\/[a-zA-Z]|https:\/\/[a-z0-9.-]+\.example\.com(\/|$))/);
      expect(b.name.length).toBeGreaterThan(0);
      expect(b.caption.length).toBeGreaterThan(0);
    }
  });

  it("has 30 partners", () => {
    expect(data.partners).toHaveLength(30);
    expect(new Set(data.partners.map((p) => p.name)).size).toBe(30);
    for (const p of data.partners) {
      expect(p.caption.length).toBeGreaterThanOrEqual(2);
      expect(p.caption.length).toBeLessThanOrEqual(6);
    }
  });

  it("has activities for columns 17, 18, 19", () => {
    const ids = data.activities.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [120, 119, 117, 116, 8]) {
      expect(data.activities.find((a) => a.id === id)?.columnId).toBe(17);
    }
    const statuses = new Set(["进行中", "报名中", "已结束", "即将开始"]);
    for (const col of [17, 18, 19]) {
      const list = data.activities.filter((a) => a.columnId === col);
      expect(list.length).toBeGreaterThanOrEqual(12);
      expect(list.filter((a) => a.status === "进行中").length).toBeGreaterThanOrEqual(2);
    }
    for (const a of data.activities) {
      expect(statuses.has(a.status)).toBe(true);
      const year = new Date(a.startTime).getUTCFullYear();
      expect(year).toBeGreaterThanOrEqual(2020);
      expect(year).toBeLessThanOrEqual(2027);
      expect(new Date(a.startTime).toISOString()).toBe(a.startTime);
      expect(a.link).toMatch(
        /^(\/activity\/wsfh\/(summit|newispower|remould|timing|wow)$|https:\/\/[a-z0-9.-]+\.example\.com\/)/,
      );
      expect(a.address).toContain("·");
      expect(a.guests.length).toBeGreaterThan(0);
      expect(a.caption).toMatch(/^[\u4e00-\u9fff]{2,8}$/);
    }
  });

  it("has the four contacts in order", () => {
    expect(data.contacts.map((c) => c.title)).toEqual(["媒体合作", "营销合作", "培训咨询", "投诉与反馈"]);
    for (const c of data.contacts) {
      expect(c.email).toMatch(/@example\.com$/);
      expect(c.phone).toContain("0000");
    }
  });

  it("has the fliggy tabs and items", () => {
    const list1 = data.travelTabs.filter((t) => t.listKey === "list1");
    const list2 = data.travelTabs.filter((t) => t.listKey === "list2");
    expect(list1.map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);
    expect(list1.map((t) => t.name)).toEqual([
      "跟团游与爆款",
      "海南与华南",
      "华东与华中",
      "华北与东北",
      "西南及其他",
    ]);
    expect(list2.map((t) => t.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
    expect(list2.map((t) => t.name)).toEqual([
      "必买爆款",
      "全国通兑",
      "江浙沪",
      "海南与云南",
      "西北川渝",
      "东北滑雪",
      "珠三角",
      "其他",
    ]);
    for (const tab of data.travelTabs) {
      const items = data.travelItems.filter((i) => i.tabId === tab.id);
      expect(items.length).toBeGreaterThanOrEqual(6);
      expect(items.length).toBeLessThanOrEqual(12);
      expect(items.map((i) => i.serialNum)).toEqual(items.map((_, i) => i + 1));
    }
    for (const item of data.travelItems) {
      expect(item.password).toMatch(/^[A-Z0-9]{6,8}$/);
      expect(item.priceFen).toBeGreaterThanOrEqual(9900);
      expect(item.priceFen).toBeLessThanOrEqual(399900);
      expect(Number.isInteger(item.priceFen)).toBe(true);
      expect(item.location.length).toBeGreaterThan(0);
      expect(item.caption.length).toBeGreaterThan(0);
    }
    expect(new Set(data.travelItems.map((i) => i.password)).size).toBe(data.travelItems.length);
  });

  it("has the products", () => {
    expect(data.products.map((p) => p.id)).toEqual([210, 278, 415, 416, 417]);
    for (const p of data.products) {
      if ([415, 416, 417].includes(p.id)) {
        expect(p.requiresAgreement).toBe(false);
      } else {
        expect(p.requiresAgreement).toBe(true);
        expect(p.contractHtml).toContain("<h3>");
        expect(p.contractHtml).toContain("<p>");
      }
      expect(p.priceFen).toBeGreaterThan(0);
    }
    expect(data.products.find((p) => p.id === 210)?.priceFen).toBe(299900);
    expect(data.products.find((p) => p.id === 278)?.priceFen).toBe(9900);
  });

  it("has the questions", () => {
    const { questions } = data;
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    const q1 = questions.find((q) => q.id === 1);
    expect(q1).toMatchObject({
      productId: null,
      title: "会员身份",
      field: "memberProfession",
      type: "RADIO",
      hidden: true,
      required: false,
    });
    const q23 = questions.find((q) => q.id === 23);
    expect(q23).toMatchObject({ productId: null, title: "会员类型", field: "memberType", hidden: true });

    const allTypes = ["INPUT", "TEXTAREA", "CHECKBOX", "RADIO", "CHECKBOX_INPUT"];
    for (const pid of [210, 278]) {
      const types = new Set(questions.filter((q) => q.productId === pid).map((q) => q.type));
      expect([...types].sort()).toEqual([...allTypes].sort());
    }
    for (const p of data.products) {
      const visible = questions.filter((q) => q.productId === p.id);
      expect(visible.length).toBeGreaterThanOrEqual(2);
      expect(visible.length).toBeLessThanOrEqual(5);
      expect(visible.some((q) => q.required)).toBe(true);
      expect(visible.some((q) => !q.required)).toBe(true);
      for (const q of visible) {
        expect(q.id).toBeGreaterThanOrEqual(100);
        expect(q.hidden).toBe(false);
      }
    }
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(allTypes));
    for (const q of questions) {
      expect(q.field).toMatch(/^[a-z][a-zA-Z]*$/);
      if (q.type === "CHECKBOX" || q.type === "RADIO" || q.type === "CHECKBOX_INPUT") {
        expect(q.options.length).toBeGreaterThanOrEqual(3);
        expect(q.options.length).toBeLessThanOrEqual(6);
      } else {
        expect(q.options).toEqual([]);
      }
      if (q.type === "CHECKBOX_INPUT") expect(q.options.some((o) => o.hasInput)).toBe(true);
    }
  });
});

describe("generateArticles", () => {
  it("streams the same articles as generateDemoContent and respects the tag list", () => {
    const data = generateDemoContent({ articleCount: 40 });
    const streamed = [...generateArticles({ count: 40, tags: data.tags })];
    expect(streamed).toEqual(data.articles);

    const tags = ["直播带货", "AI", "淘宝"];
    for (const a of generateArticles({ count: 50, seed: 3, bodyChars: 600, tags })) {
      expect(a.tags.length).toBeGreaterThanOrEqual(1);
      for (const t of a.tags) expect(tags).toContain(t);
      expect(cjkCount(a.content)).toBeGreaterThanOrEqual(600);
    }
  });

  it("is lazy", () => {
    const it = generateArticles({ count: 1_000_000, bodyChars: 600, tags: ["AI"] });
    const first = it.next();
    expect(first.done).toBe(false);
    expect(first.value?.title.length).toBeGreaterThan(0);
  });
});
