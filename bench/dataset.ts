import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db";
import { searchKeyFor } from "../server/entities/articles";
import { createLogger } from "../server/logger";
import { articleTokens } from "../server/search";
import { seed } from "../server/seed";
import { generateArticles, generateDemoContent } from "../server/seed/demo-content";
import { createServices } from "../server/services";
import { sanitizeRichText } from "../server/services/html";
import { createMemoryKv } from "../server/services/kv";

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
    kv: createMemoryKv(),
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

/**
 * The same dataset in a PostgreSQL database (created when missing, rebuilt when its article count
 * differs): the demo site plus `count` generated articles, with the site's own search rows.
 */
export async function buildPostgresDataset(databaseUrl: string, count: number): Promise<void> {
  const { default: pg } = await import("pg");
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]*$/, "/postgres") });
  await admin.connect();
  const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname=$1", [name])).rowCount === 1;
  if (exists) {
    const probe = new pg.Client({ connectionString: databaseUrl });
    await probe.connect();
    const n = await probe
      .query("SELECT count(*)::int AS n FROM articles")
      .then((r) => r.rows[0].n as number)
      .catch(() => -1);
    await probe.end();
    if (n === count) {
      await admin.end();
      return;
    }
    await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
  }
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();

  const dataDir = path.join("bench", "data", "pg-uploads");
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" });
  const database = await openDatabase({ dataDir, databaseUrl });
  const services = createServices({
    config,
    database,
    logger: createLogger("silent"),
    kv: createMemoryKv(),
  });
  const demo = generateDemoContent({ articleCount: 0 });
  await seed(services, demo);
  const { db } = database;
  for (const t of demo.tags)
    await db
      .insertInto("tags")
      .values({ name: t })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  const tagIds = new Map((await db.selectFrom("tags").selectAll().execute()).map((t) => [t.name, t.id]));

  const started = Date.now();
  const articles = [...generateArticles({ count, tags: demo.tags, bodyChars: 600 })].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  const uniq = (xs: string[]) => [...new Set(xs)].filter((x) => x !== "qqsep");
  const seq = (xs: string[]) => ` ${xs.join(" ")} `;
  for (let i = 0; i < articles.length; i += 500) {
    const batch = articles.slice(i, i + 500).map((a) => ({ ...a, content: sanitizeRichText(a.content) }));
    await db.transaction().execute(async (tx) => {
      const rows = await tx
        .insertInto("articles")
        .values(
          batch.map((a) => ({
            column_id: a.columnId,
            title: a.title,
            intro: a.intro,
            content: a.content,
            thumb: `/uploads/demo/article-${(a.title.length % 40) + 1}.svg`,
            author: a.author,
            hot: a.hot,
            status: "published" as const,
            created_at: a.createdAt,
            updated_at: a.createdAt,
          })),
        )
        .returning("id")
        .execute();
      const tags: { article_id: number; tag_id: number; position: number }[] = [];
      const search: Record<string, unknown>[] = [];
      rows.forEach((r, j) => {
        const a = batch[j]!;
        a.tags.forEach((t, position) => {
          tags.push({ article_id: r.id, tag_id: tagIds.get(t)!, position });
        });
        const tok = articleTokens(a);
        search.push({
          article_id: r.id,
          search_key: searchKeyFor(a.createdAt, r.id),
          t_words: uniq(tok.tWords),
          t_chars: uniq(tok.tChars),
          t_chars_seq: seq(tok.tChars),
          b_words: uniq(tok.bWords),
          grams: uniq(tok.grams),
          grams_seq: seq(tok.grams),
        });
      });
      await tx.insertInto("article_tags").values(tags).execute();
      for (const s of search) {
        await sql`UPDATE articles SET search_key = ${s.search_key as number} WHERE id = ${s.article_id as number}`.execute(
          tx,
        );
        await sql`INSERT INTO article_search (article_id, search_key, t_words, t_chars, t_chars_seq, b_words, grams, grams_seq)
          VALUES (${s.article_id as number}, ${s.search_key as number}, ${s.t_words as string[]}::text[], ${s.t_chars as string[]}::text[],
          ${s.t_chars_seq as string}, ${s.b_words as string[]}::text[], ${s.grams as string[]}::text[], ${s.grams_seq as string})`.execute(
          tx,
        );
      }
    });
    process.stdout.write(`\r  postgres articles: ${Math.min(i + 500, count)}/${count}`);
  }
  await sql`ANALYZE`.execute(db);
  await database.close();
  console.info(
    `\n  PostgreSQL dataset of ${count} articles built in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
