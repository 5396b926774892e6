import fs from "node:fs";
import { Readable } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import {
  bodyOf,
  type MapContext,
  mapItem,
  oldPathsOf,
  oversizedNote,
  siteKeyOf,
} from "../../server/import/mapping";
import { readWxr, WXR_LIMITS, type WxrChannel, WxrError, type WxrItem } from "../../server/import/wordpress";
import { normalisePath, oldAddress } from "../../server/services/redirects";
import { wxrParts } from "../../tools/wxr";

const FIXTURE = fs
  .readFileSync("tests/fixtures/wordpress/edge-cases.xml", "utf8")
  .replaceAll("{{PICTURES}}", "https://pics.example.com");

/** The stream in small chunks, split inside multi-byte characters and CDATA markers. */
function chunked(text: string, size = 7): Readable {
  const bytes = Buffer.from(text);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return Readable.from(parts);
}

async function readAll(text: string, light = false, chunkSize = 7) {
  const items: WxrItem[] = [];
  let channel: WxrChannel | undefined;
  const r = await readWxr(
    chunked(text, chunkSize),
    {
      channel: (c) => {
        channel = c;
      },
      item: (i) => {
        items.push(i);
      },
    },
    { light },
  );
  return { ...r, items, channel: channel! };
}

describe("the WXR reader", () => {
  it("reads the channel and every item, whatever the chunk boundaries", async () => {
    const { channel, items } = await readAll(FIXTURE);
    expect(channel.version).toBe("1.2");
    expect(channel.title).toBe("老电商观察 & 评论");
    expect(channel.authors).toEqual([
      { login: "laowang", displayName: "王编辑" },
      { login: "xiaoli", displayName: "李记者" },
    ]);
    expect(channel.terms.map((t) => `${t.domain}:${t.slug}:${t.name}`)).toEqual([
      "category:uncategorized:未分类",
      "category:industry:行业观察",
      "category:tech:科技",
      "post_tag:livestream:直播带货",
      "post_tag:%e8%b7%a8%e5%a2%83:跨境",
    ]);
    expect(items.map((i) => `${i.postType}:${i.postId}:${i.status}`)).toEqual([
      "attachment:30:inherit",
      "post:101:publish",
      "post:102:publish",
      "post:103:draft",
      "post:104:publish",
      "post:105:future",
      "post:106:pending",
      "post:107:trash",
      "page:200:publish",
      "nav_menu_item:300:publish",
    ]);
    const first = items[1]!;
    // A body holding "]]>" is written as two CDATA sections: they join up again.
    expect(first.content).toContain("a[b[0]]>c 也要原样保留。");
    expect(first.sticky).toBe(true);
    expect(first.comments).toBe(2);
    expect(first.meta._thumbnail_id).toBe("30");
    expect(first.terms).toHaveLength(4);
    expect(items[0]!.attachmentUrl).toBe("https://pics.example.com/wp-content/uploads/2013/01/cover.png");
    // Entities outside CDATA: XML's and HTML's named ones.
    expect(items[4]!.title).toBe("标题里的实体：A &amp; B ’s “双引号” <em>强调</em>…");
    expect(items[4]!.password).toBe("secret");
  });

  it("leaves the bodies out of a light read", async () => {
    const { items } = await readAll(FIXTURE, true);
    expect(items[1]!.content).toBe("");
    expect(items[1]!.meta._thumbnail_id).toBe("30");
  });

  it.each([
    ["not XML at all", "这不是 XML 文件", /不是有效的 XML/],
    ["HTML", "<html><body><p>hi</p></body></html>", /根元素不是 rss/],
    ["an empty file", "", /文件是空的/],
    ["a truncated export", FIXTURE.slice(0, FIXTURE.indexOf("<wp:post_id>102")), /导出文件不完整/],
    [
      "an unknown WXR version",
      FIXTURE.replace("<wp:wxr_version>1.2", "<wp:wxr_version>9.9"),
      /不支持的 WordPress 导出版本（WXR 9\.9）/,
    ],
    [
      "an RSS feed without a WXR version",
      FIXTURE.replace(/<wp:wxr_version>1\.2<\/wp:wxr_version>/, ""),
      /没有 wp:wxr_version/,
    ],
    [
      "broken XML in the middle",
      FIXTURE.replace("<wp:post_id>104</wp:post_id>", "<wp:post_id>104</wp:post>"),
      /不是有效的 XML（第 \d+ 行有误）/,
    ],
  ])("refuses %s with a Chinese reason", async (_what, text, message) => {
    const seen: string[] = [];
    const error = await readWxr(chunked(text), { item: (i) => void seen.push(i.postId) }).catch((e) => e);
    expect(error).toBeInstanceOf(WxrError);
    expect((error as Error).message).toMatch(message);
  });

  it("accepts WXR 1.1", async () => {
    const { channel, items } = await readAll(FIXTURE.replace("<wp:wxr_version>1.2", "<wp:wxr_version>1.1"));
    expect(channel.version).toBe("1.1");
    expect(items).toHaveLength(10);
  });
});

