import { useCallback, useEffect, useState } from "react";
import { type ImportJob, ImportJobSchema } from "../../../../contract/imports";
import { ApiError, apiErrorText, useApi, useShowApiError } from "../api";
import { usePolling } from "../polling";

/** The colour of a job's status tag (its progress, the recent jobs). */
export const STATUS_COLOR: Record<ImportJob["status"], string> = {
  analysing: "processing",
  analysed: "blue",
  running: "processing",
  done: "green",
  failed: "red",
  interrupted: "orange",
};

/**
 * A job followed while it reads or imports: read again every second until it settles. `resume` continues
 * a stopped job; when that is refused, the server's message shows and the job is read again.
 */
export function useImportJob(id: number | null) {
  const api = useApi();
  const showApiError = useShowApiError();
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState("");
  const reload = useCallback(async () => {
    if (id === null) return setJob(null);
    try {
      setJob(await api("GET", `/api/admin/imports/${id}`, undefined, ImportJobSchema));
      setError("");
    } catch (err) {
      setError(apiErrorText(err));
    }
  }, [api, id]);
  useEffect(() => {
    void reload();
  }, [reload]);
  usePolling(job?.status === "analysing" || job?.status === "running", 1000, reload);
  async function resume() {
    if (!job) return;
    try {
      setJob(await api("POST", `/api/admin/imports/${job.id}/resume`, undefined, ImportJobSchema));
    } catch (err) {
      showApiError(err);
      void reload();
    }
  }
  return { job, error, setJob, resume };
}

/** Sends the file as the request body with XMLHttpRequest, whose upload events give the progress. */
export function uploadFile(
  file: File,
  csrfToken: string,
  onProgress: (percent: number) => void,
): Promise<ImportJob> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/admin/imports/wordpress?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("x-csrf-token", csrfToken);
    xhr.setRequestHeader("content-type", "application/xml");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.floor((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { message?: string; data?: unknown } | null = null;
      try {
        body = JSON.parse(xhr.responseText) as { message?: string; data?: unknown };
      } catch {}
      const parsed = xhr.status === 200 ? ImportJobSchema.safeParse(body?.data) : null;
      if (parsed?.success) resolve(parsed.data);
      else reject(new ApiError(xhr.status, body?.message || `上传失败（${xhr.status}）`));
    };
    xhr.onerror = () => reject(new ApiError(0, "网络异常，上传中断，请重试"));
    xhr.send(file);
  });
}
