import { PlusOutlined } from "@ant-design/icons";
import { Button, Card, Input, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import {
  type AdminLandingRow,
  AdminLandingRowSchema,
  LANDING_STATUS_LABEL,
  type LandingStatus,
} from "../../../contract/landing";
import type { Route } from "./+types/landing-pages";
import { formatDateTime, NO_STORE } from "./api";
import { NewPageDialog } from "./landing/NewPageDialog";
import { FilterSelect, listPagination, useFilters, usePagedList } from "./records";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "营销页面 - 编辑后台" }];
}

const STATUS_OPTIONS = Object.entries(LANDING_STATUS_LABEL).map(([value, label]) => ({ value, label }));
const STATUS_COLOR: Record<LandingStatus, string> = {
  draft: "default",
  scheduled: "blue",
  published: "green",
  offline: "orange",
};

/** A page's state, with its time when it is scheduled. */
export function LandingStatusTag({ status, publishAt }: { status: LandingStatus; publishAt: string | null }) {
  return (
    <Tag
      color={STATUS_COLOR[status]}
      title={status === "scheduled" && publishAt ? `将于 ${formatDateTime(publishAt)} 发布` : undefined}
    >
      {LANDING_STATUS_LABEL[status]}
    </Tag>
  );
}

/**
 * 营销页面 (docs/product.md, "Landing pages"): every landing page, searched by name or path and
 * filtered by state, last changed first; a new page starts blank, as a copy or from a template.
 */
export default function LandingPages() {
  const { params, filters, set } = useFilters();
  const { data, loading } = usePagedList(
    "/api/admin/landing-pages",
    params.toString(),
    AdminLandingRowSchema,
  );
  /** the new-page dialog, opened on a copy of this page when given */
  const [creating, setCreating] = useState<{ copyOf?: AdminLandingRow } | null>(null);

  return (
    <Card
      title="营销页面"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating({})}>
          新建页面
        </Button>
      }
    >
      <NewPageDialog open={creating !== null} copyOf={creating?.copyOf} onClose={() => setCreating(null)} />
      <Space wrap className="console-filters">
        <Input.Search
          placeholder="搜索名称或路径"
          allowClear
          defaultValue={filters.q ?? ""}
          onSearch={(v) => set({ q: v.trim() })}
          style={{ width: 240 }}
          aria-label="搜索名称或路径"
        />
        <FilterSelect
          label="状态"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(v) => set({ status: v })}
          width={120}
        />
      </Space>
      <Table<AdminLandingRow>
        rowKey="id"
        loading={loading}
        dataSource={data?.items ?? []}
        scroll={{ x: 960 }}
        pagination={listPagination(data, set, "个页面")}
        columns={[
          {
            title: "名称",
            dataIndex: "name",
            width: 220,
            render: (name: string, r) => (
              <Link to={`/admin/landing-pages/${r.id}`} className="console-title-link">
                {name}
              </Link>
            ),
          },
          {
            title: "页面地址",
            dataIndex: "path",
            width: 300,
            render: (path: string, r) =>
              r.status === "published" ? (
                <a href={path} target="_blank" rel="noreferrer" className="landing-path">
                  {path}
                </a>
              ) : (
                <Tooltip title="页面未发布，访客打开此地址会看到 404">
                  <Typography.Text type="secondary" className="landing-path">
                    {path}（未发布）
                  </Typography.Text>
                </Tooltip>
              ),
          },
          {
            title: "状态",
            dataIndex: "status",
            width: 100,
            render: (s: LandingStatus, r) => <LandingStatusTag status={s} publishAt={r.publishAt} />,
          },
          {
            title: "最后修改",
            dataIndex: "updatedAt",
            width: 200,
            render: (at: string, r) => (
              <span>
                {r.updatedBy} · {formatDateTime(at)}
              </span>
            ),
          },
          {
            title: "操作",
            key: "ops",
            width: 160,
            render: (_v, r) => (
              <Space size={4}>
                <Link to={`/admin/landing-pages/${r.id}`}>编辑</Link>
                <Button type="link" size="small" onClick={() => setCreating({ copyOf: r })}>
                  复制
                </Button>
                {r.status === "published" && (
                  <a href={r.path} target="_blank" rel="noreferrer">
                    查看
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
