import type { AppLoadContext } from "react-router";
import { idOf } from "../../contract/params";
import type { Logger } from "../logger";
import { inlineScriptHashes } from "./security";

/** What the build's document entry exports for article pages (app/routes/news/article-document.server.tsx). */
export type ArticleDocumentOf = (
  services: AppLoadContext["services"],
  contentId: number,
  origin: string,
) => Promise<{ chrome: object; group: string; parts: string[] } | undefined>;

/** One article page with the article's own parts taken out: the page of every article of its group. */
interface Frame {
  /** the page's bytes around the parts: one more than there are parts */
  around: Buffer[];
  /** the random value the page's own scripts carry (their nonce attribute) */
  marker: string;
  status: number;
  headers: [string, string][];
  /** the CSP hashes of the page's own inline scripts, none of which is in a part */
  hashes: string[];
  /** compared with a second article's page, rendered in full, and found the same but for the parts */
  trusted: boolean;
}

/**
 * Article pages kept per column and chrome (docs/architecture.md, "Article pages kept per column").
 *
 * Two articles' pages in one column differ only where the article shows: its head tags, its JSON-LD
 * and its markup in `<main>` (which holds its data: the hydration data reads `{}` in its place). So
 * the first page of a column rendered under a chrome is kept with those parts cut out, and later
 * pages are that page with the article's parts put in, rendered alone (about a fifth of a page's
 * render). A kept page serves only once a second article's full render has been found to be the
 * same page but for its parts; if one ever is not, pages are no longer kept (logged), and every
 * article page renders in full as before. The chrome object keys the kept pages: a new chrome (any
 * content change, or its minute) starts them again.
 *
 * Only renders that hand their page over (`collect`) use them: those are the pages whose policy
 * lists their scripts' hashes, which a kept page gives as it was rendered (`collect.hashes`). Pages
 * rendered with a visitor's own nonce (a console session) render in full.
 */
export function createArticleFrames(documentOf: ArticleDocumentOf, logger?: Logger) {
  const kept = new WeakMap<object, Map<string, Frame>>();
  let off = false;

  return {
    /**
     * The page of the article `cid`: from a kept page when there is a trusted one, else `render()`'s
     * (React Router's), which may start or confirm a kept page.
     */
    async page(
      cid: string | undefined,
      context: AppLoadContext,
      collect: NonNullable<AppLoadContext["collect"]>,
      render: () => Promise<Response>,
    ): Promise<Response> {
      const id = idOf(cid);
      const marker = context.cspNonce;
      if (off || id === undefined || !marker) return render();
      const doc = await documentOf(context.services, id, context.origin);
      if (!doc) return render();
      let frames = kept.get(doc.chrome);
      if (!frames) {
        frames = new Map();
        kept.set(doc.chrome, frames);
      }
      const group = `${context.origin} ${doc.group}`;
      const frame = frames.get(group);
      if (frame?.trusted) {
        collect.body = join(frame.around, doc.parts);
        collect.hashes = frame.hashes;
        return new Response(null, { status: frame.status, headers: frame.headers });
      }
      const res = await render();
      const body = collect.body;
      if (res.status !== 200 || !body) return res;
      const cut = cutAround(body, doc.parts);
      if (!cut) return res;
      if (!frame) {
        frames.set(group, {
          around: cut,
          marker,
          status: res.status,
          headers: [...res.headers],
          hashes: inlineScriptHashes(Buffer.concat(cut), marker),
          trusted: false,
        });
      } else {
        const differs = differenceAround(frame, cut, marker);
        if (differs === undefined) frame.trusted = true;
        else {
          off = true;
          logger?.error(
            { path: `/articledetail/${id}`, group, kept: differs.kept, rendered: differs.rendered },
            "two article pages differ outside the article's parts: article pages are rendered in full from now on",
          );
        }
      }
      return res;
    },
  };
}

/** The page's bytes around `parts`, each found once, in order; undefined when they are not. */
function cutAround(page: Buffer, parts: string[]): Buffer[] | undefined {
  const around: Buffer[] = [];
  let from = 0;
  for (const part of parts) {
    const bytes = Buffer.from(part);
    const at = page.indexOf(bytes, from);
    if (at < 0 || bytes.length === 0 || page.indexOf(bytes, at + 1) >= 0) return undefined;
    around.push(page.subarray(from, at));
    from = at + bytes.length;
  }
  around.push(page.subarray(from));
  // The parts' bytes are no longer needed: keep the rest in memory of its own, not the whole page's.
  return around.map((b) => Buffer.from(b));
}

/**
 * Where another page's bytes around its parts first differ from the kept page's, their scripts'
 * markers aside (some text of each from there), or undefined when they are the same.
 */
function differenceAround(
  frame: Frame,
  around: Buffer[],
  marker: string,
): { kept: string; rendered: string } | undefined {
  for (let i = 0; i < frame.around.length; i++) {
    const kept = frame.around[i]!.toString().split(`nonce="${frame.marker}"`).join(`nonce="${marker}"`);
    const rendered = around[i]?.toString() ?? "";
    if (kept === rendered) continue;
    let at = 0;
    while (at < kept.length && kept[at] === rendered[at]) at++;
    return { kept: kept.slice(at, at + 160), rendered: rendered.slice(at, at + 160) };
  }
  return undefined;
}

/** The kept page's bytes with the parts put in, in one buffer of its own (a thread may transfer it). */
function join(around: Buffer[], parts: string[]): Buffer {
  let size = 0;
  for (const b of around) size += b.length;
  for (const p of parts) size += Buffer.byteLength(p);
  const page = Buffer.allocUnsafeSlow(size);
  let at = around[0]!.copy(page, 0);
  for (let i = 0; i < parts.length; i++) {
    at += page.write(parts[i]!, at);
    at += around[i + 1]!.copy(page, at);
  }
  return page;
}
