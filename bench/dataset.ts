import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db";
import { seed } from "../server/db/seed";
import { generateArticles, generateDemoContent } from "../server/db/seed/demo-content";
import { createLogger } from "../server/logger";
import { articleTokens } from "../server/search";
import { createServices } from "../server/services";
import { searchKeyFor } from "../server/services/content";
import { sanitizeRichText } from "../server/services/html";
import { createMemoryStore } from "../server/services/store";

/**
 * A SQLite database of `count` articles for the benchmarks: the demo site (columns, banners…) plus
 * generated articles, inserted in large transactions with the same search tokens the site writes.
 */
export async function buildSqliteDataset(dataDir: string, count: number): Promise<string> {
  const file = path.join(dataDir, "site.db");
  const marker = path.join(dataDir, `articles-${count}.done`);
  if (fs.existsSync(marker) && fs.existsSync(file)) return file;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const database = await openDatabase({ dataDir });
  const services = createServices({
    config,
    database,
    logger: createLogger("silent"),
    store: createMemoryStore(),
  });
  const demo = generateDemoContent({ articleCount: 0 });
  await seed(services, demo);

  const raw = database.sqlite!;
  const tagIds = new Map<string, number>();
  const insertTag = raw.prepare(
    "INSERT INTO tags(name) VALUES (?) ON CONFLICT(name) DO UPDATE SET name=excluded.name RETURNING id",
  );
  for (const t of demo.tags) tagIds.set(t, (insertTag.get(t) as { id: number }).id);
  const insertArticle =
    raw.prepare(`INSERT INTO articles(column_id,title,intro,content,thumb,author,hot,status,created_at,updated_at)
    VALUES (?,?,?,?,?,?,?,'published',?,?) RETURNING id`);
  const setKey = raw.prepare("UPDATE articles SET search_key=? WHERE id=?");
  const insertArticleTag = raw.prepare("INSERT INTO article_tags(article_id,tag_id,position) VALUES (?,?,?)");
  const insertFts = raw.prepare(
    "INSERT INTO article_fts(rowid,t_words,t_chars,b_words,grams) VALUES (?,?,?,?,?)",
  );

  const started = Date.now();
  const batch: ReturnType<typeof generateArticles> extends Generator<infer A> ? A[] : never = [];
  const flush = raw.transaction((items: typeof batch) => {
    for (const a of items) {
      const content = sanitizeRichText(a.content);
      const { id } = insertArticle.get(
        a.columnId,
        a.title,
        a.intro,
        content,
        `/uploads/demo/article-${(a.title.length % 40) + 1}.svg`,
        a.author,
        a.hot ? 1 : 0,
        a.createdAt,
        a.createdAt,
      ) as { id: number };
      const key = searchKeyFor(a.createdAt, id);
      setKey.run(key, id);
      a.tags.forEach((t, i) => {
        insertArticleTag.run(id, tagIds.get(t)!, i);
      });
      const tok = articleTokens({ title: a.title, intro: a.intro, content });
      insertFts.run(
        key,
        tok.tWords.join(" "),
        tok.tChars.join(" "),
        tok.bWords.join(" "),
        tok.grams.join(" "),
      );
    }
  });
  // Articles generated oldest first so ids grow with time, as on a live site.
  const articles = [...generateArticles({ count, tags: demo.tags, bodyChars: 600 })].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  articles.forEach((a, i) => {
    batch.push(a);
    if (batch.length === 2000) {
      flush(batch);
      batch.length = 0;
      process.stdout.write(`\r  articles: ${i + 1}/${count}`);
    }
  });
  flush(batch);
  raw.exec("INSERT INTO article_fts(article_fts) VALUES ('optimize')");
  raw.exec("ANALYZE");
  raw.pragma("wal_checkpoint(TRUNCATE)");
  await database.close();
  fs.writeFileSync(marker, new Date().toISOString());
  console.info(`\n  dataset of ${count} articles built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return file;
}
