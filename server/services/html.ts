import sanitizeHtml from "sanitize-html";

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

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
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
 * The HTML sanitised again with each picture's `src` replaced by `replace(src)` (unchanged when it
 * answers undefined).
 */
export function rewriteImageSources(html: string, replace: (src: string) => string | undefined): string {
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, raw) => {
        const attribs = realSource(raw);
        const next = attribs.src ? replace(attribs.src) : undefined;
        return { tagName, attribs: { ...attribs, ...(next ? { src: next } : {}), loading: "lazy" } };
      },
    },
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
