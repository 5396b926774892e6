import type { Kysely } from "kysely";
import type { ImportJob, ImportNote, WordpressAnalysis } from "../../contract/imports";
import type { DB } from "../db/schema";

/**
 * Rows of `import_jobs` as the console reads them (docs/product.md, "Import"): a running job whose
 * heartbeat stopped (its process was killed) shows as interrupted, and can go on.
 */

/** A running job whose heartbeat is older than this was interrupted. */
export const STALE_MS = 15_000;

export type JobRow = NonNullable<Awaited<ReturnType<typeof selectJob>>>;

export async function selectJob(db: Kysely<DB>, id: number) {
  return db.selectFrom("import_jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

export const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** A job's analysis once its file was read ("{}" before). */
export const analysisOf = (text: string): WordpressAnalysis | null => {
  const a = parseJson<Partial<WordpressAnalysis> | null>(text, null);
  return a && typeof a.version === "string" ? (a as WordpressAnalysis) : null;
};

/** The console's view of a row; `runningHere`: its heartbeat is this process's (never stale). */
export function toJob(r: JobRow, runningHere: boolean): ImportJob {
  const stale =
    r.status === "running" &&
    !runningHere &&
    (!r.heartbeat_at || Date.now() - Date.parse(r.heartbeat_at) > STALE_MS);
  return {
    id: r.id,
    kind: r.kind,
    status: stale ? "interrupted" : r.status,
    dryRun: Boolean(r.dry_run),
    fileName: r.file_name,
    fileBytes: Number(r.file_bytes),
    site: r.site,
    siteTitle: r.site_title,
    analysis: analysisOf(r.analysis),
    options: parseJson<Record<string, unknown>>(r.options, {}),
    total: r.total,
    processed: r.processed,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    skipped: r.skipped,
    failed: r.failed,
    report: parseJson<ImportNote[]>(r.report, []),
    error: r.error,
    createdBy: r.created_by,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

/** A status as the console's refusals name it. */
export const STATUS_TEXT: Record<ImportJob["status"], string> = {
  analysing: "正在读取文件",
  analysed: "等待开始",
  running: "正在进行",
  done: "已完成",
  failed: "已失败",
  interrupted: "已中断",
};
