import crypto from "node:crypto";
import type { Article } from "../../contract/entities";
import type { PreviewLink } from "../../contract/previews";
import type { Database } from "../db";
import type { PreviewLinkTable } from "../db/schema";
import { AppError } from "../services/errors";
import type { PublicLanding } from "./landing-pages";

/** How long a preview link opens unless the editor chooses otherwise (docs/product.md, "Previews"). */
export const PREVIEW_DAYS = 7;

export type { PreviewLink };

/** What a link opens: one article, or one landing page. */
export type PreviewSubject = { kind: "article"; id: number } | { kind: "landing"; id: number };

/** What a token opens, as its page draws it. */
export type Opened = { kind: "article"; article: Article } | { kind: "landing"; page: PublicLanding };

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
/** Tokens are 32 random bytes, base64url: 43 characters. Anything else is refused before the database. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const SUBJECT = {
  article: { column: "article_id", table: "articles", missing: "文章不存在" },
  landing: { column: "landing_page_id", table: "landing_pages", missing: "营销页面不存在" },
} as const;

/**
 * Preview links: a signed-in editor makes a link to one draft or scheduled article, or to a
 * landing page as it is stored; anyone holding it sees that article or page as it will look, until
 * the link expires or is revoked. Only the hash of the token is stored, so the table (or a backup
 * of it) opens nothing.
 */
export function createPreviewLinks(deps: {
  database: Database;
  detail: (id: number, opts: { anyStatus: boolean }) => Promise<Article>;
  /** a landing page as stored, whatever its status (null: none) */
  landing: (id: number) => Promise<PublicLanding | null>;
}) {
  const { db } = deps.database;
  const toLink = (r: PreviewLinkTable): PreviewLink => ({
    id: r.id.slice(0, 12),
    articleId: r.article_id,
    landingPageId: r.landing_page_id,
    createdBy: r.created_by,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
  });
  const linksOf = (s: PreviewSubject) =>
    db.selectFrom("preview_links").where(SUBJECT[s.kind].column, "=", s.id);

  return {
    /** A new link for an article or landing page; the token is in the answer once and never again. */
    async create(s: PreviewSubject, by: string, days = PREVIEW_DAYS, now = new Date()) {
      const { table, missing } = SUBJECT[s.kind];
      const exists = await db.selectFrom(table).select("id").where("id", "=", s.id).executeTakeFirst();
      if (!exists) throw new AppError(404, missing);
      const token = crypto.randomBytes(32).toString("base64url");
      const row = {
        id: hashOf(token),
        article_id: s.kind === "article" ? s.id : null,
        landing_page_id: s.kind === "landing" ? s.id : null,
        created_by: by.slice(0, 50),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + days * 86_400_000).toISOString(),
        revoked_at: null,
      };
      await db.insertInto("preview_links").values(row).execute();
      return { token, link: toLink(row) };
    },

    async list(s: PreviewSubject): Promise<PreviewLink[]> {
      const rows = await linksOf(s).selectAll().orderBy("created_at", "desc").execute();
      return rows.map(toLink);
    },

    /** Revokes a link of this article or page, named by the id the console shows. */
    async revoke(s: PreviewSubject, id: string, now = new Date()): Promise<PreviewLink> {
      if (!/^[0-9a-f]{12}$/.test(id)) throw new AppError(404, "预览链接不存在");
      const rows = await linksOf(s).selectAll().where("id", "like", `${id}%`).execute();
      const row = rows[0];
      if (!row || rows.length > 1) throw new AppError(404, "预览链接不存在");
      const revokedAt = row.revoked_at ?? now.toISOString();
      await db.updateTable("preview_links").set({ revoked_at: revokedAt }).where("id", "=", row.id).execute();
      return toLink({ ...row, revoked_at: revokedAt });
    },

    /** What a token opens, or null (unknown, tampered with, expired or revoked, or gone). */
    async open(token: string, now = new Date()): Promise<Opened | null> {
      if (!TOKEN.test(token)) return null;
      const row = await db
        .selectFrom("preview_links")
        .selectAll()
        .where("id", "=", hashOf(token))
        .executeTakeFirst();
      if (!row || row.revoked_at || Date.parse(row.expires_at) <= now.getTime()) return null;
      if (row.landing_page_id !== null) {
        const page = await deps.landing(row.landing_page_id);
        return page ? { kind: "landing", page } : null;
      }
      if (row.article_id === null) return null;
      try {
        return { kind: "article", article: await deps.detail(row.article_id, { anyStatus: true }) };
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      }
    },
  };
}

export type PreviewLinks = ReturnType<typeof createPreviewLinks>;
