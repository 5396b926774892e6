import { InboxOutlined } from "@ant-design/icons";
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Pagination,
  Popconfirm,
  Progress,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { pagedOf } from "../../../contract/answers";
import { fieldError } from "../../../contract/field-error";
import {
  IMPORT_MAX_BYTES,
  IMPORT_STATUS_LABELS,
  type ImportJob,
  ImportJobSchema,
  type ImportNote,
  OUTCOME_LABELS,
  RedirectFormSchema,
  type RedirectRow,
  RedirectRowSchema,
  WECHAT_ACCOUNT_PAGE_SIZE,
  WECHAT_MAX_URLS,
  type WechatAccountArticle,
  WechatAccountArticleSchema,
} from "../../../contract/imports";
import type { Route } from "./+types/imports";
import {
  ApiError,
  apiErrorText,
  formatDateTime,
  NO_STORE,
  useApi,
  useConsoleSession,
  useShowApiError,
} from "./api";
import { useColumnsAndTags } from "./options";
import { usePolling } from "./polling";
import { listPagination, useFilters, usePagedList } from "./records";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "导入 - 编辑后台" }];
}

const STATUS_COLOR: Record<ImportJob["status"], string> = {
  analysing: "processing",
  analysed: "blue",
  running: "processing",
  done: "green",
  failed: "red",
  interrupted: "orange",
};
const OUTCOME_COLOR: Record<ImportNote["outcome"], string> = {
  created: "green",
  updated: "blue",
  unchanged: "default",
  skipped: "orange",
  failed: "red",
};
const NEW_COLUMN = "__new__";

/**
 * A job followed while it reads or imports: read again every second until it settles. `resume` continues
 * a stopped job; when that is refused, the server's message shows and the job is read again.
 */
function useImportJob(id: number | null) {
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
function uploadFile(
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

const percentOf = (j: ImportJob) => (j.total ? Math.floor((j.processed / j.total) * 100) : 0);

/** Counts, the progress bar and the report of a job (both kinds). */
function JobProgress({ job, onResume }: { job: ImportJob; onResume: () => void }) {
  const running = job.status === "running";
  return (
    <div className="import-progress">
      <Space size={12} wrap style={{ marginBottom: 12 }}>
        <Tag color={STATUS_COLOR[job.status]}>{IMPORT_STATUS_LABELS[job.status]}</Tag>
        {job.dryRun && <Tag color="purple">预演（未写入）</Tag>}
        <Typography.Text type="secondary">
          {job.kind === "wordpress" ? job.fileName : "公众号文章"} · {formatDateTime(job.createdAt)} ·{" "}
          {job.createdBy}
        </Typography.Text>
      </Space>
      {(running || job.status === "done" || job.status === "interrupted") && (
        <Progress
          percent={percentOf(job)}
          status={running ? "active" : job.status === "interrupted" ? "exception" : "success"}
          format={() => `${job.processed} / ${job.total}`}
          aria-label="导入进度"
        />
      )}
      {job.status === "failed" && job.error && (
        <Alert
          type="error"
          showIcon
          message="导入失败"
          description={job.error}
          style={{ margin: "12px 0" }}
        />
      )}
      {(job.status === "interrupted" || (job.status === "failed" && job.processed > 0)) && (
        <Alert
          type="warning"
          showIcon
          style={{ margin: "12px 0" }}
          message="导入在中途停止了"
          description="已导入的文章完整保留；继续导入会跳过它们，从停下的地方接着做。"
          action={
            <Button type="primary" onClick={onResume}>
              继续导入
            </Button>
          }
        />
      )}
      {job.processed > 0 && (
        <Space size={32} wrap style={{ margin: "12px 0" }}>
          <Statistic title={job.dryRun ? "将新建" : "新建"} value={job.created} />
          <Statistic title={job.dryRun ? "将更新" : "更新"} value={job.updated} />
          <Statistic title="未变化" value={job.unchanged} />
          <Statistic title="跳过" value={job.skipped} />
          <Statistic title="失败" value={job.failed} />
        </Space>
      )}
      {job.report.length > 0 && (
        <Table<ImportNote>
          className="import-report"
          size="small"
          rowKey={(n, i) => `${n.sourceId}-${i}`}
          dataSource={job.report}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            {
              title: "结果",
              dataIndex: "outcome",
              width: 80,
              render: (o: ImportNote["outcome"]) => <Tag color={OUTCOME_COLOR[o]}>{OUTCOME_LABELS[o]}</Tag>,
            },
            {
              title: "原文",
              key: "title",
              width: 280,
              ellipsis: true,
              render: (_v, n) =>
                n.articleId ? (
                  <Link to={`/admin/articles/${n.articleId}`}>{n.title || n.sourceId}</Link>
                ) : (
                  n.title || n.sourceId || "—"
                ),
            },
            { title: "说明", dataIndex: "notes", render: (notes: string[]) => notes.join("；") },
          ]}
        />
      )}
    </div>
  );
}

