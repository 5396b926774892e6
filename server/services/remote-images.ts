import { fileTypeFromBuffer } from "file-type";
import type { RemoteImagesReport } from "../../contract/answers";
import type { Logger } from "../logger";
import { AppError } from "./errors";
import { imageSources, isInternalImage, rewriteImageSources, sanitizeRichText } from "./html";
import { type ImageKind, storeImage } from "./images";
import { FetchRefused, fetchRemoteImage, REFUSED } from "./remote-fetch";

/** The product's rules for pictures fetched from a body's addresses (docs/product.md "Remote pictures"). */
export const REMOTE_IMAGE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  perArticle: 30,
  timeoutMs: 15_000,
  /** the whole body: under the 30 s a proxy in front waits for an answer (tools/cluster.mjs) */
  budgetMs: 25_000,
  concurrency: 4,
  maxRedirects: 3,
};

export const TOO_MANY_IMAGES = `每篇文章最多转存 ${REMOTE_IMAGE_LIMITS.perArticle} 张图片`;
const NOT_AN_IMAGE = "不是图片";
const UNSUPPORTED = "图片格式不支持（仅 JPG、PNG、WebP）";
/** Refusals for where the address points: such a picture is never shown from there. */
const UNSAFE: readonly string[] = [REFUSED.private, REFUSED.port, REFUSED.scheme];

export interface RemoteImages {
  /**
   * The body sanitised, with every picture outside the site fetched, stored as our own upload and
   * its address replaced; the pictures that could not be kept stay as they were and are reported.
   */
  localise(
    html: string,
    opts?: {
      /**
       * Addresses already stored (address → upload), consulted and filled in: an import fetches a
       * picture that several of its articles show once.
       */
      known?: Map<string, string>;
      /**
       * Pictures refused for where their address points (inside a network, another port, a scheme
       * other than http(s)) are taken out of the body rather than left as they were; `removed`
       * lists them (they are in the report's `failed` too).
       */
      removeRefused?: boolean;
    },
  ): Promise<{ html: string; report: RemoteImagesReport; removed: string[] }>;
  /**
   * One picture (an imported article's cover) stored as `kind`: its upload's address, or the Chinese
   * reason it was not kept.
   */
  keep(address: string, kind?: ImageKind): Promise<{ url: string } | { reason: string }>;
}

export function createRemoteImages(opts: {
  uploadsDir: string;
  /** PUBLIC_URL: absolute addresses on the site itself are not fetched */
  publicUrl?: string;
  /** tests only (REMOTE_IMAGES_ALLOW_LOOPBACK) */
  allowLoopback?: boolean;
  logger?: Logger;
  limits?: Partial<typeof REMOTE_IMAGE_LIMITS>;
}): RemoteImages {
  const limits = { ...REMOTE_IMAGE_LIMITS, ...opts.limits };
  const ownOrigin = opts.publicUrl ? new URL(opts.publicUrl).origin : undefined;

  const isRemote = (src: string) => {
    if (!/^https?:\/\//i.test(src)) return false; // site paths (/uploads/…) stay
    try {
      return new URL(src).origin !== ownOrigin;
    } catch {
      return false;
    }
  };

  /** One picture: its stored address, or the Chinese reason it was not kept. */
  async function keep(
    address: string,
    signal: AbortSignal,
    kind: ImageKind = "body",
  ): Promise<{ url: string } | { reason: string }> {
    try {
      const bytes = await fetchRemoteImage(address, {
        maxBytes: limits.maxBytes,
        signal: AbortSignal.any([signal, AbortSignal.timeout(limits.timeoutMs)]),
        allowLoopback: opts.allowLoopback,
        maxRedirects: limits.maxRedirects,
      });
      const type = await fileTypeFromBuffer(bytes);
      if (!type?.mime.startsWith("image/")) return { reason: NOT_AN_IMAGE };
      if (!["image/jpeg", "image/png", "image/webp"].includes(type.mime)) return { reason: UNSUPPORTED };
      const stored = await storeImage(opts.uploadsDir, kind, bytes, limits.maxBytes);
      return { url: stored.url };
    } catch (err) {
      if (err instanceof FetchRefused) {
        opts.logger?.info({ address, reason: err.message }, "remote picture not kept");
        return { reason: err.reason };
      }
      if (err instanceof AppError) return { reason: err.message };
      opts.logger?.warn({ address, err }, "remote picture failed");
      return { reason: REFUSED.network };
    }
  }

  return {
    async keep(address, kind = "cover") {
      if (!isRemote(address)) return { reason: REFUSED.scheme };
      return keep(address, AbortSignal.timeout(limits.timeoutMs), kind);
    },

    async localise(input, o = {}) {
      // Every picture is kept by this pass, so that one refused below is reported, not lost unseen;
      // the article's own save drops what points inside a network (services/html.ts).
      const html = sanitizeRichText(input, "keep");
      const known = o.known;
      const all = [...new Set(imageSources(html).filter(isRemote))];
      const report: RemoteImagesReport = { stored: 0, failed: [] };
      const removed: string[] = [];
      // Sources the sanitiser left without a picture (javascript:, data:, file: …): reported.
      if (o.removeRefused)
        for (const src of new Set(imageSources(input)))
          if (/^[a-z][a-z0-9+.-]*:/i.test(src.trim()) && !/^https?:/i.test(src.trim())) {
            report.failed.push({ url: src, reason: REFUSED.scheme });
            removed.push(src);
          }
      if (all.length === 0 && !o.removeRefused) return { html, report, removed };
      const results = new Map<string, { url: string } | { reason: string }>();
      // An address inside a network by its host alone is refused without a fetch or a place in the quota.
      const fetched: string[] = [];
      for (const address of all) {
        if (known?.has(address)) continue;
        if (isInternalImage(address, opts.allowLoopback)) results.set(address, { reason: REFUSED.private });
        else fetched.push(address);
      }
      const taken = fetched.slice(0, limits.perArticle);
      for (const address of fetched.slice(limits.perArticle))
        results.set(address, { reason: TOO_MANY_IMAGES });
      // One budget for the whole body: what has not finished when it runs out is reported as timed out.
      const budget = AbortSignal.timeout(limits.budgetMs);
      let next = 0;
      const worker = async () => {
        while (next < taken.length) {
          const address = taken[next++]!;
          results.set(address, budget.aborted ? { reason: REFUSED.timeout } : await keep(address, budget));
        }
      };
      await Promise.all(Array.from({ length: Math.min(limits.concurrency, taken.length) }, worker));
      const stored = new Map<string, string>();
      const refused = new Set<string>();
      for (const address of all) {
        const r = results.get(address);
        if (!r) continue; // stored by an earlier article of this import
        if ("url" in r) stored.set(address, r.url);
        else {
          report.failed.push({ url: address, reason: r.reason });
          if (o.removeRefused && UNSAFE.includes(r.reason)) {
            refused.add(address);
            removed.push(address);
          }
        }
      }
      report.stored = stored.size;
      if (known) {
        for (const [a, u] of stored) known.set(a, u);
        for (const a of all) if (!stored.has(a) && known.has(a)) stored.set(a, known.get(a)!);
        report.stored = stored.size;
      }
      // Taking refused pictures out takes out those the sanitiser left without a source too.
      const rewritten =
        stored.size > 0 || o.removeRefused
          ? rewriteImageSources(html, (src) => {
              if (refused.has(src) || (!src && o.removeRefused)) return null;
              return stored.get(src);
            })
          : html;
      return { html: rewritten, report, removed };
    },
  };
}
