import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { AppError } from "../../services/errors";
import { ID_COPY_TYPES, idCopyFile, openIdCopy } from "../../services/id-copies";
import { pathId } from "../console";
import { endpoint } from "../endpoint";

/**
 * GET /api/admin/leads/:id/id-copy: a lead's ID-card copy, for admins (who see leads) only. Every
 * view is written to the audit log, like revealing an ID number.
 */
export const consoleIdCopyEndpoints = [
  endpoint({
    method: "get",
    path: "/api/admin/leads/:id/id-copy",
    tag: "后台·MCN 线索",
    role: "admin",
    summary: "A lead's ID-card copy, as the picture (each view written to the audit log)",
    response: z.string().describe("image/jpeg, image/png or image/webp"),
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
      try {
        data = openIdCopy(s.signup.pii, data);
      } catch {
        throw new Error("an ID copy does not decrypt under this PII key");
      }
      const picture = c.body(new Uint8Array(data), 200, {
        "content-type": ID_COPY_TYPES[path.extname(file)] ?? "application/octet-stream",
        "content-disposition": "inline",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      });
      return { lead, picture };
    },
    answer: (r) => r.picture,
    audit: ({ lead }) => ({
      action: "view_id_copy",
      entity: "lead",
      entityId: lead.id,
      summary: `查看线索 #${lead.id} 的身份证复印件`,
    }),
  }),
];
