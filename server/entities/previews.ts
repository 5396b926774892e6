import crypto from "node:crypto";
import type { Article } from "../../contract/entities";
import type { Database } from "../db";
import type { PreviewLinkTable } from "../db/schema";
import { AppError } from "../services/errors";

/** How long a preview link opens unless the editor chooses otherwise (docs/product.md, "Previews"). */
export const PREVIEW_DAYS = 7;

export interface PreviewLink {
  /** the first characters of the token's hash: names the link in the console, opens nothing */
  id: string;
  articleId: number;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
/** Tokens are 32 random bytes, base64url: 43 characters. Anything else is refused before the database. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Preview links: a signed-in editor makes a link to one draft or scheduled article; anyone holding
 * it sees that article as its page will look, until the link expires or is revoked. Only the hash of
 * the token is stored, so the table (or a backup of it) opens nothing.
 */
export function createPreviewLinks(deps: {
  database: Database;
  detail: (id: number, opts: { anyStatus: boolean }) => Promise<Article>;
}) {
  const { db } = deps.database;
  const toLink = (r: PreviewLinkTable): PreviewLink => ({
    id: r.id.slice(0, 12),
    articleId: r.article_id,
    createdBy: r.created_by,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
  });
  return {
    /** A new link for an article; the token is in the answer once and never again. */
    async create(articleId: number, by: string, days = PREVIEW_DAYS, now = new Date()) {
      const exists = await db
        .selectFrom("articles")
        .select("id")
        .where("id", "=", articleId)
        .executeTakeFirst();
      if (!exists) throw new AppError(404, "文章不存在");
      const token = crypto.randomBytes(32).toString("base64url");
      const row = {
        id: hashOf(token),
        article_id: articleId,
        created_by: by.slice(0, 50),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + days * 86_400_000).toISOString(),
        revoked_at: null,
      };
      await db.insertInto("preview_links").values(row).execute();
      return { token, link: toLink(row) };
    },

    async list(articleId: number): Promise<PreviewLink[]> {
      const rows = await db
        .selectFrom("preview_links")
        .selectAll()
        .where("article_id", "=", articleId)
        .orderBy("created_at", "desc")
        .execute();
      return rows.map(toLink);
    },

    /** Revokes a link of this article, named by the id the console shows. */
    async revoke(articleId: number, id: string, now = new Date()): Promise<PreviewLink> {
      if (!/^[0-9a-f]{12}$/.test(id)) throw new AppError(404, "预览链接不存在");
      const rows = await db
        .selectFrom("preview_links")
        .selectAll()
        .where("article_id", "=", articleId)
        .where("id", "like", `${id}%`)
        .execute();
      const row = rows[0];
      if (!row || rows.length > 1) throw new AppError(404, "预览链接不存在");
      const revokedAt = row.revoked_at ?? now.toISOString();
      await db.updateTable("preview_links").set({ revoked_at: revokedAt }).where("id", "=", row.id).execute();
      return toLink({ ...row, revoked_at: revokedAt });
    },

    /** The article a token opens, or null (unknown, tampered with, expired or revoked). */
    async open(token: string, now = new Date()): Promise<Article | null> {
      if (!TOKEN.test(token)) return null;
      const row = await db
        .selectFrom("preview_links")
        .selectAll()
        .where("id", "=", hashOf(token))
        .executeTakeFirst();
      if (!row || row.revoked_at || Date.parse(row.expires_at) <= now.getTime()) return null;
      try {
        return await deps.detail(row.article_id, { anyStatus: true });
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      }
    },
  };
}

export type PreviewLinks = ReturnType<typeof createPreviewLinks>;
