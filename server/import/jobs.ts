import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import type { ImportJob, ImportNote, WordpressAnalysis } from "../../contract/imports";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  WECHAT_ACCOUNT_MESSAGES,
  type WechatAccountImport,
} from "../../contract/imports";
import type { Database } from "../db";
import type { DB, ImportJobStatus, ImportKind } from "../db/schema";
import type { ContentService } from "../entities/articles";
import { COLUMN_RESOURCES } from "../entities/columns";
import { type AnyDb, createResourceStore } from "../entities/crud";
import { createJobRunner, type JobRunner } from "../jobs/runner";
import type { Logger } from "../logger";
import type { ContentEvents } from "../services/content-events";
import { AppError } from "../services/errors";
import type { Redirects } from "../services/redirects";
import type { RemoteImages } from "../services/remote-images";
import type { WechatClient } from "../wechat/client";
import { IMPORT_LIMITS, mapItem, oversizedNote, plainText, siteKeyOf } from "./mapping";
import { fetchChosen, listPublished, type Wanted, wechatConsoleError } from "./wechat-account";
import { importWechatArticle, importWechatUrl, type WechatFetch } from "./wechat-article";
import { readWxr, type WxrChannel, WxrError } from "./wordpress";
import { createWriter, type ItemReport, type Outcome } from "./writer";

/**
 * Import jobs (docs/product.md, "Import"): a WordPress export uploaded to disk, read once to show
 * what it holds and to map its categories, then imported post by post while the console polls the
 * job's row; or WeChat articles by their addresses. The job's row carries its progress (moved every
 * second with its heartbeat), so any instance can answer for it, and a job whose heartbeat stopped
 * (its process was killed) shows as interrupted and can go on: what was imported is skipped.
 */

/** A running job whose heartbeat is older than this was interrupted. */
const STALE_MS = 15_000;
const HEARTBEAT_MS = 1000;
/** notes kept in a job's report; the rest are counted */
const REPORT_LIMIT = 2000;

/** `name: column id` (an existing column) or `name: "名称"` (that column, made when missing). */
export type ColumnChoice = number | string;

export interface RunOptions {
  /** category slug (or name) → column; absent: the column named like the category, made when missing */
  columns?: Record<string, ColumnChoice>;
  dryRun?: boolean;
}

export interface ImportDeps {
  database: Database;
  content: Pick<ContentService, "saveArticle">;
  redirects: Pick<Redirects, "writeForArticle" | "isOwnAddress" | "settled">;
  remoteImages?: RemoteImages;
  events: ContentEvents;
  logger: Logger;
  dataDir: string;
  /** WeChat article pages (tests reach a fake on loopback through the same guard) */
  wechat: WechatFetch;
  /** the 公众号 API with the site's credentials (从公众号选择: its published articles) */
  wechatApi?: WechatClient;
  /** the largest upload (default IMPORT_MAX_BYTES; tests use less) */
  maxBytes?: number;
  /** told after each item with the count so far (bench/import.ts times every thousand) */
  onItem?: (processed: number) => void;
  /** the process's job runner (server/jobs/runner.ts): its stop ends the imports at the next article */
  jobs?: JobRunner;
}

type JobRow = Awaited<ReturnType<typeof selectJob>>;

