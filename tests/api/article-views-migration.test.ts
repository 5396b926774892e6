import crypto from "node:crypto";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../server/db";
import { migrate } from "../../server/db/migrate";
import { pgAdmin, pgUrl } from "../../tools/databases";
import { type Engine, engines } from "../helpers/server";

/**
 * View counts moved from articles.view_count into their own table (migration 011): a site upgraded
 * from the earlier schema keeps every article's count, and the old column and its index are gone.
 */
describe.each(engines())("view counts kept across the upgrade to their own table (%s)", (engine: Engine) => {
  it("moves each counted article's views, and nothing for the others", async () => {
    const id = `${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
    const name = `dsn_views_${id}`;
    if (engine === "postgres") await pgAdmin((c) => c.query(`CREATE DATABASE ${name}`));
    const database = await openDatabase(
      engine === "postgres"
        ? { databaseUrl: pgUrl(name), dataDir: inject("dataDir"), migrate: false }
        : {
            dataDir: inject("dataDir"),
            sqlitePath: path.join(inject("dataDir"), `${name}.db`),
            migrate: false,
          },
    );
    try {
      const db = database.db as never as Parameters<typeof migrate>[0];
      await migrate(db, database.dialect, "010_search_pushes");
      const now = new Date().toISOString();
      await sql`INSERT INTO columns (id, name, created_at) VALUES (5, '直播', ${now})`.execute(db);
      for (const [n, views] of [
        [1, 7],
        [2, 0],
        [3, 120],
      ] as const)
        await sql`INSERT INTO articles (id, column_id, title, intro, content, thumb, author, hot, status, created_at, updated_at, view_count)
          VALUES (${n}, 5, ${`文章${n}`}, '', '<p>正文</p>', '', '小编', ${database.dialect === "postgres" ? sql`false` : sql`0`}, 'published', ${now}, ${now}, ${views})`.execute(
          db,
        );
      expect(await migrate(db, database.dialect)).toContain("011_article_views");

      const rows = await database.db
        .selectFrom("article_views")
        .select(["article_id", "views"])
        .orderBy("article_id")
        .execute();
      expect(rows.map((r) => [r.article_id, Number(r.views)])).toEqual([
        [1, 7],
        [3, 120],
      ]);
      // The column is gone from articles.
      await expect(sql`SELECT view_count FROM articles`.execute(db)).rejects.toThrow();
    } finally {
      await database.close();
      if (engine === "postgres") await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name}`));
    }
  });
});
