import { BackupStatusSchema } from "../../../contract/privacy";
import { backupStatus } from "../../backup/status";
import { endpoint } from "../endpoint";

/** GET /api/admin/backup-status: the dashboard warns when the last good backup is two intervals old. */
export const consoleBackupEndpoints = [
  endpoint({
    method: "get",
    path: "/api/admin/backup-status",
    tag: "后台·概览",
    role: "editor",
    summary: "The age of the last good backup and whether it is older than two BACKUP_INTERVALs",
    response: BackupStatusSchema,
    handler: (_q, s) => backupStatus(s.config, s.kv),
  }),
];
