import fs from "node:fs";

/**
 * A WordPress export (WXR 1.2) of `posts` generated posts, written to `file` as it is made (the
 * benchmark's 10,000 posts never sit in memory as one string): classic bodies without <p>, five
 * categories, two tags each, no pictures. Post ids start at `firstId`.
 */
export async function writeWxr(
  file: string,
  opts: { posts: number; site?: string; firstId?: number; paragraphs?: number },
): Promise<void> {
  const site = opts.site ?? "https://big.example.com";
  const first = opts.firstId ?? 1000;
  const out = fs.createWriteStream(file);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", resolve));
  const categories = ["行业", "平台", "品牌", "直播", "跨境"];
  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>批量生成的站点</title>
<link>${site}</link>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>${site}</wp:base_site_url>
<wp:base_blog_url>${site}</wp:base_blog_url>
<wp:author><wp:author_login><![CDATA[gen]]></wp:author_login><wp:author_display_name><![CDATA[生成器]]></wp:author_display_name></wp:author>
${categories.map((c, i) => `<wp:category><wp:category_nicename><![CDATA[cat-${i}]]></wp:category_nicename><wp:cat_name><![CDATA[${c}]]></wp:cat_name></wp:category>`).join("\n")}
`);
  const paragraphs = opts.paragraphs ?? 6;
  for (let n = 0; n < opts.posts; n++) {
    const id = first + n;
    const day = new Date(Date.UTC(2015, 0, 1) + n * 3_600_000);
    const gmt = day.toISOString().slice(0, 19).replace("T", " ");
    const body = Array.from(
      { length: paragraphs },
      (_, p) =>
        `第 ${id} 篇文章的第 ${p + 1} 段：商家在直播间里讲解商品，平台调整了流量分配的规则，品牌开始重视自播与会员运营。\n这一行换行，但不分段。`,
    ).join("\n\n");
    await write(`<item>
<title><![CDATA[生成的文章 ${id}：电商行业观察]]></title>
<link>${site}/${day.getUTCFullYear()}/${String(day.getUTCMonth() + 1).padStart(2, "0")}/post-${id}/</link>
<pubDate>${day.toUTCString()}</pubDate>
<dc:creator><![CDATA[gen]]></dc:creator>
<content:encoded><![CDATA[${body}]]></content:encoded>
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
`);
  }
  await write("</channel>\n</rss>\n");
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}
