import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { type Selectable, sql } from "kysely";
import sharp from "sharp";
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
import type { Database } from "../db";
import type { McnLeadTable } from "../db/schema";
import type { Logger } from "../logger";
import { AppError } from "./errors";
import type { LeadWebhook } from "./lead-webhook";
import type { LimitRule, Limits } from "./limits";

/** Submits of both forms per hashed IP: generous for people, tight for scripts. */
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

/** Where the request came from; stored with the lead, never logged. */
export interface LeadMeta {
  ipHash: string;
  userAgent?: string | null;
  /** path of the Referer (the page holding the form) */
  sourcePage?: string | null;
  /** the honeypot field's value */
  honeypot?: unknown;
}

export type SubmitOutcome = "stored" | "duplicate" | "dropped";

export interface McnLead {
  id: number;
  form: McnForm;
  name: string;
  phone: string;
  brand: string | null;
  role: string | null;
  channelNickname: string | null;
  channelLink: string | null;
  idCopyPic: string | null;
  sourcePage: string | null;
  userAgent: string | null;
  ipHash: string | null;
  status: McnLeadTable["status"];
  createdAt: string;
}

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

/** MCN leads (SPEC §3 merchant and influencer forms) and the pictures uploaded for them. */
export function createMcnService(opts: {
  database: Database;
  limits: Limits;
  logger: Logger;
  webhook: LeadWebhook;
  uploadsDir: string;
}) {
  const { database, limits, logger, webhook } = opts;
  const { db } = database;
  const mcnDir = path.join(opts.uploadsDir, "mcn");

  /**
   * Stores a lead unless it repeats one: the same phone on the same form within the dedup window is
   * answered like a success and stores nothing. The check and the insert run in one transaction,
   * serialised per form and phone (one SQLite connection; a PostgreSQL advisory lock across
   * instances), so two simultaneous clicks store one lead.
   */
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
    await limits.consume(LEAD_LIMIT, meta.ipHash);
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
      const img = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate();
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
    await fs.writeFile(path.join(mcnDir, name), out, { flag: "wx" });
    logger.info({ bytes: out.byteLength, type: ext }, "mcn picture stored");
    return `/uploads/mcn/${name}`;
  }

  return {
    submit,
    storePicture,
    webhook,
    /** Latest leads first (the console has its own filtered lists; this serves tests and scripts). */
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
