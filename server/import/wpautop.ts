/**
 * WordPress's `wpautop()` (wp-includes/formatting.php), ported line for line: classic WordPress
 * bodies are stored without `<p>`, and WordPress makes the paragraphs when it renders them. An
 * imported body gets the paragraphs WordPress itself would have shown (docs/product.md, "Import").
 *
 * PHP's PCRE runs here without its UTF-8 mode, so `\s` and `trim()` know ASCII white space only; a
 * full-width space (U+3000) at the end of a Chinese line stays, as it does in WordPress. JavaScript's
 * `\s` would take it: the patterns below spell the ASCII set out.
 */

/** PCRE's `\s` without UTF mode: space, tab, LF, VT, FF, CR. */
const S = "[ \\t\\n\\v\\f\\r]";

const ALLBLOCKS =
  "(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)";

const re = (source: string, flags = "g") => new RegExp(source, flags);

const R = {
  doubleBr: re(`<br${S}*/?>${S}*<br${S}*/?>`),
  blockOpen: re(`(<${ALLBLOCKS}[ \\t\\n\\v\\f\\r/>])`),
  blockClose: re(`(</${ALLBLOCKS}>)`),
  hr: re(`(<hr${S}*?/?>)`),
  optionBefore: re(`${S}*<option`),
  optionAfter: re(`</option>${S}*`),
  objectOpen: re(`(<object[^>]*>)${S}*`),
  objectClose: re(`${S}*</object>`),
  paramEmbed: re(`${S}*(</?(?:param|embed)[^>]*>)${S}*`),
  mediaOpen: re(`([<\\[](?:audio|video)[^>\\]]*[>\\]])${S}*`),
  mediaClose: re(`${S}*([<\\[]/(?:audio|video)[>\\]])`),
  sourceTrack: re(`${S}*(<(?:source|track)[^>]*>)${S}*`),
  figcaptionBefore: re(`${S}*(<figcaption[^>]*>)`),
  figcaptionAfter: re(`</figcaption>${S}*`),
  manyBreaks: /\n\n+/g,
  paragraphSplit: re(`\\n${S}*\\n`),
  emptyP: re(`<p>${S}*</p>`),
  unclosedP: /<p>([^<]+)<\/(div|address|form)>/g,
  wrappedBlock: re(`<p>${S}*(</?${ALLBLOCKS}[^>]*>)${S}*</p>`),
  wrappedLi: /<p>(<li.+?)<\/p>/g,
  blockquoteOpen: /<p><blockquote([^>]*)>/gi,
  pBeforeBlock: re(`<p>${S}*(</?${ALLBLOCKS}[^>]*>)`),
  pAfterBlock: re(`(</?${ALLBLOCKS}[^>]*>)${S}*</p>`),
  preserved: /<(script|style|svg)[\s\S]*?<\/\1>/g,
  newline: re(`(?<!<br />)${S}*\\n`),
  brAfterBlock: re(`(</?${ALLBLOCKS}[^>]*>)${S}*<br />`),
  brBeforeBlock: re(`<br />(${S}*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`),
  lastNewline: /\n<\/p>$/,
};

/** PHP's trim() with its default characters (" \t\n\r\0\x0B"), or only `chars`. */
function phpTrim(s: string, chars = " \t\n\r\0\x0B"): string {
  let start = 0;
  let end = s.length;
  while (start < end && chars.includes(s[start]!)) start++;
  while (end > start && chars.includes(s[end - 1]!)) end--;
  return s.slice(start, end);
}

/**
 * `wp_html_split()`: text and elements (tags, comments, CDATA sections) alternating, text first.
 * WordPress's pattern uses possessive loops and a conditional, which JavaScript lacks; this scan
 * finds the same boundaries: a comment runs to `-->`, a CDATA section to `]]>`, any other element
 * to the next `>`, each to the end of the input when unclosed.
 */
export function htmlSplit(input: string): string[] {
  const parts: string[] = [];
  let text = 0;
  let i = input.indexOf("<");
  while (i !== -1) {
    let end: number;
    if (input.startsWith("<!--", i)) {
      const close = input.indexOf("-->", i + 4);
      end = close === -1 ? input.length : close + 3;
    } else if (input.startsWith("<![CDATA[", i)) {
      const close = input.indexOf("]]>", i + 9);
      end = close === -1 ? input.length : close + 3;
    } else {
      const close = input.indexOf(">", i + 1);
      end = close === -1 ? input.length : close + 1;
    }
    parts.push(input.slice(text, i), input.slice(i, end));
    text = end;
    i = input.indexOf("<", end);
  }
  parts.push(input.slice(text));
  return parts;
}

/** `wp_replace_in_html_tags()` for one pair: replaces `needle` inside elements only. */
function replaceInHtmlTags(haystack: string, needle: string, replacement: string): string {
  const parts = htmlSplit(haystack);
  let changed = false;
  for (let i = 1; i < parts.length; i += 2) {
    if (parts[i]!.includes(needle)) {
      parts[i] = parts[i]!.split(needle).join(replacement);
      changed = true;
    }
  }
  return changed ? parts.join("") : haystack;
}

