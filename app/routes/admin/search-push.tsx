import { Alert, App, Button, Card, Descriptions, Table, Tag, Tooltip } from "antd";
import { useEffect, useState } from "react";
import { PUSH_ENGINES, PUSH_STATUSES } from "../../../contract/admin";
import {
  type PushRow,
  PushRowSchema,
  type PushSettings,
  PushSettingsSchema,
} from "../../../contract/answers";
import type { Route } from "./+types/search-push";
import { formatDateTime, NO_STORE, useApi, useShowApiError } from "./api";
import { FilterSelect, listPagination, useFilters, usePagedList } from "./records";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "搜索引擎推送 - 编辑后台" }];
}

const STATUS_COLOR: Record<PushRow["status"], string> = {
  pending: "blue",
  done: "green",
  failed: "red",
  quota: "orange",
};
const statusLabel = (s: string) => PUSH_STATUSES.find((x) => x.value === s)?.label ?? s;
const engineLabel = (e: string) => PUSH_ENGINES.find((x) => x.value === e)?.label ?? e;

/** What the engines were told about newly public articles, and what they answered (admins only). */
export default function SearchPush() {
  const api = useApi();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const { filters, set } = useFilters();
  const query = new URLSearchParams(filters).toString();
  const { data, loading, reload } = usePagedList("/api/admin/search-pushes", query, PushRowSchema);
  const [settings, setSettings] = useState<PushSettings | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    api("GET", "/api/admin/search-pushes/settings", undefined, PushSettingsSchema)
      .then(setSettings)
      .catch(showApiError);
  }, [api, showApiError]);

  async function retry(row: PushRow) {
    setBusy(row.id);
    try {
      await api("POST", `/api/admin/search-pushes/${row.id}/retry`, undefined, PushRowSchema);
      message.success("已重新加入推送队列（已记录到操作日志）");
      void reload();
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(null);
    }
  }

  const configured = (on: boolean | undefined) =>
    on === undefined ? "" : on ? <Tag color="green">已配置</Tag> : <Tag>未配置</Tag>;

  return (
    <Card title="搜索引擎推送">
      {settings && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 3 }}
            style={{ marginBottom: 16 }}
            items={[
              { key: "baidu", label: "百度链接提交", children: configured(settings.baidu) },
              { key: "indexnow", label: "IndexNow", children: configured(settings.indexnow) },
              { key: "origin", label: "站点地址", children: settings.publicUrl ?? "未设置" },
            ]}
          />
          {!settings.active && (
            <Alert
              type={settings.baidu || settings.indexnow ? "warning" : "info"}
              showIcon
              style={{ marginBottom: 16 }}
              message={
                settings.baidu || settings.indexnow
                  ? "未设置站点地址（PUBLIC_URL），无法生成文章的完整链接，发布的文章不会推送给搜索引擎。"
                  : "未配置百度链接提交或 IndexNow，发布的文章不会推送给搜索引擎。"
              }
            />
          )}
        </>
      )}
      <div className="console-filters">
        <FilterSelect
          label="搜索引擎"
          value={filters.engine}
          options={PUSH_ENGINES.map((e) => ({ value: e.value, label: e.label }))}
          onChange={(v) => set({ engine: v })}
        />{" "}
        <FilterSelect
          label="状态"
          value={filters.status}
          options={PUSH_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(v) => set({ status: v })}
        />
      </div>
      <Table<PushRow>
        rowKey="id"
        loading={loading}
        dataSource={data?.items ?? []}
        scroll={{ x: 1420 }}
        pagination={listPagination(data, set)}
        columns={[
          { title: "加入时间", dataIndex: "createdAt", width: 160, render: formatDateTime },
          { title: "搜索引擎", dataIndex: "engine", width: 100, render: engineLabel },
          {
            title: "链接",
            dataIndex: "url",
            width: 240,
            ellipsis: true,
            // The origin is shown above; the path tells the articles apart.
            render: (u: string) => (
              <a href={u} title={u} target="_blank" rel="noreferrer noopener">
                {URL.parse(u)?.pathname ?? u}
              </a>
            ),
          },
          {
            title: "状态",
            dataIndex: "status",
            width: 100,
            render: (s: PushRow["status"]) => <Tag color={STATUS_COLOR[s]}>{statusLabel(s)}</Tag>,
          },
          { title: "次数", dataIndex: "attempts", width: 80 },
          {
            title: "最近回复",
            key: "answer",
            width: 280,
            render: (_v, r) =>
              r.lastStatusCode === null && !r.lastAnswer ? (
                ""
              ) : (
                <Tooltip title={r.lastAnswer}>
                  <span className="console-ellipsis">
                    {r.lastStatusCode ?? ""} {r.lastAnswer}
                  </span>
                </Tooltip>
              ),
          },
          {
            title: "下次推送",
            key: "next",
            width: 150,
            render: (_v, r) =>
              r.status === "pending" || r.status === "quota" ? formatDateTime(r.nextAttemptAt) : "",
          },
          { title: "更新时间", dataIndex: "updatedAt", width: 160, render: formatDateTime },
          {
            title: "操作",
            key: "ops",
            width: 110,
            fixed: "right",
            render: (_v, r) =>
              r.status === "failed" ? (
                <Button size="small" loading={busy === r.id} onClick={() => retry(r)}>
                  重新推送
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
