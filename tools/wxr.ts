import fs from "node:fs";

export interface WxrOptions {
  posts: number;
  site?: string;
  firstId?: number;
  paragraphs?: number;
  /** one post (its index from 0) whose body is `bytes` of ASCII text in one CDATA section */
  hugeBody?: { post: number; bytes: number };
}

/**
 * A WordPress export (WXR 1.2) of `posts` generated posts, made piece by piece as it is read (the
 * benchmark's 10,000 posts and a test's 64 MB body never sit in memory as one string): classic
 * bodies without <p>, five categories, two tags each, no pictures. Post ids start at `firstId`.
 */
export async function* wxrParts(opts: WxrOptions): AsyncGenerator<string> {
  const site = opts.site ?? "https://big.example.com";
  const first = opts.firstId ?? 1000;
  const categories = ["行业", "平台", "品牌", "直播", "跨境"];
  yield `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>批量生成的站点</title>
<link>${site}</link>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>${site}</wp:base_site_url>
<wp:base_blog_url>${site}</wp:base_blog_url>
<wp:author><wp:author_login><![CDATA[gen]]></wp:author_login><wp:author_display_name><![CDATA[生成器]]></wp:author_display_name></wp:author>
${categories.map((c, i) => `<wp:category><wp:category_nicename><![CDATA[cat-${i}]]></wp:category_nicename><wp:cat_name><![CDATA[${c}]]></wp:cat_name></wp:category>`).join("\n")}
`;
  const paragraphs = opts.paragraphs ?? 6;
  for (let n = 0; n < opts.posts; n++) {
    const id = first + n;
    const day = new Date(Date.UTC(2015, 0, 1) + n * 3_600_000);
    const gmt = day.toISOString().slice(0, 19).replace("T", " ");
    yield `<item>
<title><![CDATA[生成的文章 ${id}：电商行业观察]]></title>
<link>${site}/${day.getUTCFullYear()}/${String(day.getUTCMonth() + 1).padStart(2, "0")}/post-${id}/</link>
<pubDate>${day.toUTCString()}</pubDate>
<dc:creator><![CDATA[gen]]></dc:creator>
<content:encoded><![CDATA[`;
    if (opts.hugeBody?.post === n) {
      const piece = "Live commerce keeps growing, and every brand opens its own room. ".repeat(1024);
      for (let left = opts.hugeBody.bytes; left > 0; left -= piece.length)
        yield left >= piece.length ? piece : piece.slice(0, left);
    } else
      yield Array.from(
        { length: paragraphs },
        (_, p) =>
          `第 ${id} 篇文章的第 ${p + 1} 段：商家在直播间里讲解商品，平台调整了流量分配的规则，品牌开始重视自播与会员运营。\n这一行换行，但不分段。`,
      ).join("\n\n");
    yield `]]></content:encoded>
<excerpt:encoded><![CDATA[第 ${id} 篇的摘要]]></excerpt:encoded>
<wp:post_id>${id}</wp:post_id>
<wp:post_date><![CDATA[${gmt}]]></wp:post_date>
<wp:post_date_gmt><![CDATA[${gmt}]]></wp:post_date_gmt>
<wp:post_name><![CDATA[post-${id}]]></wp:post_name>
<wp:status><![CDATA[publish]]></wp:status>
<wp:post_type><![CDATA[post]]></wp:post_type>
<wp:post_password><![CDATA[]]></wp:post_password>
<wp:is_sticky>0</wp:is_sticky>
<category domain="category" nicename="cat-${n % 5}"><![CDATA[${categories[n % 5]}]]></category>
<category domain="post_tag" nicename="tag-${n % 40}"><![CDATA[话题${n % 40}]]></category>
<category domain="post_tag" nicename="year-${day.getUTCFullYear()}"><![CDATA[${day.getUTCFullYear()}年]]></category>
</item>
`;
  }
  yield "</channel>\n</rss>\n";
}

/** The export of `wxrParts`, written to `file` as it is made. */
export async function writeWxr(file: string, opts: WxrOptions): Promise<void> {
  const out = fs.createWriteStream(file);
  for await (const part of wxrParts(opts))
    if (!out.write(part)) await new Promise<void>((resolve) => out.once("drain", resolve));
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}
