/** Differences between two versions of an article, as the editor's 版本历史 shows them. */

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** An article body's readable text, one paragraph (or line) per entry. */
export function bodyLines(html: string): string[] {
  return html
    .replace(/<img\b[^>]*\bsrc="([^"]*)"[^>]*>/gi, "\n[图片 $1]\n")
    .replace(/<br\s*\/?>|<\/(p|h[1-6]|li|blockquote|div|figure|pre|tr)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
}

/** A line diff by longest common subsequence: what `before` lost and `after` gained, in order. */
export function diffLines(before: string[], after: string[]): DiffLine[] {
  const n = before.length;
  const m = after.length;
  // lcs[i][j]: the common subsequence length of before[i..] and after[j..]
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] =
        before[i] === after[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      out.push({ kind: "same", text: before[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ kind: "removed", text: before[i++]! });
    else out.push({ kind: "added", text: after[j++]! });
  }
  while (i < n) out.push({ kind: "removed", text: before[i++]! });
  while (j < m) out.push({ kind: "added", text: after[j++]! });
  return out;
}

/** The fields besides the body that changed, as 字段: before → after. */
export function fieldChanges(
  before: Record<string, string>,
  after: Record<string, string>,
  labels: Record<string, string>,
): { label: string; before: string; after: string }[] {
  return Object.entries(labels)
    .filter(([k]) => (before[k] ?? "") !== (after[k] ?? ""))
    .map(([k, label]) => ({ label, before: before[k] ?? "", after: after[k] ?? "" }));
}
