import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Modal,
  Popover,
  Row,
  Segmented,
  Space,
  Spin,
  Tabs,
  Tooltip,
  Typography,
} from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import type { RemoteImagesReport } from "../../../contract/answers";
import {
  type AdminLanding,
  AdminLandingSchema,
  type LandingPage,
  LandingPageSchema,
  type SavedLanding,
  SavedLandingSchema,
  type Section,
} from "../../../contract/landing";
import { LandingRevisionRowSchema, LandingRevisionSchema } from "../../../contract/landing-admin";
import type { Route } from "./+types/landing-edit";
import {
  ApiError,
  apiErrorText,
  formatDateTime,
  NO_STORE,
  useApi,
  useConsoleSession,
  useShowApiError,
} from "./api";
import { useDraftKeeper } from "./draft-keeper";
import { LandingPreview } from "./landing/LandingPreview";
import { pageOf } from "./landing/NewPageDialog";
import { fieldsOf, PAGE_FIELDS, PageFields, type PageFieldValues, pageFrom } from "./landing/PageFields";
import { PublishActions } from "./landing/PublishActions";
import { LANDING_DIFF, landingComparable } from "./landing/page-diff";
import { SectionEditor } from "./landing/SectionEditor";
import { LandingStatusTag } from "./landing-pages";
import { PreviewLinks } from "./PreviewLinks";
import { RemoteImagesAlert } from "./RemoteImagesAlert";
import { DiffView, RevisionHistory } from "./RevisionHistory";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "编辑营销页面 - 编辑后台" }];
}

/** How long the editor waits after the last change before a draft is saved to the server. */
export const AUTOSAVE_AFTER_MS = 2000;

/** Pages visitors cannot see are saved as the editor works; a page they can see waits for 保存. */
const autosaves = (p: AdminLanding) => p.status === "draft" || p.status === "offline";
const visible = (p: AdminLanding) => p.status === "published" || p.status === "scheduled";

/** Field errors by path (`name`, `sections.3.title`) from a check of the whole page. */
function errorsOf(page: LandingPage): Record<string, string> {
  const r = LandingPageSchema.safeParse(page);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join(".");
    out[key] ??= issue.message;
  }
  return out;
}

/** The field a refusal names (`data.field`, as `sections.3.productId`), with its message. */
function refusedField(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const field = (err.data as { field?: unknown } | null)?.field;
  return typeof field === "string" ? { [field]: err.message } : {};
}

/** A value as JSON with its objects' keys sorted: two pages are the same whatever order keys came in. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );

type SaveState =
  | { kind: "idle" }
  | { kind: "dirty" }
  | { kind: "saving" }
  | { kind: "saved"; at: string }
  | { kind: "failed"; message: string };

/**
 * The landing-page editor (docs/product.md, "Landing pages"): sections with the live preview beside
 * them, the page's fields and share card, autosave, refusal of a stale save, revisions, preview
 * links, and publishing for admins.
 */
