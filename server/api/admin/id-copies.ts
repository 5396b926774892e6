import fs from "node:fs/promises";
import path from "node:path";
import type { Services } from "../../services";
import { AppError } from "../../services/errors";
import { ID_COPY_TYPES, idCopyFile } from "../../services/id-copies";
import { type AdminApp, actorOf, idParamOf, requireRole } from "./context";

/**
 * GET /api/admin/leads/:id/id-copy: a lead's ID-card copy, for admins (who see leads) only. Every
 * view is written to the audit log, like revealing an ID number.
 */
export function mountIdCopyRoutes(app: AdminApp, services: Services) {
  app.get("/api/admin/leads/:id/id-copy", async (c) => {
    requireRole(c, "admin");
    const lead = await services.admin.records.lead(idParamOf(c));
    const file = lead.idCopyPic ? idCopyFile(services.config.DATA_DIR, lead.idCopyPic) : null;
    if (!file) throw new AppError(404, "该线索没有身份证复印件");
    let data: Buffer;
    try {
      data = await fs.readFile(file);
    } catch {
      throw new AppError(404, "身份证复印件不存在或已按保存期限删除");
    }
    await services.admin.audit.record(actorOf(c), {
      action: "view_id_copy",
      entity: "lead",
      entityId: lead.id,
      summary: `查看线索 #${lead.id} 的身份证复印件`,
    });
    return c.body(new Uint8Array(data), 200, {
      "content-type": ID_COPY_TYPES[path.extname(file)] ?? "application/octet-stream",
      "content-disposition": "inline",
      "x-content-type-options": "nosniff",
    });
  });
}
