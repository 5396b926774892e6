import fs from "node:fs";
import { IMPORT_MESSAGES, type WordpressAnalysis } from "../../contract/imports";
import type { Database } from "../db";
import type { ContentEvents } from "../services/content-events";
import { AppError } from "../services/errors";
import { analyseFile } from "./analysis";
import { type ColumnChoice, planColumns } from "./columns";
import { mapItem, oversizedNote } from "./mapping";
import { type ImportWork, note, record } from "./progress";
import { readWxr, type WxrChannel } from "./wordpress";
import type { Writer } from "./writer";

export interface RunOptions {
  /** category slug (or name) → column; absent: the column named like the category, made when missing */
  columns?: Record<string, ColumnChoice>;
  dryRun?: boolean;
}

/**
 * A WordPress import's run, the second pass (docs/product.md, "Import"): the columns planned, then
 * every post of the export mapped and written, one transaction each.
 */
export function wordpressImport(o: {
  database: Database;
  events: ContentEvents;
  writer: Writer;
  jobId: number;
  file: string;
  analysis: WordpressAnalysis;
  options: RunOptions;
  /** what the analysis read in this process, if it did (else the file is read for them again) */
  attachments?: Map<string, string>;
}): ImportWork {
  const { db } = o.database;
  const { jobId: id, file, analysis, writer, options } = o;
  return async (p, stop) => {
    const attachments = o.attachments ?? (await analyseFile(db, file)).attachments;
    const { columnOf, made } = await planColumns(
      { db, events: o.events },
      analysis,
      options.columns ?? {},
      options.dryRun === true,
    );
    for (const name of made)
      note(p, {
        sourceId: "",
        title: "",
        outcome: "created",
        articleId: null,
        notes: [options.dryRun ? `将新建栏目“${name}”` : `已新建栏目“${name}”`],
      });
    // Pictures several posts show are fetched once per run.
    const known = new Map<string, string>();
    const claimed = new Set<string>();
    let channel: WxrChannel | undefined;
    let authors = new Map<string, string>();
    let turn = performance.now();
    await readWxr(fs.createReadStream(file), {
      channel: (c) => {
        channel = c;
        authors = new Map(c.authors.map((a) => [a.login, a.displayName || a.login]));
      },
      item: async (item) => {
        if (stop()) throw new AppError(503, IMPORT_MESSAGES.stopped);
        const m = mapItem(item, { channel: channel!, attachments, authors, columnOf });
        if (m.kind === "skip") return;
        // A post the reader could not keep whole (a field past its limit) is reported, not written.
        const r = item.oversized
          ? {
              sourceId: m.post.sourceId,
              title: m.post.title,
              outcome: "skipped" as const,
              notes: [oversizedNote(item.oversized)],
            }
          : await writer.write(m.post, {
              site: analysis.site,
              kind: "wordpress",
              jobId: id,
              dryRun: options.dryRun,
              known,
              claimed,
            });
        record(p, r);
        // On SQLite every write is synchronous: let the requests waiting meanwhile through.
        if (performance.now() - turn > 20) {
          await new Promise((resolve) => setImmediate(resolve));
          turn = performance.now();
        }
      },
    });
  };
}