export default function LandingEdit() {
  const id = Number(useParams().id);
  const api = useApi();
  const { user } = useConsoleSession();
  const admin = user.role === "admin";
  const { message, modal } = App.useApp();
  const showApiError = useShowApiError();
  const [form] = Form.useForm<PageFieldValues>();
  const [loaded, setLoaded] = useState<AdminLanding | null>(null);
  const [page, setPage] = useState<LandingPage | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [device, setDevice] = useState<"phone" | "desktop">("phone");
  const [tab, setTab] = useState("sections");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveState, setSaveState] = useState<SaveState>({ kind: "idle" });
  /** someone else's newer version, when a save was refused (409) */
  const [conflict, setConflict] = useState<{ theirs: AdminLanding; mine: LandingPage } | null>(null);
  const [remoteImages, setRemoteImages] = useState<RemoteImagesReport | null>(null);

  /** After a save: the pictures kept from outside the site, and a warning listing those that were not. */
  function reportRemoteImages(saved: SavedLanding) {
    const report = saved.remoteImages;
    setRemoteImages(report && report.failed.length > 0 ? report : null);
    if (report && report.stored > 0) message.success(`已转存 ${report.stored} 张外部图片`);
  }

  // The timers and saves read the latest of these, not the ones of the render that set them up.
  const pageRef = useRef(page);
  pageRef.current = page;
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  /** counts the editor's changes: a save that finishes after another change leaves the page unsaved */
  const edits = useRef(0);
  const saving = useRef(false);
  const autoTimer = useRef<number | undefined>(undefined);

  const keeper = useDraftKeeper<LandingPage | null>({
    id: String(id),
    kind: "landing",
    snapshot: () => pageRef.current,
  });
  const { offer } = keeper;

  /** Shows a page as stored: the form, the sections and the version edits start from. */
  const show = useCallback(
    (a: AdminLanding) => {
      setLoaded(a);
      const p = pageOf(a);
      setPage(p);
      form.setFieldsValue(fieldsOf(p));
      setErrors({});
    },
    [form],
  );
  /** Puts a page (kept in this browser, or restored) into the editor as unsaved changes. */
  const showUnsaved = useCallback(
    (p: LandingPage | null) => {
      if (!p) return;
      setPage(p);
      form.setFieldsValue(fieldsOf(p));
    },
    [form],
  );

  const loadedFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (loadedFor.current === id) return;
    loadedFor.current = id;
    api("GET", `/api/admin/landing-pages/${id}`, undefined, AdminLandingSchema)
      .then((a) => {
        show(a as AdminLanding);
        offer(showUnsaved);
      })
      .catch(showApiError);
  }, [api, id, show, showUnsaved, offer, showApiError]);

  useEffect(() => () => window.clearTimeout(autoTimer.current), []);

  /** Shows field errors where they belong: page fields in the form, section fields in the section editor. */
  function showErrors(found: Record<string, string>) {
    setErrors(found);
    const pageErrors = PAGE_FIELDS.map((f) => ({ name: f, errors: found[f] ? [found[f]] : [] }));
    form.setFields(pageErrors);
    const first = Object.keys(found)[0];
    if (!first) return;
    const section = /^sections\.(\d+)/.exec(first);
    if (section) {
      setTab("sections");
      setSelected(Number(section[1]));
    } else if (PAGE_FIELDS.includes(first as keyof PageFieldValues)) setTab("page");
  }

  /**
   * Saves the page from `base` (the version edits started from). `auto`: the quiet save of a draft
   * as the editor works. Answers the stored page, or null when it did not go through.
   */
  async function save(opts: { auto?: boolean; base?: number; page?: LandingPage } = {}) {
    const current = loadedRef.current;
    const p = opts.page ?? pageRef.current;
    if (!current || !p) return null;
    if (saving.current) {
      if (opts.auto) scheduleAutosave();
      return null;
    }
    const found = errorsOf(p);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      const first = Object.values(found)[0] ?? "页面有内容未通过检查";
      if (opts.auto) setSaveState({ kind: "failed", message: `未自动保存：${first}` });
      else message.error(first);
      return null;
    }
    saving.current = true;
    setSaveState({ kind: "saving" });
    const editsAtStart = edits.current;
    try {
      const saved = (await api(
        "PUT",
        `/api/admin/landing-pages/${current.id}`,
        { ...p, version: opts.base ?? current.version },
        SavedLandingSchema,
      )) as SavedLanding;
      setLoaded(saved);
      reportRemoteImages(saved);
      showErrors({});
      setSaveState({ kind: "saved", at: saved.updatedAt });
      if (edits.current === editsAtStart) {
        keeper.saved();
        // What the server stored (sanitised HTML) is what the editor goes on from.
        if (canonical(pageOf(saved)) !== canonical(p)) show(saved);
      }
      if (!opts.auto) message.success(visible(saved) ? "已保存，线上页面已更新" : "已保存");
      return saved;
    } catch (err) {
      const e = err as ApiError;
      const theirs = e.status === 409 ? AdminLandingSchema.safeParse(e.data) : null;
      if (theirs?.success) setConflict({ theirs: theirs.data as AdminLanding, mine: p });
      else {
        // The server checks with the same schemas as errorsOf above; what it refuses beyond them
        // names its field when it has one (a 报名产品 deleted meanwhile).
        const field = refusedField(e);
        if (Object.keys(field).length > 0) showErrors(field);
        if (opts.auto) setSaveState({ kind: "failed", message: `未自动保存：${apiErrorText(err)}` });
        else showApiError(e);
      }
      setSaveState((s) => (s.kind === "saving" ? { kind: "dirty" } : s));
      return null;
    } finally {
      saving.current = false;
    }
  }

  function scheduleAutosave() {
    window.clearTimeout(autoTimer.current);
    const current = loadedRef.current;
    if (!current || !autosaves(current)) return;
    autoTimer.current = window.setTimeout(() => void save({ auto: true }), AUTOSAVE_AFTER_MS);
  }

  /** Every change of the page: the preview follows, the keeper and autosave hear of it. */
  function edited(next: LandingPage) {
    // Opening a section's form may hand back the same page: that is no change.
    if (pageRef.current && canonical(next) === canonical(pageRef.current)) return;
    setPage(next);
    edits.current++;
    keeper.changed();
    setSaveState((s) => (s.kind === "saving" ? s : { kind: "dirty" }));
    scheduleAutosave();
  }

  // The forms' callbacks stay the same from render to render, so a keystroke in a section redraws
  // that section's form and its preview, not the page's other fields.
  const editedRef = useRef(edited);
  editedRef.current = edited;
  const onSections = useCallback((sections: Section[]) => {
    const p = pageRef.current;
    if (p) editedRef.current({ ...p, sections });
  }, []);
  const onPageFields = useCallback((v: PageFieldValues) => {
    const p = pageRef.current;
    if (p) editedRef.current(pageFrom(v, p.sections));
  }, []);

  /** 保存: a page visitors see changes for them at once, so the editor confirms first. */
  function saveNow() {
    window.clearTimeout(autoTimer.current);
    if (loaded?.status === "published")
      modal.confirm({
        title: "保存后立即更新线上页面？",
        content: `页面已发布，保存后访客在 ${page?.path ?? loaded.path} 立即看到这些修改。`,
        okText: "保存并更新",
        cancelText: "取消",
        onOk: () => save(),
      });
    else void save();
  }

  const sectionErrors = useMemo(
    () => Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith("sections."))),
    [errors],
  );

  if (!loaded || !page) {
    return (
      <Card title="编辑营销页面">
        <Spin />
      </Card>
    );
  }

  const editorMayNotSave = !admin && visible(loaded);

  return (
    <Card
      className="landing-editor"
      title={
        <Space size={12} wrap>
          <span>{page.name || "未命名页面"}</span>
          <LandingStatusTag status={loaded.status} publishAt={loaded.publishAt} />
          <SaveStatus state={saveState} autosaves={autosaves(loaded)} />
        </Space>
      }
      extra={
        <Space wrap>
          {loaded.status === "published" && (
            <a href={loaded.path} target="_blank" rel="noreferrer">
              在网站上查看
            </a>
          )}
          <Link to="/admin/landing-pages">返回列表</Link>
        </Space>
      }
    >
      <ConflictDialog
        conflict={conflict}
        status={loaded.status}
        onClose={() => setConflict(null)}
        onTheirs={(theirs) => {
          show(theirs);
          keeper.saved();
          setConflict(null);
        }}
        onMine={(theirs, mine) => {
          setConflict(null);
          setLoaded(theirs);
          void save({ base: theirs.version, page: mine });
        }}
      />
      <div className="landing-toolbar">
        <Space wrap>
          <Tooltip title={editorMayNotSave ? "已发布或定时发布的页面只有管理员可以修改" : undefined}>
            <Button
              type={visible(loaded) ? "primary" : "default"}
              onClick={saveNow}
              disabled={editorMayNotSave}
              loading={saveState.kind === "saving"}
            >
              保存
            </Button>
          </Tooltip>
          <PublishActions
            page={loaded}
            admin={admin}
            saveFirst={() => (keeper.unsaved() ? save() : Promise.resolve(loaded))}
            onChanged={setLoaded}
          />
        </Space>
        <Space wrap>
          <Popover
            trigger="click"
            placement="bottomRight"
            title="预览链接"
            content={
              <div style={{ width: 340 }}>
                <Typography.Paragraph type="secondary">
                  持有链接的人无需登录即可查看当前保存的版本，7 天后失效
                </Typography.Paragraph>
                <PreviewLinks base={`/api/admin/landing-pages/${loaded.id}/previews`} />
              </div>
            }
          >
            <Button>预览链接</Button>
          </Popover>
          <RevisionHistory
            block={false}
            base={`/api/admin/landing-pages/${loaded.id}/revisions`}
            version={loaded.version}
            rowSchema={LandingRevisionRowSchema}
            revisionSchema={LandingRevisionSchema}
            describe={(r) => (
              <>
                <LandingStatusTag status={r.status} publishAt={null} />
                <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                  {r.name} {r.path}
                </Typography.Text>
              </>
            )}
            compare={(r) => landingComparable({ ...r.page, status: r.status })}
            spec={LANDING_DIFF}
            restoreBody={{ version: loaded.version }}
            restoreNote={
              loaded.status === "published" ? "页面已发布，恢复后访客立即看到恢复的版本" : undefined
            }
            restoredSchema={SavedLandingSchema}
            onRestored={(a) => {
              show(a as AdminLanding);
              reportRemoteImages(a as SavedLanding);
              keeper.saved();
            }}
            onRestoreFailed={(err) => {
              const theirs =
                err instanceof ApiError && err.status === 409 ? AdminLandingSchema.safeParse(err.data) : null;
              if (theirs?.success) setConflict({ theirs: theirs.data as AdminLanding, mine: page });
              else showApiError(err);
            }}
          />
        </Space>
      </div>
      <RemoteImagesAlert report={remoteImages} onClose={() => setRemoteImages(null)} />
      {editorMayNotSave && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="此页面访客可见，只有管理员可以保存修改；你的修改会暂存在本浏览器。"
        />
      )}
      <Row gutter={24} className="landing-workspace">
        <Col xs={24} xl={13}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: "sections",
                label: `区块（${page.sections.length}）`,
                children: (
                  <SectionEditor
                    sections={page.sections}
                    onChange={onSections}
                    selected={selected}
                    onSelect={setSelected}
                    errors={sectionErrors}
                  />
                ),
              },
              {
                key: "page",
                label: "页面设置与分享",
                forceRender: true,
                children: (
                  <PageFields
                    form={form}
                    pageId={loaded.id}
                    storedPath={loaded.path}
                    onChange={onPageFields}
                  />
                ),
              },
            ]}
          />
        </Col>
        <Col xs={24} xl={11}>
          <div className="landing-preview-pane">
            <div className="landing-preview-bar">
              <Typography.Text strong>实时预览</Typography.Text>
              <Segmented
                value={device}
                onChange={(v) => setDevice(v as "phone" | "desktop")}
                options={[
                  { value: "phone", label: "手机" },
                  { value: "desktop", label: "电脑" },
                ]}
              />
            </div>
            <LandingPreview page={page} device={device} selected={selected} />
          </div>
        </Col>
      </Row>
    </Card>
  );
}

