import type { Kysely } from "kysely";

/**
 * Per-article search and share fields (docs/product.md, "SEO and share fields"): an SEO title, a
 * description and a share picture that, when set, replace the title, intro and cover in the page's
 * title and description, Open Graph, JSON-LD and WeChat sharing. Empty means "use the article's own".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, size] of [
    ["seo_title", 200],
    ["seo_description", 500],
    ["share_image", 500],
  ] as const) {
    await db.schema
      .alterTable("articles")
      .addColumn(column, `varchar(${size})`, (c) => c.notNull().defaultTo(""))
      .execute();
  }
}
