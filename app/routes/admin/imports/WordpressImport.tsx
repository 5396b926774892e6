import { InboxOutlined } from "@ant-design/icons";
import { Alert, App, Button, Descriptions, Progress, Space, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { IMPORT_MAX_BYTES, ImportJobSchema } from "../../../../contract/imports";
import { useApi, useConsoleSession, useShowApiError } from "../api";
import { useColumnsAndTags } from "../options";
import { ColumnMapping } from "./ColumnMapping";
import { JobProgress } from "./JobProgress";
import { uploadFile, useImportJob } from "./job";

/**
 * WordPress 导入: upload an export, see what it holds, map its categories to columns, then a dry run
 * or the import, followed until it ends (the job's id is in the address).
 */
export function WordpressImport({
  jobId,
  setJobId,
}: {
  jobId: number | null;
  setJobId: (id: number | null) => void;
}) {
  const api = useApi();
  const { csrfToken } = useConsoleSession();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const { columns } = useColumnsAndTags();
  const { job, error, setJob, resume } = useImportJob(jobId);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [mapping, setMapping] = useState<Record<string, number | string>>({});
  const [starting, setStarting] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The proposal: a column of the category's name where there is one, a new one otherwise.
  useEffect(() => {
    if (job?.status !== "analysed" || !job.analysis) return;
    setMapping(
      Object.fromEntries(job.analysis.categories.map((c) => [c.slug, c.columnId ?? c.name.slice(0, 20)])),
    );
  }, [job?.status, job?.analysis]);

  async function send() {
    if (!file) return message.warning("请选择 WordPress 导出的 .xml 文件");
    if (file.size > IMPORT_MAX_BYTES)
      return message.error(
        `文件超过 ${IMPORT_MAX_BYTES / 1024 / 1024} MB，无法导入；请在 WordPress 的“导出”中分批导出`,
      );
    setUploading(0);
    try {
      const j = await uploadFile(file, csrfToken, setUploading);
      setJob(j);
      setJobId(j.id);
    } catch (err) {
      showApiError(err);
    } finally {
      setUploading(null);
    }
  }

  async function start(dryRun: boolean) {
    if (!job) return;
    setStarting(true);
    try {
      setJob(
        await api(
          "POST",
          `/api/admin/imports/${job.id}/start`,
          { columns: mapping, dryRun },
          ImportJobSchema,
        ),
      );
    } catch (err) {
      showApiError(err);
    } finally {
      setStarting(false);
    }
  }

  const a = job?.analysis;
  return (
    <div>
      {!job && (
        <>
          <div className="import-drop">
            <InboxOutlined className="import-drop-icon" />
            <p>选择 WordPress 后台“工具 › 导出”得到的 .xml 文件（WXR 1.1 / 1.2，最大 512 MB）</p>
            <input
              ref={input}
              type="file"
              accept=".xml,application/xml,text/xml"
              aria-label="WordPress 导出文件"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" onClick={send} loading={uploading !== null} disabled={!file}>
              上传并读取
            </Button>
            {file && (
              <Typography.Text type="secondary">
                {file.name}（{(file.size / 1024 / 1024).toFixed(1)} MB）
              </Typography.Text>
            )}
          </Space>
          {uploading !== null && (
            <Progress percent={uploading} status="active" aria-label="上传进度" style={{ marginTop: 12 }} />
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            文章导入为本站文章（已发布、定时、草稿保持原状态，有密码的文章导入为草稿），分类对应栏目，标签、作者、摘要、特色图片、发布时间和别名都会保留；
            正文里的图片会下载到本站。页面、附件、菜单和评论不导入。同一个文件可以重复导入：已导入且未改动的文章会跳过，改动过的会更新。
            原来的文章地址（固定链接、/?p=ID、/archives/ID）会 301 跳转到新地址。
          </Typography.Paragraph>
        </>
      )}
      {error && <Alert type="error" showIcon message={error} />}
      {job && (
        <>
          {job.status === "analysing" && <Progress percent={100} status="active" format={() => "读取中"} />}
          {a && (
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 2, lg: 3 }}
              style={{ marginBottom: 16 }}
              items={[
                { key: "site", label: "站点", children: `${a.siteTitle}（${a.site}）` },
                { key: "version", label: "导出格式", children: `WXR ${a.version}` },
                { key: "posts", label: "文章", children: `${a.posts} 篇` },
                {
                  key: "skipped",
                  label: "不导入",
                  children: `页面 ${a.pages}、附件 ${a.attachments}、菜单 ${a.menus}、评论 ${a.comments}`,
                },
                { key: "authors", label: "作者", children: `${a.authors} 位（保留显示名）` },
                {
                  key: "file",
                  label: "文件",
                  children: `${job.fileName}（${(job.fileBytes / 1024 / 1024).toFixed(1)} MB）`,
                },
              ]}
            />
          )}
          {job.status === "analysed" && (
            <>
              <Typography.Title level={5}>分类与栏目</Typography.Title>
              <ColumnMapping job={job} columns={columns} value={mapping} onChange={setMapping} />
              <Space style={{ marginTop: 16 }}>
                <Button onClick={() => start(true)} loading={starting}>
                  预演（不写入）
                </Button>
                <Button type="primary" onClick={() => start(false)} loading={starting}>
                  开始导入
                </Button>
              </Space>
            </>
          )}
          {job.status !== "analysed" && job.status !== "analysing" && (
            <JobProgress job={job} onResume={resume} />
          )}
          {job.status === "done" && job.dryRun && (
            <Space style={{ marginTop: 16 }}>
              <Button type="primary" onClick={() => start(false)} loading={starting}>
                按此导入
              </Button>
            </Space>
          )}
          {job.status !== "running" && job.status !== "analysing" && (
            <Button style={{ marginTop: 16 }} onClick={() => setJobId(null)}>
              导入另一个文件
            </Button>
          )}
        </>
      )}
    </div>
  );
}
