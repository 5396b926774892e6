import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { type Selectable, sql } from "kysely";
import type { z } from "zod";
import { type AdminLead, LEAD_STATUSES, type LeadFilterSchema, type Paged } from "../../contract/admin";
import type { LeadSourcePage } from "../../contract/answers";
import {
  MCN_DEDUP_MINUTES,
  MCN_MESSAGES,
  type McnBusiness,
  type McnExpert,
  type McnForm,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_TYPES,
} from "../../contract/mcn";
import { cleanText } from "../../contract/text";
import type { Database } from "../db";
import type { McnLeadTable } from "../db/schema";
import { lazily } from "../lazily";
import type { Logger } from "../logger";
import { beijingDayEnd, beijingDayStart, beijingTime, toCsv } from "../services/csv";
import { AppError } from "../services/errors";
import { sealIdCopy } from "../services/id-copies";
import type { LeadWebhook } from "../services/lead-webhook";
import type { LimitRule } from "../services/limits";
import type { Pii } from "../services/pii";

const sharp = lazily<typeof import("sharp").default>("sharp");

/**
 * Submits of both forms per hashed IP: generous for people, tight for scripts. The endpoints count
 * them (their `limit`), before the body is read.
 */
export const LEAD_LIMIT: LimitRule = {
  name: "mcn-lead",
  points: 10,
  durationSec: 3600,
  message: MCN_MESSAGES.rateLimited,
};
export const UPLOAD_LIMIT: LimitRule = {
  name: "upload",
  points: 20,
  durationSec: 3600,
  message: UPLOAD_MESSAGES.rateLimited,
};

type LeadFilter = z.infer<typeof LeadFilterSchema>;

/** Rows of one export at most (an export of everything is a database dump, not a sheet). */
export const EXPORT_MAX_ROWS = 50_000;
const label = (list: readonly { value: string; label: string }[], v: string) =>
  list.find((x) => x.value === v)?.label ?? v;

/** The longest source page kept (a landing page's path is at most 200 characters). */
export const SOURCE_PAGE_MAX = 200;

/**
 * The page a lead was sent from, as 线索 shows and filters it: the path of the Referer when the
 * Referer is a page of this site (one of `hosts`), else null. The path is decoded (a Chinese path
 * reads as typed), without query or fragment, control characters, repeated or trailing slashes,
 * and at most SOURCE_PAGE_MAX characters: one page is always written the same way.
 */
export function leadSourcePage(referer: string | undefined, hosts: readonly (string | undefined)[]) {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !hosts.includes(url.host)) return null;
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {}
  path = cleanText(path)
    .replace(/\s+/g, "")
    .replace(/\/{2,}/g, "/")
    .replace(/(.)\/$/, "$1");
  return path.startsWith("/") ? Array.from(path).slice(0, SOURCE_PAGE_MAX).join("") : null;
}

/** Where the request came from; stored with the lead, never logged. */
export interface LeadMeta {
  ipHash: string;
  userAgent?: string | null;
  /** the page holding the form, a site path (leadSourcePage) */
  sourcePage?: string | null;
  /** the honeypot field's value */
  honeypot?: unknown;
}

export type SubmitOutcome = "stored" | "duplicate" | "dropped";

/** A stored lead: what the console shows (AdminLead) and the hashed IP, which stays on the server. */
export interface McnLead extends AdminLead {
  ipHash: string | null;
}

/** A lead as the console shows it: everything but the hashed IP. */
const forConsole = ({ ipHash: _ipHash, ...lead }: McnLead): AdminLead => lead;

const toLead = (r: Selectable<McnLeadTable>): McnLead => ({
  id: r.id,
  form: r.form,
  name: r.name,
  phone: r.phone,
  brand: r.brand,
  role: r.role,
  channelNickname: r.channel_nickname,
  channelLink: r.channel_link,
  idCopyPic: r.id_copy_pic,
  sourcePage: r.source_page,
  userAgent: r.user_agent,
  ipHash: r.ip_hash,
  status: r.status,
  createdAt: r.created_at,
});

const clip = (s: string | null | undefined, n: number) => (s ? s.slice(0, n) : null);