function SaveStatus({ state, autosaves }: { state: SaveState; autosaves: boolean }) {
  switch (state.kind) {
    case "dirty":
      return (
        <Typography.Text type="secondary">
          {autosaves ? "有修改，稍后自动保存" : "有未保存的修改，保存后才会在线上生效"}
        </Typography.Text>
      );
    case "saving":
      return <Typography.Text type="secondary">正在保存…</Typography.Text>;
    case "saved":
      return <Typography.Text type="secondary">已保存 {formatDateTime(state.at).slice(11)}</Typography.Text>;
    case "failed":
      return <Typography.Text type="danger">{state.message}</Typography.Text>;
    default:
      return null;
  }
}

/** A save refused because someone saved in between: their version against mine, and the choice. */
function ConflictDialog({
  conflict,
  status,
  onClose,
  onTheirs,
  onMine,
}: {
  conflict: { theirs: AdminLanding; mine: LandingPage } | null;
  status: AdminLanding["status"];
  onClose: () => void;
  onTheirs: (theirs: AdminLanding) => void;
  onMine: (theirs: AdminLanding, mine: LandingPage) => void;
}) {
  return (
    <Modal
      open={conflict !== null}
      title="页面已被他人修改，请查看对方的版本后再保存"
      width={800}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          继续编辑
        </Button>,
        <Button key="theirs" onClick={() => conflict && onTheirs(conflict.theirs)}>
          采用对方的版本
        </Button>,
        <Button key="mine" type="primary" onClick={() => conflict && onMine(conflict.theirs, conflict.mine)}>
          仍然保存我的修改
        </Button>,
      ]}
    >
      {conflict && (
        <DiffView
          before={landingComparable(conflict.theirs)}
          after={landingComparable({ ...conflict.mine, status: conflict.theirs.status ?? status })}
          spec={LANDING_DIFF}
          heading={`${conflict.theirs.updatedBy} 的版本（版本 ${conflict.theirs.version}，${formatDateTime(conflict.theirs.updatedAt)}）→ 我的修改`}
        />
      )}
    </Modal>
  );
}
