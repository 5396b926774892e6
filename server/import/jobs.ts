import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { ImportJob } from "../../contract/imports";
import { IMPORT_MAX_BYTES, WECHAT_ACCOUNT_MESSAGES, type WechatAccountImport } from "../../contract/imports";
import type { Database } from "../db";
import type { ImportJobStatus, ImportKind } from "../db/schema";
import type { ContentService } from "../entities/articles";
import { createJobRunner, type JobRunner } from "../jobs/runner";
import type { Logger } from "../logger";
import type { ContentEvents } from "../services/content-events";
import { AppError } from "../services/errors";
import type { Redirects } from "../services/redirects";
import type { RemoteImages } from "../services/remote-images";
import type { WechatClient } from "../wechat/client";
import { analyseFile } from "./analysis";
import { analysisOf, STALE_MS, STATUS_TEXT, selectJob, toJob } from "./job-rows";
import { type ImportWork, newProgress, type Progress, progressColumns, reportOf } from "./progress";
import { receiveUpload } from "./upload";
import { listPublished, type Wanted } from "./wechat-account";
import { wechatAccountImport } from "./wechat-account-job";
import type { WechatFetch } from "./wechat-article";
import { wechatUrlsImport } from "./wechat-urls-job";
import { WxrError } from "./wordpress";
import { type RunOptions, wordpressImport } from "./wordpress-job";
import { createWriter } from "./writer";

/**
 * Import jobs (docs/product.md, "Import"): a WordPress export uploaded to disk (upload.ts), read once
 * to show what it holds and to map its categories (analysis.ts, columns.ts), then imported post by
 * post while the console polls the job's row; or WeChat articles by their addresses or chosen from
 * the 公众号. Each kind's run is its own module (wordpress-job.ts, wechat-urls-job.ts,
 * wechat-account-job.ts); this module holds the console's calls and runs them as jobs. The job's row
 * carries its progress (progress.ts, moved every second with its heartbeat), so any instance can
 * answer for it, and a job whose heartbeat stopped (its process was killed) shows as interrupted and
 * can go on: what was imported is skipped (job-rows.ts).
 */

const HEARTBEAT_MS = 1000;

export type { ColumnChoice } from "./columns";
export type { RunOptions } from "./wordpress-job";

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

export function createImports(deps: ImportDeps) {
  const { db } = deps.database;
  const log = deps.logger;
  const writer = createWriter(deps);
  const dir = path.join(deps.dataDir, "imports");
  const maxBytes = deps.maxBytes ?? IMPORT_MAX_BYTES;
  const jobs = deps.jobs ?? createJobRunner(log);
  /** jobs running in this process (their heartbeat is ours) */
  const running = new Map<number, { done: Promise<void> }>();
  /** attachments read by an analysis, kept for the run that follows it here */
  const attachmentsOf = new Map<number, Map<string, string>>();

  async function job(id: number): Promise<ImportJob> {
    const r = await selectJob(db, id);
    if (!r) throw new AppError(404, "导入任务不存在");
    return toJob(r, running.has(r.id));
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

  /**
   * Claims job `id` to run here: it must be in one of `from`, or running with a stopped heartbeat
   * (interrupted). A start while another job runs anywhere is refused.
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
   * next article: the row then shows the job interrupted, and it can go on): the heartbeat writes
   * the progress every second, the end writes the outcome.
   */
  function launch(id: number, progress: Progress, work: ImportWork) {
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
        items: rows.map((r) => ({ ...toJob(r, running.has(r.id)), report: [] })),
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
      const { file, bytes } = await receiveUpload(body, { dir, maxBytes, declaredBytes: o.declaredBytes });
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
        const { analysis, attachments } = await analyseFile(db, r.file_path);
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
      void launch(
        id,
        newProgress(analysis.posts, deps.onItem),
        wordpressImport({
          ...deps,
          writer,
          jobId: id,
          file: r.file_path,
          analysis,
          options: o,
          attachments: attachmentsOf.get(id),
        }),
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
      void launch(
        jobId,
        newProgress(urls.length, deps.onItem),
        wechatUrlsImport(urls, { ...deps, writer, jobId, columnId }),
      );
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
      void launch(
        jobId,
        newProgress(articles.length, deps.onItem),
        wechatAccountImport(articles, { ...deps, client, writer, jobId, columnId }),
      );
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

export type Imports = ReturnType<typeof createImports>;
export type { ImportKind };