/** The categories of an analysed export, each with the column it goes to. */
function ColumnMapping({
  job,
  columns,
  value,
  onChange,
}: {
  job: ImportJob;
  columns: { value: number; label: string }[];
  value: Record<string, number | string>;
  onChange: (v: Record<string, number | string>) => void;
}) {
  const categories = job.analysis?.categories ?? [];
  return (
    <Table
      className="import-columns"
      size="small"
      rowKey="slug"
      dataSource={categories}
      pagination={false}
      columns={[
        { title: "WordPress 分类", dataIndex: "name" },
        { title: "文章数", dataIndex: "posts", width: 90 },
        {
          title: "导入到栏目",
          key: "column",
          width: 260,
          render: (_v, c) => {
            const chosen = value[c.slug];
            return (
              <Select
                style={{ width: 240 }}
                aria-label={`分类“${c.name}”导入到的栏目`}
                value={typeof chosen === "number" ? chosen : NEW_COLUMN}
                onChange={(v: number | string) =>
                  onChange({ ...value, [c.slug]: v === NEW_COLUMN ? c.name : v })
                }
                options={[
                  ...(columns.some((col) => col.label === c.name.slice(0, 20))
                    ? []
                    : [{ value: NEW_COLUMN, label: `新建栏目“${c.name.slice(0, 20)}”` }]),
                  ...columns,
                ]}
              />
            );
          },
        },
      ]}
    />
  );
}