/** Replaces double line breaks with paragraphs, and the remaining single ones with `<br />` (`br`). */
export function wpautop(input: string, br = true): string {
  const preTags = new Map<string, string>();
  if (phpTrim(input) === "") return "";
  // Just to make things a little easier, pad the end.
  let text = `${input}\n`;

  // Pre tags shouldn't be touched by autop: placeholders now, the originals back at the end.
  if (text.includes("<pre")) {
    const parts = text.split("</pre>");
    const last = parts.pop()!;
    text = "";
    let i = 0;
    for (const part of parts) {
      const start = part.indexOf("<pre");
      // Malformed HTML?
      if (start === -1) {
        text += part;
        continue;
      }
      const name = `<pre wp-pre-tag-${i}></pre>`;
      preTags.set(name, `${part.slice(start)}</pre>`);
      text += part.slice(0, start) + name;
      i++;
    }
    text += last;
  }
  // Several <br>s in a row become two line breaks, which will turn into paragraphs.
  text = text.replace(R.doubleBr, "\n\n");
  // A double line break above block-level opening tags, and below their closing tags.
  text = text.replace(R.blockOpen, "\n\n$1");
  text = text.replace(R.blockClose, "$1\n\n");
  // And after hr tags, which are self-closing.
  text = text.replace(R.hr, "$1\n\n");
  // Standardise newline characters to "\n".
  text = text.replace(/\r\n|\r/g, "\n");
  // Find newlines in all elements and add placeholders.
  text = replaceInHtmlTags(text, "\n", " <!-- wpnl --> ");

  // Collapse line breaks before and after <option> elements so they don't get autop'd.
  if (text.includes("<option")) {
    text = text.replace(R.optionBefore, "<option");
    text = text.replace(R.optionAfter, "</option>");
  }
  // Collapse line breaks inside <object> elements, before <param> and <embed> elements.
  if (text.includes("</object>")) {
    text = text.replace(R.objectOpen, "$1");
    text = text.replace(R.objectClose, "</object>");
    text = text.replace(R.paramEmbed, "$1");
  }
  // Collapse line breaks inside <audio> and <video> elements, around <source> and <track>.
  if (text.includes("<source") || text.includes("<track")) {
    text = text.replace(R.mediaOpen, "$1");
    text = text.replace(R.mediaClose, "$1");
    text = text.replace(R.sourceTrack, "$1");
  }
  // Collapse line breaks before and after <figcaption> elements.
  if (text.includes("<figcaption")) {
    text = text.replace(R.figcaptionBefore, "$1");
    text = text.replace(R.figcaptionAfter, "</figcaption>");
  }
  // Remove more than two contiguous line breaks.
  text = text.replace(R.manyBreaks, "\n\n");

  // Split into paragraphs at double line breaks, and wrap every one in a <p>.
  const paragraphs = text.split(R.paragraphSplit).filter((p) => p !== "");
  text = "";
  for (const paragraph of paragraphs) text += `<p>${phpTrim(paragraph, "\n")}</p>\n`;

  // Under certain strange conditions it could create a P of entirely whitespace.
  text = text.replace(R.emptyP, "");
  // Add a closing <p> inside <div>, <address>, or <form> tag if missing.
  text = text.replace(R.unclosedP, "<p>$1</p></$2>");
  // If an opening or closing block element tag is wrapped in a <p>, unwrap it.
  text = text.replace(R.wrappedBlock, "$1");
  // In some cases <li> may get wrapped in <p>, fix them.
  text = text.replace(R.wrappedLi, "$1");
  // If a <blockquote> is wrapped with a <p>, move it inside the <blockquote>.
  text = text.replace(R.blockquoteOpen, "<blockquote$1><p>");
  text = text.split("</blockquote></p>").join("</p></blockquote>");
  // If an opening or closing block element tag is preceded by an opening <p> tag, remove it.
  text = text.replace(R.pBeforeBlock, "$1");
  // If an opening or closing block element tag is followed by a closing <p> tag, remove it.
  text = text.replace(R.pAfterBlock, "$1");

  if (br) {
    // Newlines that must stay (scripts, styles, SVG) get a placeholder.
    text = text.replace(R.preserved, (m) => m.split("\n").join("<WPPreserveNewline />"));
    // Normalise <br>.
    text = text.split("<br>").join("<br />").split("<br/>").join("<br />");
    // Any newline not preceded by a <br /> gets one.
    text = text.replace(R.newline, "<br />\n");
    // Newline placeholders back to newlines.
    text = text.split("<WPPreserveNewline />").join("\n");
  }

  // A <br /> after an opening or closing block tag goes.
  text = text.replace(R.brAfterBlock, "$1");
  // So does a <br /> before a subset of opening or closing block tags.
  text = text.replace(R.brBeforeBlock, "$1");
  text = text.replace(R.lastNewline, "</p>");

  // The <pre> placeholders back to their content.
  for (const [name, original] of preTags) text = text.split(name).join(original);
  // Newlines in elements back.
  if (text.includes("<!-- wpnl -->"))
    text = text.split(" <!-- wpnl --> ").join("\n").split("<!-- wpnl -->").join("\n");
  return text;
}
