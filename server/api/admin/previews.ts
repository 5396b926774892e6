import { z } from "zod";
import {
  PreviewCreatedSchema,
  PreviewFormSchema,
  type PreviewLink,
  PreviewLinkSchema,
  PreviewRevokeSchema,
  previewPath,
} from "../../../contract/previews";
import type { PreviewSubject } from "../../entities/previews";
import { actorOf, pathId } from "../console";
import { type AuditNote, endpoint } from "../endpoint";

/**
 * The preview links of one kind of content (docs/product.md, "Previews"): list, make and revoke,
 * under `<base>/previews` (`base` names the article or page by `:id`). Articles and landing pages
 * declare theirs with this, so both have the same links, answers and audit lines.
 */
export function previewEndpoints(opts: {
  /** e.g. `/api/admin/articles/:id` */
  base: string;
  tag: string;
  kind: PreviewSubject["kind"];
  /** what the link opens, in the audit line: 文章, 营销页面 */
  label: string;
  /** what holding a link shows, in the summary */
  shows: string;
}) {
  const { base, tag, kind, label } = opts;
  const path = `${base}/previews`;
  const subject = (c: Parameters<typeof pathId>[0]): PreviewSubject => ({ kind, id: pathId(c) });
  const note = (action: string, l: PreviewLink, what: string, after = ""): AuditNote => {
    const id = l.articleId ?? l.landingPageId ?? 0;
    return {
      action,
      entity: "preview_link",
      entityId: id,
      summary: `${label} #${id} 的预览链接（${what}）${after}`,
    };
  };
  return [
    endpoint({
      method: "get",
      path,
      tag,
      role: "editor",
      summary: `The ${kind === "article" ? "article" : "page"}'s preview links (without their tokens)`,
      response: z.array(PreviewLinkSchema),
      handler: (_q, s, c) => s.previews.list(subject(c)),
    }),
    endpoint({
      method: "post",
      path,
      tag,
      role: "editor",
      summary: `A new preview link: anyone holding it sees ${opts.shows}, for \`days\` (default 7)`,
      body: PreviewFormSchema,
      response: PreviewCreatedSchema,
      handler: async ({ days }, s, c) => {
        const { token, link } = await s.previews.create(subject(c), actorOf(c).username, days);
        return { path: previewPath(token), link };
      },
      audit: ({ link }) => note("create", link, `${link.id}，至 ${link.expiresAt.slice(0, 10)}`),
    }),
    endpoint({
      method: "delete",
      path,
      tag,
      role: "editor",
      summary: "Revoke a preview link (?link= the id the list shows)",
      query: PreviewRevokeSchema,
      response: PreviewLinkSchema,
      handler: ({ link }, s, c) => s.previews.revoke(subject(c), link),
      audit: (l) => note("revoke", l, l.id, "已撤销"),
    }),
  ];
}