describe("mapping a post", () => {
  async function context() {
    const { channel, items } = await readAll(FIXTURE);
    const columns: Record<string, number> = { industry: 11, tech: 12, uncategorized: 13 };
    const ctx: MapContext = {
      channel,
      attachments: new Map(
        items.filter((i) => i.postType === "attachment").map((i) => [i.postId, i.attachmentUrl]),
      ),
      authors: new Map(channel.authors.map((a) => [a.login, a.displayName])),
      columnOf: (cats) => columns[cats[0]?.slug ?? "uncategorized"] ?? 13,
    };
    return { ctx, items };
  }

  it("maps statuses, columns, tags, authors, covers, dates and old addresses", async () => {
    const { ctx, items } = await context();
    const mapped = items.map((i) => mapItem(i, ctx));
    expect(mapped.map((m) => (m.kind === "skip" ? `skip:${m.what}` : m.post.status))).toEqual([
      "skip:attachment",
      "published",
      "published",
      "draft",
      "draft",
      "scheduled",
      "draft",
      "skip:trash",
      "skip:page",
      "skip:menu",
    ]);
    const post = (n: number) => {
      const m = mapped[n]!;
      if (m.kind !== "post") throw new Error("not a post");
      return m.post;
    };
    const first = post(1);
    expect(first.title).toBe("直播电商的第三年：从“流量”到“留量”");
    expect(first.columnId).toBe(11);
    // The second category stays as a tag, before the post's own tags.
    expect(first.tags).toEqual(["科技", "直播带货", "跨境"]);
    expect(first.author).toBe("王编辑");
    expect(first.hot).toBe(true);
    expect(first.intro).toBe("商家开始算另一本账 & 新的账。");
    expect(first.cover).toBe("https://pics.example.com/wp-content/uploads/2013/01/cover.png");
    expect(first.createdAt).toBe("2013-01-11T03:04:05.000Z");
    expect(first.slug).toBe("live-commerce-year-three");
    expect(first.oldPaths).toEqual([
      { path: "/2013/01/11/live-commerce-year-three", query: "" },
      { path: "/", query: "p=101" },
      { path: "/archives/101", query: "" },
    ]);
    // Paragraphs as WordPress makes them, the caption a figure, a site-relative picture made absolute.
    expect(first.content).toContain("<p>直播电商进入第三年，商家开始算另一本账。</p>");
    expect(first.content).toContain(
      "<p>品牌自播的占比在上升，达人带货的佣金在下降。<br />\n这意味着什么？</p>",
    );
    expect(first.content).toContain(
      '<figure><img class="size-full wp-image-30" src="https://pics.example.com/wp-content/uploads/2013/01/stage.png"',
    );
    expect(first.content).toContain("<figcaption>一个直播间的后台</figcaption></figure>");
    expect(first.content).toContain('src="https://old.example.com/wp-content/uploads/2013/01/missing.png"');
    expect(first.content).toContain("<blockquote><p>留量比流量更值钱。</p></blockquote>");

    const chinese = post(2);
    expect(chinese.slug).toBe("跨境电商");
    expect(chinese.author).toBe("李记者");
    expect(chinese.oldPaths[0]).toEqual({ path: "/2014/02/20/跨境电商", query: "" });
    // A block-editor body keeps its own paragraphs: no wpautop.
    expect(chinese.content).not.toContain("<p><!-- wp:paragraph -->");
    expect(chinese.content).toContain("<p>这是一篇区块编辑器写的文章。</p>");

    const untitled = post(3);
    expect(untitled.title).toBe("（无标题）");
    expect(untitled.notes).toContain("原文没有标题");
    expect(untitled.columnId).toBe(13);
    // A draft's date is its local one (Beijing time), the GMT one being zeros.
    expect(untitled.createdAt).toBe("2014-03-01T02:00:00.000Z");
    expect(untitled.oldPaths).toEqual([
      { path: "/", query: "p=103" },
      { path: "/archives/103", query: "" },
    ]);

    const secret = post(4);
    expect(secret.title).toBe("标题里的实体：A & B ’s “双引号” 强调…");
    expect(secret.status).toBe("draft");
    expect(secret.notes).toContain("原文有密码保护，已导入为草稿");

    const long = post(5);
    expect(long.title).toHaveLength(200);
    expect(long.title.endsWith("…")).toBe(true);
    expect(long.notes).toContain("标题超过 200 字，已截断");
    expect(long.createdAt).toBe("2030-01-01T02:00:00.000Z");
  });

  it("gives an unchanged post the same hash, a changed one another", async () => {
    const { ctx, items } = await context();
    const a = mapItem(items[1]!, ctx);
    const b = mapItem(items[1]!, ctx);
    const c = mapItem({ ...items[1]!, content: `${items[1]!.content}\n\n补一段。` }, ctx);
    if (a.kind !== "post" || b.kind !== "post" || c.kind !== "post") throw new Error("not posts");
    expect(a.post.hash).toBe(b.post.hash);
    expect(c.post.hash).not.toBe(a.post.hash);
  });

  it("keys sites and old addresses the way visitors' browsers will ask for them", async () => {
    const { channel, items } = await readAll(FIXTURE);
    expect(siteKeyOf(channel)).toBe("old.example.com");
    expect(siteKeyOf({ baseBlogUrl: "https://Example.com/Blog/", link: "", baseSiteUrl: "" })).toBe(
      "example.com/blog",
    );
    // A browser sends a Chinese path percent-encoded, in upper case, maybe without the slash.
    expect(normalisePath("/2014/02/20/%E8%B7%A8%E5%A2%83%E7%94%B5%E5%95%86")).toBe("/2014/02/20/跨境电商");
    expect(oldAddress("/", "?utm_source=x&P=101")).toEqual({ path: "/", query: "p=101&utm_source=x" });
    const blog = { ...channel, baseBlogUrl: "https://old.example.com/blog" };
    expect(oldPathsOf({ ...items[1]!, link: "https://old.example.com/blog/2013/01/11/x/" }, blog)).toEqual([
      { path: "/blog/2013/01/11/x", query: "" },
      { path: "/blog", query: "p=101" },
      { path: "/blog/archives/101", query: "" },
    ]);
    expect(
      bodyOf('[gallery ids="30,99"]', {
        attachments: new Map([["30", "https://p.example.com/a.png"]]),
        channel,
      }),
    ).toContain('<img src="https://p.example.com/a.png"');
  });
});

