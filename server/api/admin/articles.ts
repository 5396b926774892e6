import { z } from "zod";
import { ARTICLE_STATUS_LABEL, ArticleFilterSchema, ArticleFormSchema } from "../../../contract/admin";
import {
  AdminArticleRowSchema,
  AdminArticleSchema,
  pagedOf,
  SavedArticleSchema,
  StoredImageSchema,
} from "../../../contract/answers";
import { RevisionRowSchema, RevisionSchema } from "../../../contract/revisions";
import { MULTIPART_ROOM_BYTES } from "../../http/body-limit";
import { AppError } from "../../services/errors";
import { IMAGE_KINDS, IMAGE_MAX_BYTES, type ImageKind } from "../../services/images";
import { actorOf, pathId, revisionId } from "../console";
import { type AuditNote, endpoint, nothing, RICH_TEXT_MAX_BODY_BYTES } from "../endpoint";
import { previewEndpoints } from "./previews";

const IMAGE_TOO_LARGE = `图片不能超过 ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;

const tag = "后台·文章";

/** The audit line of a change to an article: its title, and in brackets what it became or what was done. */
function articleNote(action: string, a: { id: number; title: string }, what: string): AuditNote {
  return { action, entity: "article", entityId: a.id, summary: `${a.title}（${what}）` };
}

/** Articles (editors and admins), and the pictures editors upload for any content. */
export const consoleArticleEndpoints = [
  endpoint({
    method: "get",
    path: "/api/admin/articles",
    tag,
    role: "editor",
    summary: "Articles, filtered and paged, newest first",
    response: pagedOf(AdminArticleRowSchema),
    query: ArticleFilterSchema,
    handler: (f, s) => s.content.find(f),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/articles/:id",
    tag,
    role: "editor",
    summary: "One article with its body and tags",
    response: AdminArticleSchema,
    handler: (_q, s, c) => s.content.article(pathId(c)),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/articles",
    tag,
    role: "editor",
    summary:
      "Create an article; pictures of the body outside the site are stored as uploads (`remoteImages` reports those that could not be)",
    response: SavedArticleSchema,
    body: ArticleFormSchema,
    maxBodyBytes: RICH_TEXT_MAX_BODY_BYTES,
    handler: (input, s, c) => s.content.save(input, undefined, actorOf(c).username),
    audit: (a) => articleNote("create", a, ARTICLE_STATUS_LABEL[a.status]),
  }),
  endpoint({
    method: "put",
    path: "/api/admin/articles/:id",
    tag,
    role: "editor",
    summary:
      "Change an article; pictures of the body outside the site are stored as uploads (`remoteImages` reports those that could not be)",
    response: SavedArticleSchema,
    body: ArticleFormSchema,
    maxBodyBytes: RICH_TEXT_MAX_BODY_BYTES,
    handler: (input, s, c) => s.content.save(input, pathId(c), actorOf(c).username),
    audit: (a) => articleNote("update", a, ARTICLE_STATUS_LABEL[a.status]),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/articles/:id/publish-now",
    tag,
    role: "editor",
    summary: "Publish a scheduled article now (its publish time becomes now)",
    response: AdminArticleSchema,
    handler: (_q, s, c) => s.content.publishNow(pathId(c), actorOf(c).username),
    audit: (a) => articleNote("publish", a, "立即发布"),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/articles/:id/unschedule",
    tag,
    role: "editor",
    summary: "Turn a scheduled article back into a draft",
    response: AdminArticleSchema,
    handler: (_q, s, c) => s.content.unschedule(pathId(c), actorOf(c).username),
    audit: (a) => articleNote("update", a, "取消定时"),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/articles/:id/revisions",
    tag,
    role: "editor",
    summary: "The article's revisions, newest first, without their bodies",
    response: z.array(RevisionRowSchema),
    handler: (_q, s, c) => s.revisions.list(pathId(c)),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/articles/:id/revisions/:revision",
    tag,
    role: "editor",
    summary: "One revision with its body",
    response: RevisionSchema,
    handler: (_q, s, c) => s.revisions.get(pathId(c), revisionId(c)),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/articles/:id/revisions/:revision/restore",
    tag,
    role: "editor",
    summary:
      "Save a revision again as the article's newest version (its pictures outside the site are stored as on a save)",
    response: SavedArticleSchema,
    handler: async (_q, s, c) => {
      const rev = await s.revisions.get(pathId(c), revisionId(c));
      return { article: await s.content.restore(pathId(c), rev, actorOf(c).username), rev };
    },
    answer: (r) => r.article,
    audit: ({ article: a, rev }) =>
      articleNote(
        "restore",
        a,
        `恢复版本 ${rev.version}，${rev.savedBy} 保存于 ${rev.savedAt.slice(0, 16).replace("T", " ")}`,
      ),
  }),
  ...previewEndpoints({
    base: "/api/admin/articles/:id",
    tag,
    kind: "article",
    label: "文章",
    shows: "the article as its page will look",
  }),
  endpoint({
    method: "put",
    path: "/api/admin/articles/:id/hot",
    tag,
    role: "editor",
    summary: "Set or clear the hot-news flag",
    response: AdminArticleSchema,
    body: z.object({ hot: z.boolean({ error: "请选择是否热点" }) }),
    handler: async ({ hot }, s, c) => ({ article: await s.content.setHot(pathId(c), hot), hot }),
    answer: (r) => r.article,
    audit: ({ article: a, hot }) => ({
      action: "update",
      entity: "article",
      entityId: a.id,
      summary: `${a.title}：${hot ? "设为热点" : "取消热点"}`,
    }),
  }),
  endpoint({
    method: "delete",
    path: "/api/admin/articles/:id",
    tag,
    role: "editor",
    summary: "Delete an article",
    response: nothing,
    handler: (_q, s, c) => s.content.remove(pathId(c)),
    answer: () => null,
    audit: (a) => ({ action: "delete", entity: "article", entityId: a.id, summary: a.title }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/upload",
    tag: "后台·图片",
    role: "editor",
    summary: "Upload a picture (multipart field file, ?kind=), resized to 480/960 px JPEG and WebP",
    response: StoredImageSchema,
    maxBodyBytes: IMAGE_MAX_BYTES + MULTIPART_ROOM_BYTES,
    tooLarge: IMAGE_TOO_LARGE,
    handler: async (_q, s, c) => {
      const kind = c.req.query("kind") ?? "";
      if (!(kind in IMAGE_KINDS)) throw new AppError(400, "图片用途不正确");
      let file: unknown;
      try {
        file = (await c.req.formData()).get("file");
      } catch {
        throw new AppError(400, "请选择要上传的图片");
      }
      if (!file || typeof file === "string") throw new AppError(400, "请选择要上传的图片");
      const blob = file as File;
      if (blob.size > IMAGE_MAX_BYTES) throw new AppError(413, IMAGE_TOO_LARGE);
      return s.images.store(kind as ImageKind, new Uint8Array(await blob.arrayBuffer()));
    },
  }),
];