function WordpressImport({
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

const PublishedPageSchema = pagedOf(WechatAccountArticleSchema);

/**
 * 从公众号选择: the 公众号's published articles (read with the site's credentials), page by page,
 * with checkboxes kept across pages and 导入所选.
 */
function WechatAccountPicker({
  columnId,
  onStarted,
}: {
  columnId: number | undefined;
  onStarted: (j: ImportJob) => void;
}) {
  const api = useApi();
  const showApiError = useShowApiError();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ items: WechatAccountArticle[]; total: number } | null>(null);
  const [error, setError] = useState("");
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Map<string, WechatAccountArticle>>(new Map());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api(
      "GET",
      `/api/admin/imports/wechat/published?page=${page}&pageSize=${WECHAT_ACCOUNT_PAGE_SIZE}`,
      undefined,
      PublishedPageSchema,
    )
      .then((d) => {
        if (!live) return;
        setData(d);
        setError("");
      })
      .catch((err: Error) => live && setError(err.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, page]);

  async function importChosen() {
    setBusy(true);
    try {
      const articles = [...chosen.values()].map((a) => ({ articleId: a.articleId, idx: a.idx }));
      onStarted(
        await api("POST", "/api/admin/imports/wechat/published", { articles, columnId }, ImportJobSchema),
      );
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
    }
  }

  if (error && !data) return <Alert type="warning" showIcon message={error} style={{ maxWidth: 760 }} />;
  const rows = data?.items ?? [];
  return (
    <div className="wechat-account-picker" style={{ maxWidth: 960 }}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Table<WechatAccountArticle>
        size="small"
        rowKey="key"
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description="公众号还没有发表过文章" /> }}
        rowSelection={{
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          getCheckboxProps: (r) => ({
            disabled: r.deleted || r.syncedFrom !== null,
            "aria-label": `选择：${r.title}`,
          }),
          onChange: (_keys, _rows, info) => {
            // One row or the page's box: the page's rows are set, the other pages' stay chosen.
            const next = new Map(chosen);
            const picked = new Set(_keys.map(String));
            for (const r of rows) {
              if (picked.has(r.key)) next.set(r.key, r);
              else next.delete(r.key);
            }
            if (info.type === "none") next.clear();
            setChosen(next);
          },
        }}
        columns={[
          {
            title: "标题",
            key: "title",
            render: (_v, r) => (
              <Space size={6} wrap>
                <a href={r.url} target="_blank" rel="noreferrer noopener">
                  {r.title || "（无标题）"}
                </a>
                {r.idx > 1 && <Tag>多图文第 {r.idx} 篇</Tag>}
              </Space>
            ),
          },
          { title: "作者", dataIndex: "author", width: 120, ellipsis: true },
          {
            title: "发表时间",
            dataIndex: "publishedAt",
            width: 150,
            render: (v: string | null) => (v ? formatDateTime(v) : "—"),
          },
          {
            title: "本站",
            key: "imported",
            width: 150,
            render: (_v, r) =>
              r.deleted ? (
                <Tag>已在公众号删除</Tag>
              ) : r.syncedFrom !== null ? (
                <Link to={`/admin/articles/${r.syncedFrom}`}>
                  <Tag color="blue">本站同步</Tag>
                </Link>
              ) : r.imported ? (
                r.imported.articleId ? (
                  <Link to={`/admin/articles/${r.imported.articleId}`}>
                    <Tag color="green">已导入</Tag>
                  </Link>
                ) : (
                  <Tag color="orange">已导入（本站已删除）</Tag>
                )
              ) : (
                <Tag>未导入</Tag>
              ),
          },
        ]}
      />
      <Space style={{ marginTop: 12, width: "100%", justifyContent: "space-between" }} wrap>
        <Space>
          <Button
            type="primary"
            onClick={importChosen}
            loading={busy}
            disabled={chosen.size === 0 || chosen.size > WECHAT_MAX_URLS}
          >
            导入所选{chosen.size ? `（${chosen.size} 篇）` : ""}
          </Button>
          {chosen.size > WECHAT_MAX_URLS && (
            <Typography.Text type="danger">一次最多导入 {WECHAT_MAX_URLS} 篇</Typography.Text>
          )}
          {chosen.size > 0 && (
            <Button type="link" onClick={() => setChosen(new Map())}>
              清除选择
            </Button>
          )}
        </Space>
        <Pagination
          size="small"
          current={page}
          pageSize={WECHAT_ACCOUNT_PAGE_SIZE}
          total={data?.total ?? 0}
          onChange={setPage}
          showSizeChanger={false}
          showTotal={(t) => `共 ${t} 次发表`}
        />
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        所选文章导入为草稿：标题、作者、摘要、发表时间、封面和正文，图片全部转存到本站，并保留公众号文章链接。已导入的文章再次导入不会重复。
      </Typography.Paragraph>
    </div>
  );
}

