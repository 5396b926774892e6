/**
 * Text → index tokens, the way Lucene's `cjk` analyzer does it: runs of CJK characters become
 * overlapping bigrams, ASCII/latin words and numbers stay whole (lower-cased). A separator token
 * stands where punctuation or spaces broke the text, so a phrase of tokens matches exactly when the
 * fragment appears in the text (the recall and precision of `LIKE '%kw%'`).
 */

/** Stands between tokens that punctuation or whitespace separated; never produced by a query. */
export const SEP = "qqsep";

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/;
const WORD = /[\p{L}\p{N}]/u;

export function normalize(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

type Run = { kind: "cjk" | "word"; text: string } | { kind: "sep" };

function runs(text: string): Run[] {
  const out: Run[] = [];
  let cur = "";
  let kind: "cjk" | "word" | null = null;
  const flush = () => {
    if (kind && cur) out.push({ kind, text: cur });
    cur = "";
    kind = null;
  };
  for (const ch of normalize(text)) {
    const k = CJK.test(ch) ? "cjk" : WORD.test(ch) ? "word" : null;
    if (k === null) {
      flush();
      if (out.length > 0 && out[out.length - 1]?.kind !== "sep") out.push({ kind: "sep" });
      continue;
    }
    if (k !== kind) flush();
    kind = k;
    cur += ch;
  }
  flush();
  while (out.length > 0 && out[out.length - 1]?.kind === "sep") out.pop();
  return out;
}

/** Overlapping CJK bigrams and whole words (a lone CJK character yields no bigram). */
export function bigramTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const r of runs(text)) {
    if (r.kind === "sep") tokens.push(SEP);
    else if (r.kind === "word") tokens.push(r.text);
    else {
      const chars = [...r.text];
      for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i]! + chars[i + 1]!);
    }
  }
  return tokens;
}

/** Single CJK characters and whole words: lets a one-character keyword find titles. */
export function charTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const r of runs(text)) {
    if (r.kind === "sep") tokens.push(SEP);
    else if (r.kind === "word") tokens.push(r.text);
    else tokens.push(...r.text);
  }
  return tokens;
}

/** Strip tags and decode the few entities our sanitiser leaves, for indexing an HTML body. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

export interface QueryPart {
  /** the part as typed, normalised */
  text: string;
  /** one CJK character or one short word: matched against title characters only */
  single: boolean;
  /** the phrase that must appear: bigram tokens, or the char token for a single */
  phrase: string[];
  /** the part as a phrase of title characters (tier "title contains the fragment") */
  titlePhrase: string[];
}

/**
 * A keyword → the parts that must all match. Whitespace separates parts (each must appear);
 * punctuation inside a part is ignored, as it is when indexing. Empty when nothing searchable.
 */
export function parseQuery(keyword: string): QueryPart[] {
  const parts: QueryPart[] = [];
  for (const raw of normalize(keyword).split(/\s+/)) {
    const grams = bigramTokens(raw).filter((t) => t !== SEP);
    const chars = charTokens(raw).filter((t) => t !== SEP);
    if (chars.length === 0) continue;
    const single = chars.length === 1 && [...chars[0]!].length === 1 && CJK.test(chars[0]!);
    parts.push({ text: chars.join(""), single, phrase: single ? chars : grams, titlePhrase: chars });
  }
  return parts;
}