async function selectJob(db: Kysely<DB>, id: number) {
  return db.selectFrom("import_jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A job's analysis once its file was read ("{}" before). */
const analysisOf = (text: string): WordpressAnalysis | null => {
  const a = parse<Partial<WordpressAnalysis> | null>(text, null);
  return a && typeof a.version === "string" ? (a as WordpressAnalysis) : null;
};

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function createImports(deps: ImportDeps) {
  const { db } = deps.database;
  const log = deps.logger;
  const writer = createWriter(deps);
  const dir = path.join(deps.dataDir, "imports");
  const maxBytes = deps.maxBytes ?? IMPORT_MAX_BYTES;
  const jobs = deps.jobs ?? createJobRunner(log);
  /** columns made for categories: as the console makes them (entities/columns.ts) */
  const columnStore = createResourceStore(db as unknown as AnyDb, deps.events);
  const columnResource = COLUMN_RESOURCES.find((r) => r.name === "columns")!;
  /** jobs running in this process (their heartbeat is ours) */
  const running = new Map<number, { done: Promise<void> }>();
  /** attachments read by an analysis, kept for the run that follows it here */
  const attachmentsOf = new Map<number, Map<string, string>>();

  function toJob(r: NonNullable<JobRow>): ImportJob {
    const stale =
      r.status === "running" &&
      !running.has(r.id) &&
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
      options: parse<Record<string, unknown>>(r.options, {}),
      total: r.total,
      processed: r.processed,
      created: r.created,
      updated: r.updated,
      unchanged: r.unchanged,
      skipped: r.skipped,
      failed: r.failed,
      report: parse<ImportNote[]>(r.report, []),
      error: r.error,
      createdBy: r.created_by,
      createdAt: r.created_at,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
    };
  }

  async function job(id: number): Promise<ImportJob> {
    const r = await selectJob(db, id);
    if (!r) throw new AppError(404, "导入任务不存在");
    return toJob(r);
  }

  async function setStatus(
    id: number,
    status: ImportJobStatus,
    extra: Partial<Record<string, unknown>> = {},
  ) {
    await db
      .updateTable("import_jobs")
      .set({ status, ...extra })
      .where("id", "=", id)
      .execute();
  }

  /** The first pass: counts, categories, authors and attachments, without the bodies. Changes nothing. */
  async function analyseFile(
    file: string,
  ): Promise<{ analysis: WordpressAnalysis; attachments: Map<string, string> }> {
    const attachments = new Map<string, string>();
    const counts: Record<string, number> = {};
    const byStatus: Record<string, number> = {};
    const categories = new Map<string, { slug: string; name: string; posts: number }>();
    let comments = 0;
    let channel: WxrChannel | undefined;
    const { channel: ch } = await readWxr(
      fs.createReadStream(file),
      {
        channel: (c) => {
          channel = c;
          for (const t of c.terms)
            if (t.domain === "category")
              categories.set(t.slug || t.name, { slug: t.slug || t.name, name: plainText(t.name), posts: 0 });
        },
        item: (i) => {
          const type = i.postType || "post";
          counts[type] = (counts[type] ?? 0) + 1;
          if (type === "attachment" && i.attachmentUrl) attachments.set(i.postId, i.attachmentUrl.trim());
          if (type !== "post") return;
          byStatus[i.status] = (byStatus[i.status] ?? 0) + 1;
          comments += i.comments;
          for (const t of i.terms) {
            if (t.domain !== "category") continue;
            const key = t.slug || t.name;
            const c = categories.get(key) ?? { slug: key, name: plainText(t.name), posts: 0 };
            c.posts++;
            categories.set(key, c);
          }
        },
      },
      { light: true },
    );
    channel ??= ch;
    const columns = await db.selectFrom("columns").select(["id", "name"]).execute();
    const byName = new Map(columns.map((c) => [c.name, c.id]));
    const exists = new Set(columns.map((c) => c.id));
    // What the last import of this site chose is proposed again (a re-run maps the same way).
    const site = siteKeyOf(channel);
    const last = await db
      .selectFrom("import_jobs")
      .select("options")
      .where("kind", "=", "wordpress")
      .where("site", "=", site)
      .where("status", "=", "done")
      .where("dry_run", "=", false)
      .orderBy("id", "desc")
      .executeTakeFirst();
    const chosen = parse<RunOptions>(last?.options ?? "{}", {}).columns ?? {};
    const proposal = (slug: string, name: string): number | null => {
      const c = chosen[slug];
      if (typeof c === "number" && exists.has(c)) return c;
      return byName.get((typeof c === "string" ? c : name).slice(0, IMPORT_LIMITS.columnName)) ?? null;
    };
    const posts = Object.entries(byStatus)
      .filter(([s]) => !["trash", "auto-draft", "inherit"].includes(s))
      .reduce((n, [, v]) => n + v, 0);
    return {
      attachments,
      analysis: {
        version: channel.version,
        siteTitle: plainText(channel.title),
        site,
        link: channel.link,
        posts,
        byStatus,
        pages: counts.page ?? 0,
        attachments: counts.attachment ?? 0,
        menus: counts.nav_menu_item ?? 0,
        others: Object.entries(counts)
          .filter(([t]) => !["post", "page", "attachment", "nav_menu_item"].includes(t))
          .reduce((n, [, v]) => n + v, 0),
        comments,
        authors: channel.authors.length,
        categories: [...categories.values()].map((c) => ({ ...c, columnId: proposal(c.slug, c.name) })),
      },
    };
  }

  /**
   * Columns for the categories: the choice made, else the column with the category's name, made
   * when missing (a dry run makes none and reports them). Returns the lookup and what was made.
   */
  async function planColumns(
    analysis: WordpressAnalysis,
    choices: Record<string, ColumnChoice>,
    dryRun: boolean,
  ) {
    const columns = await db.selectFrom("columns").select(["id", "name"]).orderBy("sort_order").execute();
    const byId = new Set(columns.map((c) => c.id));
    const byName = new Map(columns.map((c) => [c.name, c.id]));
    const made: string[] = [];
    let nextFake = -1;
    const columnNamed = async (raw: string): Promise<number> => {
      const name = raw.trim().slice(0, IMPORT_LIMITS.columnName) || "未分类";
      const known = byName.get(name);
      if (known !== undefined) return known;
      made.push(name);
      if (dryRun) {
        byName.set(name, nextFake);
        return nextFake--;
      }
      const id = await createColumn(name);
      byName.set(name, id);
      return id;
    };
    const bySlug = new Map<string, number>();
    for (const c of analysis.categories) {
      const choice = choices[c.slug] ?? choices[c.name];
      if (typeof choice === "number") {
        if (!byId.has(choice)) throw new AppError(400, `分类“${c.name}”对应的栏目（ID ${choice}）不存在`);
        bySlug.set(c.slug, choice);
      } else bySlug.set(c.slug, await columnNamed(typeof choice === "string" && choice ? choice : c.name));
    }
    let fallback: number | undefined;
    const columnOf = (cats: { slug: string; name: string }[]) => {
      for (const c of cats) {
        const id = bySlug.get(c.slug) ?? bySlug.get(c.name);
        if (id !== undefined) return id;
      }
      if (fallback === undefined) throw new Error("no fallback column");
      return fallback;
    };
    fallback = analysis.categories.length ? bySlug.get(analysis.categories[0]!.slug) : undefined;
    fallback ??= await columnNamed("未分类");
    return { columnOf, made };
  }

  /** A new column, last in the order. */
  async function createColumn(name: string): Promise<number> {
    const top = await db
      .selectFrom("columns")
      .select((eb) => eb.fn.max("sort_order").as("sort"))
      .executeTakeFirst();
    const made = await columnStore.create(columnResource, { name, sortOrder: Number(top?.sort ?? 0) + 1 });
    return Number(made.id);
  }

  /** Progress kept in memory and written with the heartbeat. */
  interface Progress {
    total: number;
    processed: number;
    counts: Record<Outcome, number>;
    notes: ImportNote[];
    omitted: number;
  }
  const newProgress = (total: number): Progress => ({
    total,
    processed: 0,
    counts: { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 },
    notes: [],
    omitted: 0,
  });
  const note = (p: Progress, n: ImportNote) => {
    if (p.notes.length < REPORT_LIMIT) p.notes.push(n);
    else p.omitted++;
  };
  const record = (p: Progress, r: ItemReport) => {
    p.processed++;
    deps.onItem?.(p.processed);
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
  const progressColumns = (p: Progress) => ({
    total: p.total,
    processed: p.processed,
    created: p.counts.created,
    updated: p.counts.updated,
    unchanged: p.counts.unchanged,
    skipped: p.counts.skipped,
    failed: p.counts.failed,
  });
  const reportOf = (p: Progress) =>
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

  /**
   * Runs `work` as job `id` in this process: the heartbeat writes the progress every second, the
   * end writes the outcome. A second start of a job already running anywhere is refused.
   */
  async function claim(id: number, from: ImportJobStatus[], dryRun: boolean) {
    const other = await db
      .selectFrom("import_jobs")
      .select("id")
      .where("status", "=", "running")
      .where("id", "!=", id)
      .where("heartbeat_at", ">", new Date(Date.now() - STALE_MS).toISOString())
      .executeTakeFirst();
    if (other) throw new AppError(409, `已有导入任务正在进行（#${other.id}），请等它完成后再开始`);
    const now = new Date().toISOString();
    const claimed = await db
      .updateTable("import_jobs")
      .set({
        status: "running",
        dry_run: dryRun,
        started_at: now,
        heartbeat_at: now,
        finished_at: null,
        error: "",
      })
      .where("id", "=", id)
      .where((eb) =>
        eb.or([
          eb("status", "in", from),
          eb.and([
            eb("status", "=", "running"),
            eb("heartbeat_at", "<", new Date(Date.now() - STALE_MS).toISOString()),
          ]),
        ]),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      const j = await job(id);
      throw new AppError(
        409,
        j.status === "running" ? "该导入任务正在进行" : `该导入任务${STATUS_TEXT[j.status]}，不能开始`,
      );
    }
  }

  /**
   * Runs `work` as job `id` in this process, under the job runner (its stop ends the work at the
   * next article: the row then shows the job interrupted, and it can go on).
   */
  function launch(id: number, progress: Progress, work: (p: Progress, stop: () => boolean) => Promise<void>) {
    const state = { done: Promise.resolve() };
    running.set(id, state);
    let beating = false;
    const beat = async () => {
      if (beating) return;
      beating = true;
      try {
        await db
          .updateTable("import_jobs")
          .set({ heartbeat_at: new Date().toISOString(), ...progressColumns(progress) })
          .where("id", "=", id)
          .where("status", "=", "running")
          .execute();
      } catch (err) {
        log.warn({ err: (err as Error).message, job: id }, "import heartbeat failed");
      } finally {
        beating = false;
      }
    };
    const timer = setInterval(beat, HEARTBEAT_MS);
    timer.unref();
    state.done = jobs.spawn(`import #${id}`, async (signal) => {
      let status: ImportJobStatus = "done";
      let error = "";
      try {
        await work(progress, () => signal.aborted);
      } catch (err) {
        status = "failed";
        error =
          err instanceof WxrError || err instanceof AppError ? err.message : "导入失败，请查看服务器日志";
        if (!(err instanceof WxrError || err instanceof AppError))
          log.error({ err: (err as Error).message, stack: (err as Error).stack, job: id }, "import failed");
      } finally {
        clearInterval(timer);
      }
      await db
        .updateTable("import_jobs")
        .set({
          status,
          error: error.slice(0, 1000),
          ...progressColumns(progress),
          report: reportOf(progress),
          finished_at: new Date().toISOString(),
          heartbeat_at: new Date().toISOString(),
        })
        .where("id", "=", id)
        .execute()
        .catch((err: Error) => log.error({ err: err.message, job: id }, "import job not closed"));
      running.delete(id);
      await deps.redirects.settled();
      log.info({ job: id, status, ...progress.counts }, "import finished");
    });
    return state.done;
  }

  /** The second pass: every post mapped and written, one transaction each. */
  /**
   * A WeChat import's job, claimed to run: a new one (its column checked), or the one being resumed.
   * Its options name the column and what to import.
   */
  async function wechatJob(
    o: {
      siteTitle: string;
      options: { columnId?: number; [what: string]: unknown };
      total: number;
      by: string;
    },
    resumeId?: number,
  ): Promise<number> {
    const { columnId } = o.options;
    if (columnId !== undefined) {
      const column = await db
        .selectFrom("columns")
        .select("id")
        .where("id", "=", columnId)
        .executeTakeFirst();
      if (!column) throw new AppError(400, "栏目不存在");
    }
    let id = resumeId;
    if (id === undefined) {
      const r = await db
        .insertInto("import_jobs")
        .values({
          kind: "wechat",
          status: "analysed",
          site: "mp.weixin.qq.com",
          site_title: o.siteTitle,
          options: JSON.stringify(o.options),
          total: o.total,
          created_by: o.by,
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      id = r.id;
    }
    await claim(id, ["analysed", "failed"], false);
    return id;
  }

  async function runWordpress(
    id: number,
    file: string,
    analysis: WordpressAnalysis,
    o: RunOptions,
    p: Progress,
    stop: () => boolean,
  ) {
    const attachments = attachmentsOf.get(id) ?? (await analyseFile(file)).attachments;
    const { columnOf, made } = await planColumns(analysis, o.columns ?? {}, o.dryRun === true);
    for (const name of made)
      note(p, {
        sourceId: "",
        title: "",
        outcome: "created",
        articleId: null,
        notes: [o.dryRun ? `将新建栏目“${name}”` : `已新建栏目“${name}”`],
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
              dryRun: o.dryRun,
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
  }

  return {
    job,
    STALE_MS,
    running: (id: number) => running.has(id),

    async list(f: { page: number; pageSize: number }) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom("import_jobs")
          .selectAll()
          .orderBy("id", "desc")
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize)
          .execute(),
        db
          .selectFrom("import_jobs")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      // The list shows no report (a job's page does).
      return {
        items: rows.map((r) => ({ ...toJob(r), report: [] })),
        total: Number(total.n),
        page: f.page,
        pageSize: f.pageSize,
      };
    },

    /**
     * An uploaded export, streamed to DATA_DIR/imports as it arrives: refused at once when its
     * declared size is over the limit or the disk lacks the room, and stopped (the partial file
     * removed) as soon as more than the limit arrives. Then read in the background (the job is
     * `analysing`, then `analysed` or `failed`).
     */
    async upload(
      body: ReadableStream<Uint8Array> | Readable | null,
      o: { fileName: string; declaredBytes?: number; by: string },
    ): Promise<ImportJob> {
      if (o.declaredBytes !== undefined && o.declaredBytes > maxBytes)
        throw new AppError(413, IMPORT_MESSAGES.tooLarge);
      if (!body) throw new AppError(400, IMPORT_MESSAGES.empty);
      await fsp.mkdir(dir, { recursive: true });
      if (o.declaredBytes !== undefined) {
        const free = await fsp.statfs(dir).then(
          (s) => Number(s.bavail) * Number(s.bsize),
          () => Number.POSITIVE_INFINITY,
        );
        if (free < o.declaredBytes + 64 * 1024 * 1024) throw new AppError(507, IMPORT_MESSAGES.noRoom);
      }
      const file = path.join(dir, `${crypto.randomBytes(12).toString("hex")}.xml`);
      let bytes = 0;
      const source = body instanceof Readable ? body : Readable.fromWeb(body as never);
      const counted = async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          bytes += chunk.length;
          if (bytes > maxBytes) throw new AppError(413, IMPORT_MESSAGES.tooLarge);
          yield chunk;
        }
      };
      try {
        await pipeline(source, counted, fs.createWriteStream(file, { flags: "wx" }));
      } catch (err) {
        await fsp.rm(file, { force: true });
        source.destroy();
        if (err instanceof AppError) throw err;
        if ((err as NodeJS.ErrnoException).code === "ENOSPC") throw new AppError(507, IMPORT_MESSAGES.noRoom);
        throw new AppError(400, IMPORT_MESSAGES.interrupted);
      }
      if (bytes === 0) {
        await fsp.rm(file, { force: true });
        throw new AppError(400, IMPORT_MESSAGES.empty);
      }
      const r = await db
        .insertInto("import_jobs")
        .values({
          kind: "wordpress",
          status: "analysing",
          file_name: o.fileName.slice(0, 300),
          file_path: file,
          file_bytes: bytes,
          created_by: o.by,
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      void this.analyse(r.id);
      return job(r.id);
    },

    /** Reads an uploaded export (the first pass) and stores what it holds; a bad file fails the job. */
    async analyse(id: number): Promise<ImportJob> {
      const r = await selectJob(db, id);
      if (!r) throw new AppError(404, "导入任务不存在");
      try {
        const { analysis, attachments } = await analyseFile(r.file_path);
        attachmentsOf.set(id, attachments);
        await setStatus(id, "analysed", {
          analysis: JSON.stringify(analysis),
          site: analysis.site,
          site_title: analysis.siteTitle.slice(0, 300),
          total: analysis.posts,
        });
      } catch (err) {
        const message = err instanceof WxrError ? err.message : "文件读取失败，请重新上传";
        if (!(err instanceof WxrError))
          log.error({ err: (err as Error).message, job: id }, "import analysis failed");
        else if (err.detail) log.info({ job: id, detail: err.detail }, "import file refused");
        await setStatus(id, "failed", { error: message, finished_at: new Date().toISOString() });
        // Nothing of an uploaded file will be imported: it goes (a file named on the command line stays).
        if (path.dirname(r.file_path) === dir) await fsp.rm(r.file_path, { force: true });
      }
      return job(id);
    },

    /** Starts (or goes on with) a WordPress import; the console polls the job. */
    async start(id: number, o: RunOptions): Promise<ImportJob> {
      const r = await selectJob(db, id);
      if (!r) throw new AppError(404, "导入任务不存在");
      if (r.kind !== "wordpress") throw new AppError(400, "该任务不是 WordPress 导入");
      const analysis = analysisOf(r.analysis);
      if (!analysis)
        throw new AppError(
          409,
          r.status === "failed" ? "文件无法导入，请重新上传" : "文件尚未读取完成，请稍候",
        );
      if (!fs.existsSync(r.file_path)) throw new AppError(409, "导入文件已不在服务器上，请重新上传");
      await claim(id, ["analysed", "done", "failed"], o.dryRun === true);
      await db
        .updateTable("import_jobs")
        .set({ options: JSON.stringify(o) })
        .where("id", "=", id)
        .execute();
      void launch(id, newProgress(analysis.posts), (p, stop) =>
        runWordpress(id, r.file_path, analysis, o, p, stop),
      );
      return job(id);
    },

    /** An interrupted job (its process was killed) goes on with its own options. */
    async resume(id: number): Promise<ImportJob> {
      const j = await job(id);
      if (j.status !== "interrupted" && j.status !== "failed")
        throw new AppError(409, "只有中断或失败的任务可以继续");
      if (j.kind === "wechat" && j.options.source === "account")
        return this.wechatAccount(
          {
            articles: (j.options.articles as Wanted[]) ?? [],
            columnId: j.options.columnId as number | undefined,
          },
          j.createdBy,
          id,
        );
      if (j.kind === "wechat")
        return this.wechat(
          { urls: (j.options.urls as string[]) ?? [], columnId: j.options.columnId as number | undefined },
          j.createdBy,
          id,
        );
      return this.start(id, j.options as RunOptions);
    },

    /** Imports WeChat articles by their addresses, each a draft (a job: fetching takes a while). */
    async wechat(
      o: { urls: string[]; columnId?: number },
      by: string,
      resumeId?: number,
    ): Promise<ImportJob> {
      const { urls, columnId } = o;
      const jobId = await wechatJob(
        { siteTitle: "公众号文章", options: { urls, columnId }, total: urls.length, by },
        resumeId,
      );
      void launch(jobId, newProgress(urls.length), async (p, stop) => {
        for (const url of urls) {
          if (stop()) break;
          record(p, await importWechatUrl(url, { ...deps, writer, jobId, columnId }));
        }
      });
      return job(jobId);
    },

    /** 从公众号选择: a page of the 公众号's published articles, each with whether it was imported. */
    async wechatPublished(f: { page: number; pageSize: number }) {
      if (!deps.wechatApi?.configured) throw new AppError(409, WECHAT_ACCOUNT_MESSAGES.notConfigured);
      return listPublished(deps.wechatApi, db, f);
    },

    /**
     * Imports chosen published articles of the 公众号, each a draft with its pictures re-hosted and
     * its WeChat link kept (a job, as by addresses). One imported before is updated in place or
     * left as it is, never doubled.
     */
    async wechatAccount(o: WechatAccountImport, by: string, resumeId?: number): Promise<ImportJob> {
      const client = deps.wechatApi;
      if (!client?.configured) throw new AppError(409, WECHAT_ACCOUNT_MESSAGES.notConfigured);
      const { columnId } = o;
      const articles = [...new Map(o.articles.map((a) => [`${a.articleId}:${a.idx}`, a])).values()];
      const jobId = await wechatJob(
        {
          siteTitle: "公众号文章（从公众号选择）",
          options: { source: "account", articles, columnId },
          total: articles.length,
          by,
        },
        resumeId,
      );
      void launch(jobId, newProgress(articles.length), async (p, stop) => {
        let found: Awaited<ReturnType<typeof fetchChosen>>;
        try {
          found = await fetchChosen(client, articles);
        } catch (err) {
          throw wechatConsoleError(err);
        }
        for (const w of articles) {
          if (stop()) break;
          const key = `${w.articleId}:${w.idx}`;
          const f = found.get(key)!;
          if ("error" in f) {
            record(p, { sourceId: key, title: key, outcome: "failed", notes: [f.error] });
            continue;
          }
          record(p, await importWechatArticle(f.article, { ...deps, writer, jobId, columnId }));
        }
      });
      return job(jobId);
    },

    /** The CLI's run: analyse and import a file in this process, telling `onProgress` as it goes. */
    async runFile(
      file: string,
      o: RunOptions & { by: string; onProgress?: (j: ImportJob) => void },
    ): Promise<ImportJob> {
      const r = await db
        .insertInto("import_jobs")
        .values({
          kind: "wordpress",
          status: "analysing",
          file_name: path.basename(file).slice(0, 300),
          file_path: path.resolve(file),
          file_bytes: fs.statSync(file).size,
          created_by: o.by,
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const analysed = await this.analyse(r.id);
      if (analysed.status === "failed") return analysed;
      const started = await this.start(r.id, { columns: o.columns, dryRun: o.dryRun });
      const timer = o.onProgress
        ? setInterval(() => job(r.id).then(o.onProgress!, () => {}), 2000)
        : undefined;
      await running.get(r.id)?.done;
      if (timer) clearInterval(timer);
      void started;
      return job(r.id);
    },
  };
}

const STATUS_TEXT: Record<ImportJob["status"], string> = {
  analysing: "正在读取文件",
  analysed: "等待开始",
  running: "正在进行",
  done: "已完成",
  failed: "已失败",
  interrupted: "已中断",
};

export type Imports = ReturnType<typeof createImports>;
export type { ImportKind };
