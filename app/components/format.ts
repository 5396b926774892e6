/** Times are shown in China Standard Time (UTC+8, no daylight saving) on server and browser alike, so hydration matches. */
const CST_OFFSET_MS = 8 * 3600_000;

function cst(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? "" : new Date(t + CST_OFFSET_MS).toISOString();
}

/** 2026-11-25 14:30 */
export const formatTime = (iso: string) => cst(iso).slice(0, 16).replace("T", " ");

/** 2026-11-25 */
export const formatDate = (iso: string) => cst(iso).slice(0, 10);
