import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Collapse,
  DatePicker,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import {
  type AdminArticle,
  ARTICLE_STATUS_LABEL,
  ArticleFormSchema,
  SCHEDULE_IN_PAST,
} from "../../../contract/admin";
import {
  AdminArticleSchema,
  type RemoteImagesReport,
  type SavedArticle,
  SavedArticleSchema,
} from "../../../contract/answers";
import { RevisionRowSchema, RevisionSchema } from "../../../contract/revisions";
import type { Route } from "./+types/article-edit";
import {
  ApiError,
  formatDateTime,
  NO_STORE,
  useApi,
  useConsoleSession,
  useShowApiError,
  zodRule,
} from "./api";
import { useDraftKeeper } from "./draft-keeper";
import { ImageField } from "./ImageField";
import { useColumnsAndTags } from "./options";
import { PreviewLinks } from "./PreviewLinks";
import { RemoteImagesAlert } from "./RemoteImagesAlert";
import {
  ARTICLE_DIFF,
  type ArticleVersion,
  articleComparable,
  DiffView,
  RevisionHistory,
} from "./RevisionHistory";
import { RichTextEditor } from "./RichTextEditor";
import { WechatSyncDialog } from "./WechatSyncDialog";

export function headers() {
  return NO_STORE;
}

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `${params.id === "new" ? "写文章" : "编辑文章"} - 编辑后台` }];
}

interface FormValues {
  title: string;
  intro: string;
  content: string;
  thumb: string;
  author: string;
  columnId: number;
  tags: string[];
  hot: boolean;
  status: "published" | "scheduled" | "draft";
  createdAt: Dayjs;
  seoTitle: string;
  seoDescription: string;
  shareImage: string;
}

const rules = (f: string) => zodRule(ArticleFormSchema, f);

/** The form as kept in this browser's storage (dates as ISO text). */
type KeptValues = Omit<FormValues, "createdAt"> & { createdAt?: string };

const articleVersion = (a: AdminArticle): ArticleVersion => ({
  title: a.title,
  intro: a.intro,
  content: a.content,
  thumb: a.thumb,
  columnId: a.columnId,
  tags: a.tags.map((t) => t.tagName),
  status: a.status,
  publishedAt: a.createdAt,
});
const formVersion = (v: FormValues): ArticleVersion => ({
  title: v.title ?? "",
  intro: v.intro ?? "",
  content: v.content ?? "",
  thumb: v.thumb ?? "",
  columnId: v.columnId,
  tags: v.tags ?? [],
  status: v.status,
  publishedAt: v.createdAt?.toISOString() ?? "",
});

