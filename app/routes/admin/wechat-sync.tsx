import { Alert, App, Button, Card, Descriptions, Progress, Table, Tag, Tooltip } from "antd";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import {
  WECHAT_SYNC_STATES,
  WECHAT_SYNC_STEPS,
  type WechatJob,
  WechatJobSchema,
  type WechatSettings,
  WechatSettingsSchema,
  type WechatTest,
  WechatTestSchema,
} from "../../../contract/wechat";
import type { Route } from "./+types/wechat-sync";
import { formatDateTime, NO_STORE, useApi, useShowApiError } from "./api";
import { usePolling } from "./polling";
import { FilterSelect, listPagination, useFilters, usePagedList } from "./records";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "公众号同步 - 编辑后台" }];
}

const STATE_COLOR: Record<WechatJob["state"], string> = { pending: "blue", done: "green", failed: "red" };
const stateLabel = (s: string) => WECHAT_SYNC_STATES.find((x) => x.value === s)?.label ?? s;
const stepLabel = (s: string) => WECHAT_SYNC_STEPS.find((x) => x.value === s)?.label ?? s;

/** 系统 › 公众号同步 (admins): every sync, whether the account is set up, 测试连接, 重试. */
export default function WechatSyncScreen() {
  const api = useApi();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const { filters, set } = useFilters();
  const query = new URLSearchParams(filters).toString();
  const { data, loading, reload } = usePagedList("/api/admin/wechat-sync/jobs", query, WechatJobSchema);
  const [settings, setSettings] = useState<WechatSettings | null>(null);
  const [test, setTest] = useState<WechatTest | null>(null);
  const [testing, setTesting] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    api("GET", "/api/admin/wechat-sync/settings", undefined, WechatSettingsSchema)
      .then(setSettings)
      .catch(showApiError);
  }, [api, showApiError]);

  // While a sync is under way the list follows it.
  usePolling(data?.items.some((j) => j.state === "pending") ?? false, 3000, reload);

  async function testConnection() {
    setTesting(true);
    setTest(null);
    try {
      setTest(await api("POST", "/api/admin/wechat-sync/test", undefined, WechatTestSchema));
    } catch (err) {
      showApiError(err);
    } finally {
      setTesting(false);
    }
  }

  async function retry(job: WechatJob) {
    setBusy(job.id);
    try {
      await api("POST", `/api/admin/wechat-sync/jobs/${job.id}/retry`, undefined, WechatJobSchema);
      message.success("已重新开始同步（已记录到操作日志）");
      void reload();
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card
      title="公众号同步"
      extra={
        <Button
          onClick={() => void testConnection()}
          loading={testing}
          disabled={settings?.configured === false}
        >
          测试连接
        </Button>
      }
    >
      {settings && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            style={{ marginBottom: 16 }}
            items={[
              {
                key: "account",
                label: "公众号",
                children: settings.configured ? (
                  <>
                    <Tag color="green">已配置</Tag> AppID {settings.appId}
                  </>
                ) : (
                  <Tag>未配置</Tag>
                ),
              },
              { key: "api", label: "接口地址", children: settings.apiBase },
              {
                key: "callback",
                label: "消息推送地址",
                children: settings.callbackUrl ?? "未设置站点地址（PUBLIC_URL）",
              },
              {
                key: "token",
                label: "消息推送 Token",
                children: settings.callbackToken ? <Tag color="green">已配置</Tag> : <Tag>未配置</Tag>,
              },
            ]}
          />
          {!settings.configured && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="未配置公众号：设置 WECHAT_APP_ID 与 WECHAT_APP_SECRET 后，编辑即可在文章编辑页「同步到公众号」。"
            />
          )}
          {settings.configured && !settings.callbackToken && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="未配置消息推送 Token（WECHAT_CALLBACK_TOKEN）：发布结果靠定时查询获得，会慢一些。"
            />
          )}
        </>
      )}
      {test && (
        <Alert
          className="wechat-test-result"
          type={test.ok ? "success" : "error"}
          showIcon
          closable={{ onClose: () => setTest(null) }}
          style={{ marginBottom: 16 }}
          title={test.message}
        />
      )}
      <div className="console-filters">
        <FilterSelect
          label="状态"
          value={filters.state}
          options={WECHAT_SYNC_STATES.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(v) => set({ state: v })}
        />
      </div>
      <Table<WechatJob>
        rowKey="id"
        loading={loading}
        dataSource={data?.items ?? []}
        scroll={{ x: 1360 }}
        pagination={listPagination(data, set, "次同步")}
        columns={[
          { title: "时间", dataIndex: "createdAt", width: 150, render: formatDateTime },
          {
            title: "文章",
            key: "article",
            width: 220,
            ellipsis: true,
            render: (_v, j) => (
              <Link to={`/admin/articles/${j.articleId}`} title={j.title}>
                {j.title}
              </Link>
            ),
          },
          {
            title: "方式",
            dataIndex: "action",
            width: 110,
            render: (a: WechatJob["action"]) => (a === "publish" ? "发布" : "存入草稿箱"),
          },
          {
            title: "状态",
            dataIndex: "state",
            width: 90,
            render: (s: WechatJob["state"]) => <Tag color={STATE_COLOR[s]}>{stateLabel(s)}</Tag>,
          },
          {
            title: "步骤",
            key: "step",
            width: 150,
            render: (_v, j) =>
              j.state === "done" ? (
                j.updatedDraft && j.action === "draft" ? (
                  "已更新草稿"
                ) : (
                  stepLabel("done")
                )
              ) : j.step === "pictures" && j.pictures.total > 0 ? (
                <>
                  {stepLabel(j.step)}
                  <Progress size="small" percent={Math.round((j.pictures.done / j.pictures.total) * 100)} />
                </>
              ) : (
                stepLabel(j.step)
              ),
          },
          {
            title: "错误",
            key: "error",
            width: 240,
            render: (_v, j) =>
              j.error ? (
                <Tooltip title={j.error}>
                  <span className="console-ellipsis">{j.error}</span>
                </Tooltip>
              ) : (
                ""
              ),
          },
          {
            title: "公众号链接",
            key: "url",
            width: 120,
            render: (_v, j) =>
              j.articleUrl ? (
                <a href={j.articleUrl} target="_blank" rel="noreferrer noopener">
                  在公众号中查看
                </a>
              ) : j.draftMediaId && j.state === "done" ? (
                "在草稿箱中"
              ) : (
                ""
              ),
          },
          { title: "操作人", dataIndex: "createdBy", width: 100 },
          {
            title: "操作",
            key: "ops",
            width: 90,
            fixed: "right",
            render: (_v, j) =>
              j.state === "failed" ? (
                <Button size="small" loading={busy === j.id} onClick={() => void retry(j)}>
                  重试
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
