import fs from "node:fs";
import type { Kysely } from "kysely";
import type { WordpressAnalysis } from "../../contract/imports";
import type { DB } from "../db/schema";
import type { ColumnChoice } from "./columns";
import { parseJson } from "./job-rows";
import { IMPORT_LIMITS, plainText, siteKeyOf } from "./mapping";
import { readWxr, type WxrChannel } from "./wordpress";

/**
 * The first pass over a WordPress export (docs/product.md, "Import"): counts, categories, authors and
 * attachments, without the bodies, and for each category the column proposed for it. Changes nothing.
 */
export async function analyseFile(
  db: Kysely<DB>,
  file: string,
): Promise<{ analysis: WordpressAnalysis; attachments: Map<string, string> }> {
  const attachments = new Map<string, string>();
  const counts: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  const categories = new Map<string, { slug: string; name: string; posts: number }>();
  let comments = 0;
  let channel: WxrChannel | undefined;
  const { channel: ch } = await readWxr(
    fs.createReadStream(file),
    {
      channel: (c) => {
        channel = c;
        for (const t of c.terms)
          if (t.domain === "category")
            categories.set(t.slug || t.name, { slug: t.slug || t.name, name: plainText(t.name), posts: 0 });
      },
      item: (i) => {
        const type = i.postType || "post";
        counts[type] = (counts[type] ?? 0) + 1;
        if (type === "attachment" && i.attachmentUrl) attachments.set(i.postId, i.attachmentUrl.trim());
        if (type !== "post") return;
        byStatus[i.status] = (byStatus[i.status] ?? 0) + 1;
        comments += i.comments;
        for (const t of i.terms) {
          if (t.domain !== "category") continue;
          const key = t.slug || t.name;
          const c = categories.get(key) ?? { slug: key, name: plainText(t.name), posts: 0 };
          c.posts++;
          categories.set(key, c);
        }
      },
    },
    { light: true },
  );
  channel ??= ch;
  const columns = await db.selectFrom("columns").select(["id", "name"]).execute();
  const byName = new Map(columns.map((c) => [c.name, c.id]));
  const exists = new Set(columns.map((c) => c.id));
  // What the last import of this site chose is proposed again (a re-run maps the same way).
  const site = siteKeyOf(channel);
  const last = await db
    .selectFrom("import_jobs")
    .select("options")
    .where("kind", "=", "wordpress")
    .where("site", "=", site)
    .where("status", "=", "done")
    .where("dry_run", "=", false)
    .orderBy("id", "desc")
    .executeTakeFirst();
  const chosen =
    parseJson<{ columns?: Record<string, ColumnChoice> }>(last?.options ?? "{}", {}).columns ?? {};
  const proposal = (slug: string, name: string): number | null => {
    const c = chosen[slug];
    if (typeof c === "number" && exists.has(c)) return c;
    return byName.get((typeof c === "string" ? c : name).slice(0, IMPORT_LIMITS.columnName)) ?? null;
  };
  const posts = Object.entries(byStatus)
    .filter(([s]) => !["trash", "auto-draft", "inherit"].includes(s))
    .reduce((n, [, v]) => n + v, 0);
  return {
    attachments,
    analysis: {
      version: channel.version,
      siteTitle: plainText(channel.title),
      site,
      link: channel.link,
      posts,
      byStatus,
      pages: counts.page ?? 0,
      attachments: counts.attachment ?? 0,
      menus: counts.nav_menu_item ?? 0,
      others: Object.entries(counts)
        .filter(([t]) => !["post", "page", "attachment", "nav_menu_item"].includes(t))
        .reduce((n, [, v]) => n + v, 0),
      comments,
      authors: channel.authors.length,
      categories: [...categories.values()].map((c) => ({ ...c, columnId: proposal(c.slug, c.name) })),
    },
  };
}
