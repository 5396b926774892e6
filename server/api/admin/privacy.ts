import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import {
  BackupStatusSchema,
  ErasureDoneSchema,
  ErasurePreviewSchema,
  ErasureRequestSchema,
} from "../../../contract/privacy";
import { backupStatus } from "../../backup/status";
import { AppError } from "../../services/errors";
import { ID_COPY_TYPES, idCopyFile } from "../../services/id-copies";
import { actorOf, pathId } from "../console";
import { endpoint } from "../endpoint";

const tag = "后台·个人信息与备份";

/**
 * Personal data and backups in the console: a lead's private ID-card copy (admins, every view
 * audited like revealing an ID number), erasing one person's data on request (admins: first what
 * will go, then the erasure, audited), and the age of the last good backup (the dashboard's warning).
 */
export const consolePrivacyEndpoints = [
  endpoint({
    method: "get",
    path: "/api/admin/leads/:id/id-copy",
    tag,
    role: "admin",
    summary: "A lead's ID-card copy (the picture itself; each view is audited)",
    response: z.unknown().describe("the picture (image/jpeg, image/png or image/webp), not an envelope"),
    handler: async (_q, s, c) => {
      const lead = await s.mcn.lead(pathId(c));
      const file = lead.idCopyPic ? idCopyFile(s.config.DATA_DIR, lead.idCopyPic) : null;
      if (!file) throw new AppError(404, "该线索没有身份证复印件");
      let data: Buffer;
      try {
        data = await fs.readFile(file);
      } catch {
        throw new AppError(404, "身份证复印件不存在或已按保存期限删除");
      }
      return { lead, file, data };
    },
    answer: ({ file, data }) =>
      new Response(new Uint8Array(data), {
        headers: {
          "content-type": ID_COPY_TYPES[path.extname(file)] ?? "application/octet-stream",
          "content-disposition": "inline",
          "x-content-type-options": "nosniff",
          "cache-control": "no-store",
        },
      }),
    audit: ({ lead }) => ({
      action: "view_id_copy",
      entity: "lead",
      entityId: lead.id,
      summary: `查看线索 #${lead.id} 的身份证复印件`,
    }),
  }),
  endpoint({
    method: "get",
    path: "/api/admin/privacy/erasure",
    tag,
    role: "admin",
    summary: "What erasing one person's data (by mobile number) would erase",
    query: ErasureRequestSchema,
    response: ErasurePreviewSchema,
    handler: async ({ mobile }, s) => ({
      ...(await s.retention.planForMobile(mobile)),
      retentionDays: s.retention.days,
    }),
  }),
  endpoint({
    method: "post",
    path: "/api/admin/privacy/erasure",
    tag,
    role: "admin",
    summary: "Erase one person's personal data (by mobile number) from orders, leads and ID copies",
    body: ErasureRequestSchema,
    response: ErasureDoneSchema,
    handler: async ({ mobile }, s, c) => {
      const r = await s.retention.eraseForMobile(mobile, actorOf(c));
      return { orders: r.orders, leads: r.leads, files: r.files };
    },
  }),
  endpoint({
    method: "get",
    path: "/api/admin/backup-status",
    tag,
    role: "editor",
    summary: "The age of the last good backup; stale when older than two BACKUP_INTERVALs",
    response: BackupStatusSchema,
    handler: (_q, s) => backupStatus(s.config, s.store),
  }),
];