function WechatImport({ jobId, setJobId }: { jobId: number | null; setJobId: (id: number | null) => void }) {
  const api = useApi();
  const showApiError = useShowApiError();
  const { columns } = useColumnsAndTags();
  const { job, setJob, resume } = useImportJob(jobId);
  const [text, setText] = useState("");
  const [columnId, setColumnId] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);

  function started(j: ImportJob) {
    setJob(j);
    setJobId(j.id);
  }

  async function send() {
    const urls = text
      .split(/[\s,，]+/)
      .map((u) => u.trim())
      .filter(Boolean);
    setBusy(true);
    try {
      started(await api("POST", "/api/admin/imports/wechat", { urls, columnId }, ImportJobSchema));
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
    }
  }

  if (job)
    return (
      <div>
        <JobProgress job={job} onResume={resume} />
        {job.status !== "running" && (
          <Button style={{ marginTop: 16 }} onClick={() => setJobId(null)}>
            继续导入其他文章
          </Button>
        )}
      </div>
    );
  return (
    <div>
      <Form layout="vertical" style={{ maxWidth: 760 }}>
        <Form.Item label="导入到栏目">
          <Select
            style={{ width: 240 }}
            allowClear
            placeholder="默认为第一个栏目"
            options={columns}
            value={columnId}
            onChange={setColumnId}
            aria-label="导入到栏目"
          />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>从公众号选择</Typography.Title>
      <WechatAccountPicker columnId={columnId} onStarted={started} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        粘贴文章链接
      </Typography.Title>
      <Form layout="vertical" style={{ maxWidth: 760 }}>
        <Form.Item
          label="公众号文章链接"
          extra={`每行一个 https://mp.weixin.qq.com/s/… 链接，一次最多 ${WECHAT_MAX_URLS} 篇。标题、作者、发布时间、封面和正文会导入为草稿，图片全部转存到本站，并保留原文链接。`}
        >
          <Input.TextArea
            rows={6}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="https://mp.weixin.qq.com/s/…"
            aria-label="公众号文章链接"
          />
        </Form.Item>
        <Button type="primary" onClick={send} loading={busy} disabled={!text.trim()}>
          导入公众号文章
        </Button>
      </Form>
    </div>
  );
}

