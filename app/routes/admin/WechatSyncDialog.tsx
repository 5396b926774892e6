import { CheckCircleFilled, CloseCircleFilled } from "@ant-design/icons";
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Space,
  Spin,
  Steps,
  Switch,
  Typography,
} from "antd";
import { useCallback, useEffect, useState } from "react";
import {
  WECHAT_SYNC_STEPS,
  type WechatJob,
  WechatJobSchema,
  type WechatPreview,
  WechatPreviewSchema,
  wechatChecks,
} from "../../../contract/wechat";
import { formatDateTime, useApi, useShowApiError } from "./api";
import { usePolling } from "./polling";

interface Values {
  title: string;
  author: string;
  digest: string;
  cover: string;
  openComment: boolean;
  fansOnlyComment: boolean;
}

/** The page the phone frame shows: the title as WeChat sets it, then exactly the HTML sent. */
function phonePage(title: string, author: string, html: string): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return (
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><base target="_blank"></head>` +
    `<body style="margin:0;padding:20px 16px 32px;background:#fff;font-family:system-ui,sans-serif">` +
    `<h1 style="margin:0 0 12px;font-size:22px;line-height:1.4;font-weight:600;color:#1f2329">${esc(title)}</h1>` +
    `<p style="margin:0 0 20px;font-size:15px;color:#8f959e">${esc(author)} <span style="color:#576b95">电商报</span></p>` +
    `${html}</body></html>`
  );
}

const stepsOf = (action: WechatJob["action"]) =>
  WECHAT_SYNC_STEPS.filter(
    (s) => s.value !== "done" && (action === "publish" || (s.value !== "submit" && s.value !== "status")),
  );

/** Where a sync is: its steps, its failure in Chinese with 重试, or its WeChat link. */
export function WechatJobProgress({
  job,
  onRetry,
  retrying,
}: {
  job: WechatJob;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const steps = stepsOf(job.action);
  const at =
    job.state === "done"
      ? steps.length
      : Math.max(
          0,
          steps.findIndex((s) => s.value === job.step),
        );
  return (
    <div className="wechat-progress" data-state={job.state}>
      <Steps
        size="small"
        current={at}
        status={job.state === "failed" ? "error" : job.state === "done" ? "finish" : "process"}
        items={steps.map((s) => ({
          title: s.label,
          description:
            s.value === "pictures" && job.pictures.total > 0
              ? `${job.pictures.done}/${job.pictures.total}`
              : undefined,
        }))}
      />
      {job.state === "pending" && job.error && (
        <Alert style={{ marginTop: 12 }} type="warning" showIcon title={job.error} />
      )}
      {job.state === "failed" && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          title="同步失败"
          description={job.error}
          action={
            onRetry && (
              <Button size="small" danger loading={retrying} onClick={onRetry}>
                重试
              </Button>
            )
          }
        />
      )}
      {job.state === "done" && (
        <Alert
          style={{ marginTop: 12 }}
          type="success"
          showIcon
          title={
            job.action === "publish"
              ? "已发布到公众号"
              : job.updatedDraft
                ? "已更新公众号草稿箱中的草稿"
                : "已存入公众号草稿箱"
          }
          description={
            job.articleUrl ? (
              <a href={job.articleUrl} target="_blank" rel="noreferrer noopener">
                在公众号中查看
              </a>
            ) : job.action === "draft" ? (
              "请到公众号后台「内容与互动 › 草稿箱」预览后发表或群发"
            ) : undefined
          }
        />
      )}
    </div>
  );
}

/** Follows a sync, read again every 1.5 s until it is no longer under way (a failed read is tried again). */
function useSyncJob(initial: WechatJob | null) {
  const api = useApi();
  const [job, setJob] = useState<WechatJob | null>(initial);
  useEffect(() => setJob(initial), [initial]);
  usePolling(job?.state === "pending", 1500, async () => {
    if (job) setJob(await api("GET", `/api/admin/wechat-sync/jobs/${job.id}`, undefined, WechatJobSchema));
  });
  return [job, setJob] as const;
}

/**
 * 同步到公众号 from the article editor (docs/product.md, "WeChat sync"): the phone-width preview
 * of exactly the HTML that will be sent, the limit checks, the digest, comments and cover, then
 * 存入草稿箱 or 发布; then the sync's progress.
 */
export function WechatSyncDialog({
  articleId,
  published,
  unsaved,
  open,
  onClose,
}: {
  articleId: number;
  published: boolean;
  unsaved: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const api = useApi();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const [form] = Form.useForm<Values>();
  const [preview, setPreview] = useState<WechatPreview | null>(null);
  const [started, setStarted] = useState<WechatJob | null>(null);
  const [job, setJob] = useSyncJob(started);
  const [sending, setSending] = useState<"draft" | "publish" | null>(null);
  const [retrying, setRetrying] = useState(false);
  /** the sync started in this dialog (an earlier one is captioned 上次同步) */
  const [mine, setMine] = useState<number | null>(null);
  const values = Form.useWatch([], form) as Values | undefined;

  const load = useCallback(() => {
    setPreview(null);
    api("GET", `/api/admin/articles/${articleId}/wechat`, undefined, WechatPreviewSchema)
      .then((p) => {
        setPreview(p);
        form.setFieldsValue({ ...p.defaults, openComment: true, fansOnlyComment: false });
        // The last sync's outcome (its link, or its failure with 重试) shows until a new one starts.
        setStarted(p.lastJob);
        setMine(null);
      })
      .catch(showApiError);
  }, [api, articleId, form, showApiError]);

  useEffect(() => {
    if (open) load();
  }, [open, load]);

  const checks = preview
    ? wechatChecks({
        title: values?.title ?? "",
        author: values?.author ?? "",
        digest: values?.digest ?? "",
        cover: values?.cover ?? "",
        contentLength: preview.contentLength,
      })
    : [];
  const passes = checks.length > 0 && checks.every((c) => c.ok);
  const busy = job?.state === "pending";

  async function send(action: "draft" | "publish") {
    setSending(action);
    try {
      const v = form.getFieldsValue(true) as Values;
      const made = await api(
        "POST",
        `/api/admin/articles/${articleId}/wechat`,
        { ...v, action },
        WechatJobSchema,
      );
      setStarted(made);
      setMine(made.id);
      message.success(
        action === "publish" ? "已开始同步并发布（已记录到操作日志）" : "已开始同步（已记录到操作日志）",
      );
    } catch (err) {
      showApiError(err);
    } finally {
      setSending(null);
    }
  }

  async function retry() {
    if (!job) return;
    setRetrying(true);
    try {
      setJob(await api("POST", `/api/admin/wechat-sync/jobs/${job.id}/retry`, undefined, WechatJobSchema));
      message.success("已重新开始同步（已记录到操作日志）");
    } catch (err) {
      showApiError(err);
    } finally {
      setRetrying(false);
    }
  }

  return (
    <Modal
      open={open}
      title="同步到公众号"
      width={980}
      onCancel={onClose}
      destroyOnHidden
      className="wechat-sync-dialog"
      footer={
        preview?.configured
          ? [
              <Button key="close" onClick={onClose}>
                关闭
              </Button>,
              <Button
                key="draft"
                disabled={!passes || busy || sending !== null}
                loading={sending === "draft"}
                onClick={() => void send("draft")}
              >
                存入草稿箱
              </Button>,
              <Popconfirm
                key="publish"
                title="发布到公众号"
                description="发布后文章会获得永久链接，出现在公众号主页，但不会推送给关注者（不是群发）。确定发布？"
                okText="发布"
                cancelText="取消"
                disabled={!passes || busy || sending !== null}
                onConfirm={() => send("publish")}
              >
                <Button
                  type="primary"
                  disabled={!passes || busy || sending !== null}
                  loading={sending === "publish"}
                >
                  发布
                </Button>
              </Popconfirm>,
            ]
          : [
              <Button key="close" onClick={onClose}>
                关闭
              </Button>,
            ]
      }
    >
      {!preview ? (
        <Spin />
      ) : !preview.configured ? (
        <Alert
          type="warning"
          showIcon
          title="未配置公众号（WECHAT_APP_ID、WECHAT_APP_SECRET），无法同步。请联系管理员。"
        />
      ) : (
        <Row gutter={24}>
          <Col xs={24} md={11}>
            <div className="wechat-phone">
              <iframe
                title="公众号文章预览"
                className="wechat-phone-screen"
                sandbox=""
                srcDoc={phonePage(
                  values?.title ?? preview.defaults.title,
                  values?.author ?? preview.defaults.author,
                  preview.html,
                )}
              />
            </div>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 13 }}>
              预览即发送给公众号的内容；{preview.pictures} 张图片会上传到公众号、地址换成公众号的
              {preview.notes > 0 ? `，${preview.notes} 个外部链接已转为文末「参考链接」` : ""}。
            </Typography.Paragraph>
          </Col>
          <Col xs={24} md={13}>
            {unsaved && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title="编辑器中有未保存的修改：同步的是上次保存的内容，请先保存"
              />
            )}
            {preview.hasDraft && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                title="公众号草稿箱中已有这篇文章的草稿，本次同步会更新它，不会新建"
              />
            )}
            <ul className="wechat-checks" aria-label="公众号限制检查">
              {checks.map((c) => (
                <li key={c.key} data-ok={c.ok}>
                  {c.ok ? <CheckCircleFilled className="ok" /> : <CloseCircleFilled className="bad" />}{" "}
                  {c.message}
                </li>
              ))}
            </ul>
            <Form<Values> form={form} name="wechat" layout="vertical" disabled={busy}>
              <Form.Item label="标题" name="title" extra="公众号标题最多 32 个字，默认为文章标题">
                <Input />
              </Form.Item>
              <Form.Item label="作者" name="author">
                <Input />
              </Form.Item>
              <Form.Item label="摘要" name="digest" extra="分享卡片和消息列表中显示，默认为文章摘要">
                <Input.TextArea rows={3} />
              </Form.Item>
              <Form.Item label="封面" name="cover" extra="默认为文章封面，没有封面时用正文第一张图">
                <Radio.Group className="wechat-covers">
                  {preview.covers.map((c) => (
                    <Radio key={c.url} value={c.url} aria-label={c.label}>
                      <img src={c.url} alt={c.label} />
                      <span>{c.label}</span>
                    </Radio>
                  ))}
                </Radio.Group>
              </Form.Item>
              <Space size={24} wrap>
                <Form.Item
                  label="留言"
                  name="openComment"
                  valuePropName="checked"
                  style={{ marginBottom: 8 }}
                >
                  <Switch checkedChildren="开启" unCheckedChildren="关闭" />
                </Form.Item>
                <Form.Item
                  name="fansOnlyComment"
                  valuePropName="checked"
                  style={{ marginBottom: 8, paddingTop: 30 }}
                >
                  <Checkbox disabled={!values?.openComment}>仅关注者可留言</Checkbox>
                </Form.Item>
              </Space>
            </Form>
            <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
              {preview.sourceUrl ? (
                <>
                  「阅读原文」：<Typography.Text code>{preview.sourceUrl}</Typography.Text>
                  {!published && "（文章尚未在网站发布，发布前该链接打不开）"}
                </>
              ) : (
                "未设置站点地址（PUBLIC_URL），「阅读原文」不会指向网站"
              )}
            </Typography.Paragraph>
          </Col>
          {job && (
            // The steps across the whole dialog: five labels do not fit beside the preview.
            <Col span={24}>
              {job && job.id !== mine && (
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  上次同步：{formatDateTime(job.createdAt)}（
                  {job.action === "publish" ? "发布" : "存入草稿箱"}，{job.createdBy}）
                </Typography.Text>
              )}
              {job && <WechatJobProgress job={job} onRetry={() => void retry()} retrying={retrying} />}
            </Col>
          )}
        </Row>
      )}
    </Modal>
  );
}
