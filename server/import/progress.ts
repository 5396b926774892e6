import type { ImportNote } from "../../contract/imports";
import type { ItemReport, Outcome } from "./writer";

/**
 * An import job's progress (docs/product.md, "Import"): kept in memory while the job runs, written to
 * its row with every heartbeat and at its end, so the console's polling sees it from any instance.
 */

/** notes kept in a job's report; the rest are counted */
const REPORT_LIMIT = 2000;

export interface Progress {
  total: number;
  processed: number;
  counts: Record<Outcome, number>;
  notes: ImportNote[];
  omitted: number;
  /** told after each item with the count so far (bench/import.ts times every thousand) */
  onItem?: (processed: number) => void;
}

/** What one import does, item by item into `p`; `stop()` turns true when it should end at the next item. */
export type ImportWork = (p: Progress, stop: () => boolean) => Promise<void>;

export const newProgress = (total: number, onItem?: (processed: number) => void): Progress => ({
  total,
  processed: 0,
  counts: { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 },
  notes: [],
  omitted: 0,
  onItem,
});

/** A line of the job's report (past REPORT_LIMIT only counted). */
export const note = (p: Progress, n: ImportNote) => {
  if (p.notes.length < REPORT_LIMIT) p.notes.push(n);
  else p.omitted++;
};

/** One item done: counted, and noted when it has something to say or failed. */
export const record = (p: Progress, r: ItemReport) => {
  p.processed++;
  p.onItem?.(p.processed);
  p.counts[r.outcome]++;
  if (r.notes.length || r.outcome === "failed")
    note(p, {
      sourceId: r.sourceId,
      title: r.title,
      outcome: r.outcome,
      articleId: r.articleId ?? null,
      notes: r.notes,
    });
};

/** The row's counting columns. */
export const progressColumns = (p: Progress) => ({
  total: p.total,
  processed: p.processed,
  created: p.counts.created,
  updated: p.counts.updated,
  unchanged: p.counts.unchanged,
  skipped: p.counts.skipped,
  failed: p.counts.failed,
});

/** The row's `report`: the notes, and a last line counting those left out. */
export const reportOf = (p: Progress) =>
  JSON.stringify(
    p.omitted
      ? [
          ...p.notes,
          {
            sourceId: "",
            title: "",
            outcome: "skipped",
            articleId: null,
            notes: [`另有 ${p.omitted} 条记录未列出`],
          },
        ]
      : p.notes,
  );
