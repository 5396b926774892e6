/** BACKUP_INTERVAL and BACKUP_KEEP (read by server/config.ts, so no imports here). */

/** "30m", "6h", "1d", "off" → milliseconds (0: off); null when unreadable. */
export function parseInterval(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (t === "" || t === "off" || t === "0") return 0;
  const m = /^(\d+)\s*(m|h|d)$/.exec(t);
  if (!m) return null;
  const n = Number(m[1]);
  const ms = n * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as "m" | "h" | "d"];
  return ms >= 60_000 ? ms : null;
}

/** "7d,4w" → keep the newest archive of each of the last 7 days and of the last 4 weeks. */
export function parseKeep(text: string): { daily: number; weekly: number } | null {
  const out = { daily: 0, weekly: 0 };
  for (const part of text.split(",").map((p) => p.trim().toLowerCase())) {
    const m = /^(\d+)(d|w)$/.exec(part);
    if (!m) return null;
    if (m[2] === "d") out.daily = Number(m[1]);
    else out.weekly = Number(m[1]);
  }
  return out.daily + out.weekly > 0 ? out : null;
}
