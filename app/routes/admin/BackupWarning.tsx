import { Alert } from "antd";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { BackupStatusSchema } from "../../../contract/privacy";
import { useApi } from "./api";

type BackupStatus = z.infer<typeof BackupStatusSchema>;

const hours = (s: number) =>
  s >= 86_400 ? `${Math.floor(s / 86_400)} 天` : `${Math.max(1, Math.round(s / 3600))} 小时`;

/** The dashboard's warning when scheduled backups fall behind (README "Backups"). */
export function BackupWarning() {
  const api = useApi();
  const [status, setStatus] = useState<BackupStatus | null>(null);
  useEffect(() => {
    api("GET", "/api/admin/backup-status", undefined, BackupStatusSchema)
      .then(setStatus)
      .catch(() => setStatus(null));
  }, [api]);
  if (!status?.stale) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message="备份已过期"
      description={
        status.ageSeconds === null
          ? `已开启每 ${hours(status.intervalSeconds)}一次的定时备份，但还没有成功的备份，请检查服务器日志和备份目录。`
          : `最近一次成功备份在 ${hours(status.ageSeconds)}前，已超过两个备份周期（每 ${hours(status.intervalSeconds)}一次），请检查服务器日志和备份目录。`
      }
    />
  );
}
