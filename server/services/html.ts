import sanitizeHtml from "sanitize-html";
import { classifyHost } from "./remote-fetch";

/**
 * The one allow-list for stored HTML (article bodies, product agreements). Applied on write, so
 * whatever is rendered later is already safe; the console saves through the same function.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "hr",
    "span",
    "code",
    "pre",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...realSource(attribs), loading: "lazy" } }),
  },
};

/**
 * Pictures pasted from WeChat articles carry their real address in `data-src` (filled in by the
 * page's lazy loader) and a placeholder or nothing in `src`: an http(s) `data-src` becomes the
 * `src`, since that is the picture the editor saw. `data-src` itself is not kept.
 */
function realSource(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const dataSrc = attribs["data-src"]?.trim();
  if (!dataSrc || !/^https?:\/\//i.test(dataSrc)) return attribs;
  const { "data-src": _, ...rest } = attribs;
  return { ...rest, src: dataSrc };
}

/**
 * Which pictures whose address points inside a network (an IP literal that is not public in any
 * spelling, or `localhost`) the sanitiser keeps: "drop" (what visitors are shown: such a picture
 * would make each visitor's browser ask a machine of its own network), "loopback" (tests only,
 * REMOTE_IMAGES_ALLOW_LOOPBACK: those on this machine stay), "keep" (a first pass that fetches and
 * reports them, or a body already stored).
 */
export type InternalImages = "drop" | "loopback" | "keep";

/** Whether a picture's address names, by its host alone, a machine inside a network. */
export function isInternalImage(src: string, allowLoopback = false): boolean {
  let host: string;
  try {
    const u = new URL(src.trim());
    if (u.protocol !== "http:" && u.protocol !== "https:") return false;
    host = u.hostname;
  } catch {
    return false; // a site path (/uploads/…)
  }
  const c = classifyHost(host);
  return c === "private" || (c === "loopback" && !allowLoopback);
}

/** The allow-list, dropping the pictures `internal` does not keep. */
function optionsFor(internal: InternalImages): sanitizeHtml.IOptions {
  if (internal === "keep") return OPTIONS;
  const allowLoopback = internal === "loopback";
  return {
    ...OPTIONS,
    exclusiveFilter: (frame) =>
      frame.tag === "img" && Boolean(frame.attribs.src) && isInternalImage(frame.attribs.src!, allowLoopback),
  };
}

export function sanitizeRichText(html: string, internal: InternalImages = "drop"): string {
  return sanitizeHtml(html, optionsFor(internal));
}

/** The `src` of every picture in sanitised HTML, in document order (repeats included). */
export function imageSources(html: string): string[] {
  const found: string[] = [];
  sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, raw) => {
        const attribs = realSource(raw);
        if (attribs.src) found.push(attribs.src);
        return { tagName, attribs };
      },
    },
  });
  return found;
}

/**
 * The HTML sanitised again (keeping every picture) with each picture's `src` replaced by
 * `replace(src)`: unchanged when it answers undefined, the picture taken out when it answers null.
 * A picture without a `src` is asked about as "".
 */
export function rewriteImageSources(
  html: string,
  replace: (src: string) => string | null | undefined,
): string {
  // The attributes object of a picture taken out (the sanitiser filters it in place, then asks).
  const removed = new WeakSet<object>();
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, raw) => {
        const attribs = realSource(raw);
        const next = replace(attribs.src ?? "");
        const out = { ...attribs, ...(next ? { src: next } : {}), loading: "lazy" };
        if (next === null) removed.add(out);
        return { tagName, attribs: out };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "img" && removed.has(frame.attribs),
  });
}

/**
 * A picture address as stored: a site path (`/uploads/…`) or an http(s) URL; anything else
 * (`javascript:`, `data:`, protocol-relative) is stored as "" and shows no picture.
 */
export function safeImageUrl(url: string): string {
  const u = url.trim();
  return /^(\/(?!\/)\S*|https?:\/\/\S+)$/i.test(u) ? u : "";
}