describe("a huge node", () => {
  const MB = 1024 * 1024;
  // A full collection now and then, so that what a sample sees is what is held, not garbage.
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;

  /**
   * The generated export as bytes, sampling the heap (after a full collection) every 4 MB of it:
   * the reader pulls as it parses, so each sample is taken while the huge node is being read.
   */
  function sampled(parts: AsyncIterable<string>, samples: number[]): Readable {
    return Readable.from(
      (async function* () {
        let produced = 0;
        let next = 4 * MB;
        for await (const part of parts) {
          const bytes = Buffer.from(part);
          produced += bytes.length;
          if (produced >= next) {
            next += 4 * MB;
            gc();
            samples.push(process.memoryUsage().heapUsed);
          }
          yield bytes;
        }
      })(),
    );
  }

  it.each([false, true])(
    "lets go of a 24 MB body (light read: %s) and marks its post, reading the others whole",
    async (light) => {
      gc();
      const before = process.memoryUsage().heapUsed;
      const samples: number[] = [];
      const items: WxrItem[] = [];
      const started = performance.now();
      const { items: count } = await readWxr(
        sampled(wxrParts({ posts: 3, hugeBody: { post: 1, bytes: 24 * MB } }), samples),
        { item: (i) => void items.push(i) },
        { light },
      );
      expect(count).toBe(3);
      expect(items.map((i) => [i.postId, i.oversized])).toEqual([
        ["1000", null],
        ["1001", { element: "content:encoded", limit: WXR_LIMITS.body }],
        ["1002", null],
      ]);
      // The other fields of the huge post, read after its body, are still there for the report.
      expect(items[1]!.title).toBe("生成的文章 1001：电商行业观察");
      expect(items[1]!.content).toBe("");
      if (!light) expect(items[2]!.content).toContain("第 1002 篇文章的第 6 段");
      expect(samples.length).toBeGreaterThanOrEqual(6);
      // Held at any moment: about one body's limit (5 million characters), half the node at most.
      expect(Math.max(...samples) - before).toBeLessThan(12 * MB);
      expect(performance.now() - started).toBeLessThan(20_000);
    },
  );

  const head = FIXTURE.slice(0, FIXTURE.indexOf("<item>"));
  const post = (fields: string) =>
    `<item><title>小文章</title>${fields}<wp:post_id>9</wp:post_id><wp:post_type>post</wp:post_type><wp:status>publish</wp:status></item>`;

  it("marks a post whose other fields pass their smaller limit, and goes on", async () => {
    const title = "长".repeat(WXR_LIMITS.field + 1);
    const text = `${head}${post("")}<item><title>${title}</title><wp:post_id>10</wp:post_id></item>${post("<content:encoded>正文</content:encoded>")}</channel></rss>`;
    const { items } = await readAll(text, false, 4096);
    expect(items.map((i) => i.oversized?.element ?? "")).toEqual(["", "title", ""]);
    expect(items[1]!.title).toBe("");
    expect(items[1]!.postId).toBe("10");
    expect(oversizedNote(items[1]!.oversized!)).toBe("文章内容过大（标题超过 10 万字符），已跳过");
    expect(oversizedNote({ element: "content:encoded", limit: WXR_LIMITS.body })).toBe(
      "文章内容过大（正文超过 500 万字符），已跳过",
    );
    // Many CDATA sections in a row count together.
    const sections = "<![CDATA[一二三四五六七八九十]]>".repeat(WXR_LIMITS.field / 10 + 1);
    const split = await readAll(
      `${head}<item><excerpt:encoded>x</excerpt:encoded><title>${sections}</title></item></channel></rss>`,
      false,
      4096,
    );
    expect(split.items[0]!.oversized).toEqual({ element: "title", limit: WXR_LIMITS.field });
  });

  it.each([
    [
      "a huge node outside the posts",
      () => `${head.replace("<title>", `<title>${"x".repeat(WXR_LIMITS.field + 1)}`)}</channel></rss>`,
      /^导出文件中 <title> 的内容超过 100,000 个字符，无法读取$/,
    ],
    [
      "a huge tag name",
      () => `${head}<${"a".repeat(WXR_LIMITS.field * 2)}/></channel></rss>`,
      /^导出文件中有超过 100,000 个字符的名称（标签、属性或实体），无法读取$/,
    ],
    [
      "nesting deeper than the limit",
      () => `${head}${"<x>".repeat(WXR_LIMITS.depth)}${"</x>".repeat(WXR_LIMITS.depth)}</channel></rss>`,
      /嵌套超过 64 层/,
    ],
  ])("refuses %s", async (_what, text, message) => {
    const error = await readAll(text(), false, 4096).catch((e) => e);
    expect(error).toBeInstanceOf(WxrError);
    expect((error as Error).message).toMatch(message);
  });
});
