import { backupStatus } from "../../backup/status";
import type { Services } from "../../services";
import { ok } from "../envelope";
import { type AdminApp, requireRole } from "./context";

/** GET /api/admin/backup-status: the dashboard warns when the last good backup is two intervals old. */
export function mountBackupRoutes(app: AdminApp, services: Services) {
  app.get("/api/admin/backup-status", async (c) => {
    requireRole(c, "editor");
    return ok(c, await backupStatus(services.config, services.store));
  });
}