/** Create or edit one article: everything is saved through the same schema and service as the site. */
export default function ArticleEdit() {
  const { id } = useParams();
  const isNew = id === "new";
  const api = useApi();
  const navigate = useNavigate();
  const { user } = useConsoleSession();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const [form] = Form.useForm<FormValues>();
  const [loaded, setLoaded] = useState<AdminArticle | null>(null);
  const [saving, setSaving] = useState(false);
  /** someone else's newer version, when a save was refused (409) */
  const [conflict, setConflict] = useState<{ theirs: AdminArticle; mine: FormValues } | null>(null);
  /** the last save's pictures from outside the site that could not be kept */
  const [remoteImages, setRemoteImages] = useState<RemoteImagesReport | null>(null);
  /** the 同步到公众号 dialog, and whether the form had unsaved changes when it opened */
  const [wechat, setWechat] = useState<{ unsaved: boolean } | null>(null);
  const { columns, tags, searchTags } = useColumnsAndTags();
  const keeper = useDraftKeeper<KeptValues>({
    id: id ?? "new",
    snapshot: () => {
      const v = form.getFieldsValue(true) as FormValues;
      return { ...v, createdAt: v.createdAt?.toISOString() };
    },
  });
  const { offer } = keeper;
  const restoreKept = useCallback(
    (kept: KeptValues) =>
      form.setFieldsValue({ ...kept, createdAt: kept.createdAt ? dayjs(kept.createdAt) : dayjs() }),
    [form],
  );

  const show = useCallback(
    (a: AdminArticle) => {
      setLoaded(a);
      form.setFieldsValue({
        title: a.title,
        intro: a.intro,
        content: a.content,
        thumb: a.thumb,
        author: a.author,
        columnId: a.columnId,
        tags: a.tags.map((t) => t.tagName),
        hot: a.hot,
        status: a.status,
        createdAt: dayjs(a.createdAt),
        seoTitle: a.seoTitle,
        seoDescription: a.seoDescription,
        shareImage: a.shareImage,
      });
    },
    [form],
  );

  /**
   * The article this editor loaded: the form is filled once per article. Anything else that makes
   * the effect below run again (a dependency with a new identity) must not reload it, which would
   * drop the editor's unsaved changes, or a draft they just restored, and ask again.
   */
  const loadedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    const target = isNew ? "new" : id;
    if (loadedFor.current === target) return;
    loadedFor.current = target;
    if (isNew) {
      setLoaded(null);
      form.setFieldsValue({
        title: "",
        intro: "",
        content: "",
        thumb: "",
        author: user.displayName,
        tags: [],
        hot: false,
        status: "published",
        createdAt: dayjs(),
        seoTitle: "",
        seoDescription: "",
        shareImage: "",
      });
      offer(restoreKept);
      return;
    }
    api("GET", `/api/admin/articles/${id}`, undefined, AdminArticleSchema)
      .then((a) => {
        show(a);
        offer(restoreKept);
      })
      .catch(showApiError);
  }, [api, id, isNew, form, user.displayName, show, offer, restoreKept, showApiError]);

  /** `baseVersion`: the version these values were edited from (the server refuses an older one). */
  async function save(values: FormValues, baseVersion = loaded?.version) {
    setSaving(true);
    try {
      const body = { ...values, createdAt: values.createdAt.toISOString(), baseVersion };
      const saved = isNew
        ? await api("POST", "/api/admin/articles", body, SavedArticleSchema)
        : await api("PUT", `/api/admin/articles/${id}`, body, SavedArticleSchema);
      reportRemoteImages(saved);
      message.success(
        saved.status === "published"
          ? "已保存并发布"
          : saved.status === "scheduled"
            ? `已定时，将于 ${formatDateTime(saved.createdAt)} 发布`
            : "草稿已保存",
      );
      form.setFieldsValue({ status: saved.status });
      // The server's sanitised body is what the site shows: show it here too.
      form.setFieldsValue({ content: saved.content });
      setLoaded(saved);
      keeper.saved();
      if (isNew) navigate(`/admin/articles/${saved.id}`, { replace: true });
    } catch (err) {
      const theirs =
        err instanceof ApiError && err.status === 409 ? AdminArticleSchema.safeParse(err.data) : null;
      if (theirs?.success) setConflict({ theirs: theirs.data, mine: values });
      else showApiError(err);
    } finally {
      setSaving(false);
    }
  }

  /** After a save: the pictures stored from outside the site, and a warning listing those that were not. */
  function reportRemoteImages(saved: SavedArticle) {
    const report = saved.remoteImages;
    setRemoteImages(report && report.failed.length > 0 ? report : null);
    if (report && report.stored > 0) message.success(`已转存 ${report.stored} 张外部图片`);
  }

  const columnName = (cid: number) => columns.find((c) => c.value === cid)?.label ?? `#${cid}`;

  if (!isNew && !loaded) {
    return (
      <Card title="编辑文章">
        <Spin />
      </Card>
    );
  }

  return (
    <Card
      title={isNew ? "写文章" : "编辑文章"}
      extra={
        <Space>
          {loaded?.status === "published" && (
            <a href={`/articledetail/${loaded.id}`} target="_blank" rel="noreferrer">
              在网站上查看
            </a>
          )}
          <Link to="/admin/articles">返回列表</Link>
        </Space>
      }
    >
      <Modal
        open={conflict !== null}
        title="文章已被他人修改，请查看对方的版本后再保存"
        width={800}
        onCancel={() => setConflict(null)}
        footer={[
          <Button key="cancel" onClick={() => setConflict(null)}>
            继续编辑
          </Button>,
          <Button
            key="theirs"
            onClick={() => {
              if (conflict) show(conflict.theirs);
              setConflict(null);
            }}
          >
            采用对方的版本
          </Button>,
          <Button
            key="mine"
            type="primary"
            onClick={() => {
              if (!conflict) return;
              const { theirs, mine } = conflict;
              setConflict(null);
              setLoaded(theirs);
              void save(mine, theirs.version);
            }}
          >
            仍然保存我的修改
          </Button>,
        ]}
      >
        {conflict && (
          <DiffView
            before={articleComparable(articleVersion(conflict.theirs), columnName)}
            after={articleComparable(formVersion(conflict.mine), columnName)}
            spec={ARTICLE_DIFF}
            heading={`对方的版本（版本 ${conflict.theirs.version}，${formatDateTime(conflict.theirs.updatedAt)}）→ 我的修改`}
          />
        )}
      </Modal>
      {loaded && (loaded.wechatUrl || loaded.sourceUrl) && (
        <Alert
          type="info"
          showIcon
          className="article-source"
          style={{ marginBottom: 16 }}
          title={
            <span>
              {loaded.wechatUrl ? "公众号原文：" : "导入自："}
              <a href={loaded.wechatUrl || loaded.sourceUrl} target="_blank" rel="noreferrer noopener">
                {loaded.wechatUrl || loaded.sourceUrl}
              </a>
              {loaded.slug ? `（原别名 ${loaded.slug}）` : ""}
            </span>
          }
        />
      )}
      <RemoteImagesAlert report={remoteImages} onClose={() => setRemoteImages(null)} />
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(v) => save(v)}
        onValuesChange={keeper.changed}
        scrollToFirstError
      >
        <Row gutter={24}>
          <Col xs={24} lg={16}>
            <Form.Item label="标题" name="title" required rules={rules("title")}>
              <Input maxLength={200} showCount />
            </Form.Item>
            <Form.Item label="摘要" name="intro" rules={rules("intro")}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
            <Form.Item label="正文" name="content" required rules={rules("content")}>
              <RichTextEditor placeholder="正文" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item label="状态" name="status" required>
              <Radio.Group
                optionType="button"
                options={[
                  { value: "published", label: "发布" },
                  { value: "scheduled", label: "定时发布" },
                  { value: "draft", label: "草稿" },
                ]}
              />
            </Form.Item>
            <Form.Item label="栏目" name="columnId" required rules={rules("columnId")}>
              <Select options={columns} placeholder="请选择栏目" aria-label="栏目" />
            </Form.Item>
            <Form.Item label="标签" name="tags" rules={rules("tags")} extra="输入新标签后按回车即可创建">
              <Select
                mode="tags"
                placeholder="选择或输入标签"
                options={tags.map((t) => ({ value: t.label, label: t.label }))}
                showSearch={{ onSearch: (q) => void searchTags(q) }}
                tokenSeparators={[",", "，"]}
                aria-label="标签"
              />
            </Form.Item>
            <Form.Item
              label="封面图"
              name="thumb"
              required
              rules={rules("thumb")}
              extra="自动裁切为 480 与 960 像素宽"
            >
              <ImageField kind="cover" />
            </Form.Item>
            <Form.Item label="作者" name="author" rules={rules("author")}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              label="发布时间"
              name="createdAt"
              required
              dependencies={["status"]}
              extra="选择“定时发布”或将来的时间，文章到时自动发布"
              rules={[
                { required: true, message: "请选择发布时间" },
                ({ getFieldValue }) => ({
                  validator: (_r, v: Dayjs | undefined) =>
                    getFieldValue("status") === "scheduled" && v && !v.isAfter(dayjs())
                      ? Promise.reject(new Error(SCHEDULE_IN_PAST))
                      : Promise.resolve(),
                }),
              ]}
            >
              <DatePicker showTime style={{ width: "100%" }} />
            </Form.Item>
            <Collapse
              ghost
              size="small"
              className="seo-fields"
              items={[
                {
                  key: "seo",
                  label: "搜索与分享（可选）",
                  children: (
                    <>
                      <Form.Item
                        label="SEO 标题"
                        name="seoTitle"
                        rules={rules("seoTitle")}
                        extra="留空则用文章标题"
                      >
                        <Input maxLength={200} showCount />
                      </Form.Item>
                      <Form.Item
                        label="SEO 描述"
                        name="seoDescription"
                        rules={rules("seoDescription")}
                        extra="留空则用摘要"
                      >
                        <Input.TextArea rows={3} maxLength={500} showCount />
                      </Form.Item>
                      <Form.Item
                        label="分享图"
                        name="shareImage"
                        extra="微信等分享卡片的图片，留空则用封面图"
                      >
                        <ImageField kind="cover" />
                      </Form.Item>
                    </>
                  ),
                },
              ]}
            />
            <Form.Item label="热点" name="hot" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} block size="large">
              保存
            </Button>
            {loaded && (
              <>
                <Button
                  block
                  style={{ marginTop: 12 }}
                  onClick={() => setWechat({ unsaved: keeper.unsaved() })}
                >
                  同步到公众号
                </Button>
                <WechatSyncDialog
                  articleId={loaded.id}
                  published={loaded.status === "published"}
                  unsaved={wechat?.unsaved ?? false}
                  open={wechat !== null}
                  onClose={() => setWechat(null)}
                />
              </>
            )}
            {loaded && (
              <div style={{ marginTop: 12 }}>
                <RevisionHistory
                  base={`/api/admin/articles/${loaded.id}/revisions`}
                  version={loaded.version}
                  rowSchema={RevisionRowSchema}
                  revisionSchema={RevisionSchema}
                  describe={(r) => (
                    <>
                      <Tag>{ARTICLE_STATUS_LABEL[r.status]}</Tag>
                      <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                        {r.title}
                      </Typography.Text>
                    </>
                  )}
                  compare={(r) => articleComparable(r, columnName)}
                  spec={ARTICLE_DIFF}
                  restoredSchema={SavedArticleSchema}
                  onRestored={(a) => {
                    show(a);
                    reportRemoteImages(a);
                  }}
                />
              </div>
            )}
            {loaded && loaded.status !== "published" && (
              <Form.Item
                label="预览"
                style={{ marginTop: 24 }}
                extra="持有链接的人无需登录即可查看，7 天后失效"
              >
                <PreviewLinks base={`/api/admin/articles/${loaded.id}/previews`} />
              </Form.Item>
            )}
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
