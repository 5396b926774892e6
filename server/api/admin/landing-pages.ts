import { z } from "zod";
import { pagedOf } from "../../../contract/answers";
import {
  AdminLandingRowSchema,
  AdminLandingSchema,
  LANDING_STATUS_LABEL,
  LandingFilterSchema,
  LandingPageSchema,
  LandingScheduleSchema,
  LandingUpdateSchema,
  SavedLandingSchema,
} from "../../../contract/landing";
import {
  LandingPathCheckQuerySchema,
  LandingPathCheckSchema,
  LandingRestoreSchema,
  LandingRevisionRowSchema,
  LandingRevisionSchema,
} from "../../../contract/landing-admin";
import { actorOf, pathId, revisionId } from "../console";
import { type AuditNote, endpoint } from "../endpoint";
import { previewEndpoints } from "./previews";

const tag = "后台·营销页面";

/** The audit line of a change to a landing page: its name and path, and in brackets what was done. */
function landingNote(action: string, p: { id: number; name: string; path: string }, what: string): AuditNote {
  return { action, entity: "landing_page", entityId: p.id, summary: `${p.name} ${p.path}（${what}）` };
}

/** Who saves: the session's user, and whether they may change a page visitors see. */
function saver(c: Parameters<typeof actorOf>[0]) {
  const actor = actorOf(c);
  return { username: actor.username, admin: actor.role === "admin" };
}

/**
 * Landing pages (docs/product.md, "Landing pages"): editors write drafts; publishing, scheduling
 * and taking down are for admins, as is changing a page visitors can see (a restore included).
 */
export const consoleLandingEndpoints = [
  endpoint({
    method: "get",
    path: "/api/admin/landing-pages",
    tag,
    role: "editor",
    summary: "Landing pages, searched by name or path and filtered by status, last changed first",
    response: pagedOf(AdminLandingRowSchema),
    query: LandingFilterSchema,
    handler: (f, s) => s.landingPages.list(f),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/landing-pages/path-check",
    tag,
    role: "editor",
    summary:
      "Whether a page (`id`; none: a new page) may take a path: the checks its save makes, without saving",
    response: LandingPathCheckSchema,
    query: LandingPathCheckQuerySchema,
    handler: ({ path, id }, s) => s.landingPages.checkPath(path, id),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/landing-pages/:id",
    tag,
    role: "editor",
    summary: "One landing page with its sections",
    response: AdminLandingSchema,
    handler: (_q, s, c) => s.landingPages.get(pathId(c)),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/landing-pages",
    tag,
    role: "editor",
    summary: "Create a landing page (a draft)",
    response: SavedLandingSchema,
    body: LandingPageSchema,
    handler: (input, s, c) => s.landingPages.create(input, actorOf(c).username),
    audit: (p) => landingNote("create", p, LANDING_STATUS_LABEL[p.status]),
  }),
  endpoint({
    method: "put",
    path: "/api/admin/landing-pages/:id",
    tag,
    role: "editor",
    summary:
      "Change a landing page from the version the editor started from (an older one: 409 with the stored page); a published or scheduled page is changed by admins only",
    response: SavedLandingSchema,
    body: LandingUpdateSchema,
    handler: (input, s, c) => s.landingPages.update(pathId(c), input, saver(c)),
    audit: (p) => landingNote("update", p, LANDING_STATUS_LABEL[p.status]),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/landing-pages/:id/publish",
    tag,
    role: "admin",
    summary: "Publish a landing page now: its path shows it at once",
    response: AdminLandingSchema,
    handler: (_q, s, c) => s.landingPages.publish(pathId(c), actorOf(c).username),
    audit: (p) => landingNote("publish", p, "发布"),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/landing-pages/:id/schedule",
    tag,
    role: "admin",
    summary: "Schedule a landing page: published at `publishAt`",
    response: AdminLandingSchema,
    body: LandingScheduleSchema,
    handler: (input, s, c) => s.landingPages.schedule(pathId(c), input.publishAt, actorOf(c).username),
    audit: (p) => landingNote("schedule", p, `定时发布 ${p.publishAt ?? ""}`),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/landing-pages/:id/takedown",
    tag,
    role: "admin",
    summary: "Take a landing page down: its path answers 404",
    response: AdminLandingSchema,
    handler: (_q, s, c) => s.landingPages.takedown(pathId(c), actorOf(c).username),
    audit: (p) => landingNote("takedown", p, "下线"),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/landing-pages/:id/revisions",
    tag,
    role: "editor",
    summary: "The page's revisions (one per save), newest first, without their sections",
    response: z.array(LandingRevisionRowSchema),
    handler: (_q, s, c) => s.landingPages.revisions(pathId(c)),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/landing-pages/:id/revisions/:revision",
    tag,
    role: "editor",
    summary: "One revision with the whole page it stored",
    response: LandingRevisionSchema,
    handler: (_q, s, c) => s.landingPages.revision(pathId(c), revisionId(c)),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/landing-pages/:id/revisions/:revision/restore",
    tag,
    role: "editor",
    summary:
      "Save a revision's page again as the newest version, from the `version` the editor has (older: 409 with the stored page); checked as a save, and a page visitors see is restored by admins only",
    response: SavedLandingSchema,
    body: LandingRestoreSchema,
    handler: ({ version }, s, c) => s.landingPages.restore(pathId(c), revisionId(c), version, saver(c)),
    answer: (r) => r.page,
    audit: ({ page, rev }) =>
      landingNote(
        "restore",
        page,
        `恢复版本 ${rev.version}，${rev.savedBy} 保存于 ${rev.savedAt.slice(0, 16).replace("T", " ")}`,
      ),
  }),
  ...previewEndpoints({
    base: "/api/admin/landing-pages/:id",
    tag,
    kind: "landing",
    label: "营销页面",
    shows: "the page as it is stored (a draft included), drawn as its path will show it",
  }),
];
