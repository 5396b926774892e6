/**
 * CSV for Excel: UTF-8 with a byte-order mark (so Chinese opens correctly), CRLF line ends, every
 * field quoted. A cell starting with = + - @ or a tab would be run as a formula by spreadsheet
 * programs: it gets a leading apostrophe.
 */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const cell = (v: string | number | null | undefined) => {
    let s = v === null || v === undefined ? "" : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return `"${s.replace(/"/g, '""')}"`;
  };
  const lines = [header, ...rows].map((r) => r.map(cell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** Beijing time for people reading a sheet: 2024-05-11 14:03:09 */
export function beijingTime(iso: string | null): string {
  if (!iso) return "";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return new Date(t + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

/** The instant a Beijing date starts (UTC+8). */
export const beijingDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();
/** The instant after a Beijing date ends. */
export const beijingDayEnd = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00+08:00`) + 24 * 3600_000).toISOString();