const EXT: Record<(typeof UPLOAD_TYPES)[number], "jpg" | "png" | "webp"> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/** MCN leads (docs/product.md §3 merchant and influencer forms) and the pictures uploaded for them. */
export function createMcnService(opts: {
  database: Database;
  logger: Logger;
  webhook: LeadWebhook;
  uploadsDir: string;
  /** the PII key: ID copies are stored encrypted under a key derived from it (services/id-copies.ts) */
  pii: () => Pii;
}) {
  const { database, logger, webhook } = opts;
  const { db } = database;
  const mcnDir = path.join(opts.uploadsDir, "mcn");

  /**
   * Stores a lead unless it repeats one: the same phone on the same form within the dedup window is
   * answered like a success and stores nothing. The check and the insert run in one transaction,
   * serialised per form and phone (one SQLite connection; a PostgreSQL advisory lock across
   * instances), so two simultaneous clicks store one lead.
   */
  function leadQuery(f: Omit<LeadFilter, "page" | "pageSize">) {
    let q = db.selectFrom("mcn_leads");
    if (f.form) q = q.where("form", "=", f.form);
    if (f.status) q = q.where("status", "=", f.status);
    if (f.sourcePage) q = q.where("source_page", "=", f.sourcePage);
    if (f.from) q = q.where("created_at", ">=", beijingDayStart(f.from));
    if (f.to) q = q.where("created_at", "<", beijingDayEnd(f.to));
    if (f.q) {
      const like = `%${f.q}%`;
      q = q.where((eb) =>
        eb.or([eb("name", "like", like), eb("phone", "like", like), eb("brand", "like", like)]),
      );
    }
    return q;
  }

  async function store(
    form: McnForm,
    values: Omit<Selectable<McnLeadTable>, "id" | "status" | "form" | "created_at">,
  ) {
    const now = new Date();
    const createdAt = now.toISOString();
    const since = new Date(now.getTime() - MCN_DEDUP_MINUTES * 60_000).toISOString();
    return db.transaction().execute(async (tx) => {
      if (database.dialect === "postgres") {
        await sql`select pg_advisory_xact_lock(hashtext(${`mcn:${form}:${values.phone}`}))`.execute(tx);
      }
      const repeat = await tx
        .selectFrom("mcn_leads")
        .select("id")
        .where("form", "=", form)
        .where("phone", "=", values.phone)
        .where("created_at", ">", since)
        .executeTakeFirst();
      if (repeat) return null;
      const row = await tx
        .insertInto("mcn_leads")
        .values({ ...values, form, status: "new", created_at: createdAt })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toLead(row);
    });
  }

  async function submit(
    form: McnForm,
    input: McnBusiness | McnExpert,
    meta: LeadMeta,
  ): Promise<{ outcome: SubmitOutcome; lead?: McnLead }> {
    if (meta.honeypot !== undefined && meta.honeypot !== null && meta.honeypot !== "") {
      logger.info({ form }, "mcn lead dropped by the honeypot");
      return { outcome: "dropped" };
    }
    const common = {
      source_page: clip(meta.sourcePage, 500),
      user_agent: clip(meta.userAgent, 500),
      ip_hash: meta.ipHash,
    };
    const values =
      form === "business"
        ? (() => {
            const b = input as McnBusiness;
            return {
              ...common,
              name: b.contactName,
              phone: b.contactPhone,
              brand: b.brand,
              role: b.role,
              channel_nickname: null,
              channel_link: null,
              id_copy_pic: null,
            };
          })()
        : (() => {
            const e = input as McnExpert;
            return {
              ...common,
              name: e.name,
              phone: e.phone,
              brand: null,
              role: null,
              channel_nickname: e.channelNickname ?? null,
              channel_link: e.channelLink ?? null,
              id_copy_pic: e.idCopyPic ?? null,
            };
          })();
    if (values.id_copy_pic && !(await exists(path.join(mcnDir, path.basename(values.id_copy_pic))))) {
      throw new AppError(400, MCN_MESSAGES.idCopyPic);
    }
    const lead = await store(form, values);
    if (!lead) {
      logger.info({ form }, "mcn lead repeated within the dedup window, not stored");
      return { outcome: "duplicate" };
    }
    logger.info({ form, leadId: lead.id }, "mcn lead stored");
    webhook.notify({
      id: lead.id,
      form,
      name: lead.name,
      phone: lead.phone,
      brand: lead.brand,
      role: lead.role,
      channelNickname: lead.channelNickname,
      channelLink: lead.channelLink,
      hasIdCopyPic: Boolean(lead.idCopyPic),
      sourcePage: lead.sourcePage,
      createdAt: lead.createdAt,
    });
    return { outcome: "stored", lead };
  }

  /**
   * Checks an uploaded picture by its bytes (not its name or declared type), re-encodes it (applies
   * the EXIF rotation and drops EXIF data such as GPS positions) and stores it under a random name.
   * Returns the public path.
   */
  async function storePicture(bytes: Uint8Array): Promise<string> {
    if (bytes.byteLength === 0) throw new AppError(400, UPLOAD_MESSAGES.missing);
    if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new AppError(400, UPLOAD_MESSAGES.tooLarge);
    const type = await fileTypeFromBuffer(bytes);
    const mime = type?.mime as (typeof UPLOAD_TYPES)[number] | undefined;
    if (!mime || !UPLOAD_TYPES.includes(mime)) throw new AppError(400, UPLOAD_MESSAGES.type);
    const ext = EXT[mime];
    let out: Buffer;
    try {
      const img = sharp()(bytes, { limitInputPixels: 50_000_000 }).rotate();
      out = await (ext === "jpg"
        ? img.jpeg({ quality: 90, mozjpeg: true })
        : ext === "png"
          ? img.png()
          : img.webp({ quality: 90 })
      ).toBuffer();
    } catch {
      throw new AppError(400, UPLOAD_MESSAGES.broken);
    }
    await fs.mkdir(mcnDir, { recursive: true });
    const name = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
    await fs.writeFile(path.join(mcnDir, name), sealIdCopy(opts.pii(), out), { flag: "wx", mode: 0o600 });
    logger.info({ bytes: out.byteLength, type: ext }, "mcn picture stored");
    return `/uploads/mcn/${name}`;
  }

  return {
    submit,
    storePicture,
    webhook,
    /** Latest leads first (tests and scripts; the console reads leads()). */
    async list(filter: { form?: McnForm; limit?: number } = {}): Promise<McnLead[]> {
      let q = db.selectFrom("mcn_leads").selectAll();
      if (filter.form) q = q.where("form", "=", filter.form);
      const rows = await q
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(filter.limit ?? 100)
        .execute();
      return rows.map(toLead);
    },

    /** Leads as operators see them: filtered, paged, newest first. */
    async leads(f: LeadFilter): Promise<Paged<AdminLead>> {
      const q = leadQuery(f);
      const [rows, total] = await Promise.all([
        q
          .selectAll()
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((r) => forConsole(toLead(r))),
        total: Number(total.n),
        page: f.page,
        pageSize: f.pageSize,
      };
    },

    /**
     * The pages leads were sent from, with how many each and the name of the landing page there
     * (null: not a landing page), most leads first: 线索's page filter.
     */
    async sourcePages(): Promise<LeadSourcePage[]> {
      const rows = await db
        .selectFrom("mcn_leads")
        .leftJoin("landing_pages", (j) =>
          j.on((eb) => eb("landing_pages.path_key", "=", eb.fn<string>("lower", ["mcn_leads.source_page"]))),
        )
        .select([
          "mcn_leads.source_page as page",
          (eb) => eb.fn.max("landing_pages.name").as("name"),
          (eb) => eb.fn.countAll<number>().as("n"),
        ])
        .where("mcn_leads.source_page", "is not", null)
        .groupBy("mcn_leads.source_page")
        .orderBy("n", "desc")
        .orderBy("mcn_leads.source_page")
        .limit(500)
        .execute();
      return rows.map((r) => ({ page: r.page ?? "", name: r.name ?? null, leads: Number(r.n) }));
    },

    async lead(id: number): Promise<AdminLead> {
      const r = await db.selectFrom("mcn_leads").selectAll().where("id", "=", id).executeTakeFirst();
      if (!r) throw new AppError(404, "线索不存在");
      return forConsole(toLead(r));
    },

    async setLeadStatus(id: number, status: AdminLead["status"]): Promise<AdminLead> {
      const r = await db.updateTable("mcn_leads").set({ status }).where("id", "=", id).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw new AppError(404, "线索不存在");
      return this.lead(id);
    },

    async leadsCsv(f: Omit<LeadFilter, "page" | "pageSize">): Promise<{ csv: string; rows: number }> {
      const rows = await leadQuery(f)
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(EXPORT_MAX_ROWS)
        .execute();
      const csv = toCsv(
        [
          "编号",
          "类型",
          "姓名/联系人",
          "电话",
          "品牌",
          "角色",
          "主渠道昵称",
          "主渠道链接",
          "身份证复印件",
          "来源页面",
          "状态",
          "提交时间",
        ],
        rows.map((r) => [
          r.id,
          r.form === "business" ? "商家合作" : "达人合作",
          r.name,
          r.phone,
          r.brand,
          r.role,
          r.channel_nickname,
          r.channel_link,
          r.id_copy_pic ? "有" : "",
          r.source_page,
          label(LEAD_STATUSES, r.status),
          beijingTime(r.created_at),
        ]),
      );
      return { csv, rows: rows.length };
    },
  };
}

async function exists(p: string): Promise<boolean> {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}

export type McnService = ReturnType<typeof createMcnService>;