function Redirects() {
  const api = useApi();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const { filters, set } = useFilters();
  const query = new URLSearchParams(
    Object.entries(filters).filter(([k]) => ["q", "origin", "page", "pageSize"].includes(k)),
  ).toString();
  const { data, loading, reload } = usePagedList("/api/admin/redirects", query, RedirectRowSchema);
  const [form] = Form.useForm<{ from: string; to: string }>();
  const [saving, setSaving] = useState(false);

  async function add(v: { from: string; to: string }) {
    const to = (v.to ?? "").trim();
    setSaving(true);
    try {
      await api(
        "POST",
        "/api/admin/redirects",
        /^\d+$/.test(to) ? { from: v.from, articleId: Number(to) } : { from: v.from, target: to },
        RedirectRowSchema,
      );
      message.success("已添加跳转");
      form.resetFields();
      void reload();
    } catch (err) {
      // A refusal about one field is shown beside it (the server names the field).
      const field = err instanceof ApiError ? (err.data as { field?: unknown } | null)?.field : undefined;
      if (field === "from" || field === "target")
        form.setFields([{ name: field === "from" ? "from" : "to", errors: [(err as Error).message] }]);
      else showApiError(err);
    } finally {
      setSaving(false);
    }
  }

  async function remove(r: RedirectRow) {
    try {
      await api("DELETE", `/api/admin/redirects/${r.id}`, undefined, RedirectRowSchema);
      message.success("已删除跳转");
      void reload();
    } catch (err) {
      showApiError(err);
    }
  }

  return (
    <div>
      <Form
        form={form}
        layout="inline"
        onFinish={add}
        className="redirect-form"
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="from" rules={[{ required: true, message: "请填写旧地址" }]}>
          <Input
            placeholder="旧地址，如 /html/2019/0101/123.html"
            style={{ width: 320 }}
            aria-label="旧地址"
          />
        </Form.Item>
        <Form.Item
          name="to"
          rules={[
            { required: true, message: "请填写跳转目标" },
            {
              // An article id, or a target the server would take (the form's own schema says which).
              validator: (_r, value: string | undefined) => {
                const text = (value ?? "").trim();
                const problem = /^\d*$/.test(text) ? null : fieldError(RedirectFormSchema.shape.target, text);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input placeholder="文章 ID，或本站路径 /newlist/5" style={{ width: 260 }} aria-label="跳转目标" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          添加跳转
        </Button>
      </Form>
      <div className="console-filters">
        <Input.Search
          placeholder="搜索旧地址"
          allowClear
          defaultValue={filters.q}
          onSearch={(q) => set({ q })}
          style={{ width: 240 }}
          aria-label="搜索旧地址"
        />{" "}
        <Select
          allowClear
          placeholder="来源"
          style={{ width: 140 }}
          value={filters.origin}
          onChange={(v) => set({ origin: v })}
          options={[
            { value: "import", label: "导入" },
            { value: "editor", label: "编辑添加" },
          ]}
          aria-label="来源"
        />
      </div>
      <Table<RedirectRow>
        className="redirect-list"
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data?.items ?? []}
        pagination={listPagination(data, set)}
        scroll={{ x: 960 }}
        columns={[
          {
            title: "旧地址",
            key: "from",
            ellipsis: true,
            render: (_v, r) => (r.query ? `${r.path}?${r.query}` : r.path),
          },
          {
            title: "跳转到",
            key: "to",
            ellipsis: true,
            render: (_v, r) =>
              r.articleId ? (
                <Link to={`/admin/articles/${r.articleId}`}>{r.articleTitle ?? r.target}</Link>
              ) : (
                r.target
              ),
          },
          {
            title: "来源",
            dataIndex: "origin",
            width: 140,
            render: (o: RedirectRow["origin"], r) =>
              o === "import" ? `导入 ${r.site}` : `编辑 ${r.createdBy}`,
          },
          { title: "添加时间", dataIndex: "createdAt", width: 150, render: formatDateTime },
          {
            title: "操作",
            key: "ops",
            width: 80,
            render: (_v, r) => (
              <Popconfirm title="删除这条跳转？" okText="删除" cancelText="取消" onConfirm={() => remove(r)}>
                <Button size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </div>
  );
}

function RecentJobs({ onOpen }: { onOpen: (j: ImportJob) => void }) {
  const { data, loading } = usePagedList("/api/admin/imports", "pageSize=10", ImportJobSchema);
  return (
    <Table<ImportJob>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={data?.items ?? []}
      pagination={false}
      columns={[
        { title: "时间", dataIndex: "createdAt", width: 150, render: formatDateTime },
        {
          title: "内容",
          key: "what",
          ellipsis: true,
          render: (_v, j) =>
            j.kind === "wordpress" ? `WordPress：${j.siteTitle || j.fileName}` : "公众号文章",
        },
        {
          title: "状态",
          dataIndex: "status",
          width: 100,
          render: (s: ImportJob["status"]) => <Tag color={STATUS_COLOR[s]}>{IMPORT_STATUS_LABELS[s]}</Tag>,
        },
        { title: "进度", key: "p", width: 110, render: (_v, j) => `${j.processed} / ${j.total}` },
        {
          title: "",
          key: "open",
          width: 70,
          render: (_v, j) => (
            <Button size="small" type="link" onClick={() => onOpen(j)}>
              查看
            </Button>
          ),
        },
      ]}
    />
  );
}

/** 系统 › 导入: a WordPress export or WeChat articles, and the old addresses (docs/product.md "Import"). */
export default function Imports() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") ?? "wordpress";
  const jobId = Number(params.get("job")) || null;
  const go = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const setJobId = (id: number | null) => go({ job: id === null ? null : String(id) });
  return (
    <Card title="导入">
      <Tabs
        activeKey={tab}
        onChange={(k) => go({ tab: k, job: null, q: null, origin: null, page: null })}
        items={[
          {
            key: "wordpress",
            label: "WordPress 导入",
            children: <WordpressImport key={jobId ?? "new"} jobId={jobId} setJobId={setJobId} />,
          },
          {
            key: "wechat",
            label: "公众号文章",
            children: <WechatImport key={jobId ?? "new"} jobId={jobId} setJobId={setJobId} />,
          },
          { key: "redirects", label: "旧地址跳转", children: <Redirects /> },
        ]}
      />
      {tab !== "redirects" && !jobId && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            最近的导入
          </Typography.Title>
          <RecentJobs onOpen={(j) => go({ tab: j.kind, job: String(j.id) })} />
        </>
      )}
    </Card>
  );
}
