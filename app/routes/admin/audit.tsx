import { Card, Table, Tag } from "antd";
import type { AuditEntry } from "../../../contract/admin";
import { AuditEntrySchema } from "../../../contract/answers";
import type { Route } from "./+types/audit";
import { formatDateTime, NO_STORE } from "./api";
import { FilterSelect, listPagination, useFilters, usePagedList } from "./records";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "操作日志 - 编辑后台" }];
}

const ACTIONS: Record<string, { label: string; color: string }> = {
  create: { label: "新增", color: "green" },
  update: { label: "修改", color: "blue" },
  delete: { label: "删除", color: "red" },
  restore: { label: "恢复版本", color: "geekblue" },
  reorder: { label: "排序", color: "default" },
  status: { label: "改状态", color: "cyan" },
  export: { label: "导出", color: "purple" },
  reveal_id: { label: "查看身份证号", color: "volcano" },
  view_id_copy: { label: "查看身份证复印件", color: "volcano" },
  retention_erase: { label: "到期清除个人信息", color: "magenta" },
  erase_person: { label: "按请求清除个人信息", color: "magenta" },
  retry: { label: "重新推送", color: "lime" },
  login: { label: "登录", color: "default" },
  logout: { label: "退出", color: "default" },
  setup: { label: "首次设置", color: "gold" },
};
const ENTITIES: Record<string, string> = {
  article: "文章",
  columns: "栏目",
  tags: "标签",
  banners: "广告位",
  partners: "合作伙伴",
  activities: "活动",
  contacts: "商务合作",
  "travel-tabs": "旅行清单分类",
  "travel-items": "旅行清单商品",
  product: "产品",
  question: "报名问题",
  lead: "线索",
  order: "订单",
  user: "用户",
  session: "登录",
  pii: "个人信息",
  search_push: "搜索引擎推送",
};

/** Who did what, when (admins only). */
export default function Audit() {
  const { filters, set } = useFilters();
  const query = new URLSearchParams(filters).toString();

  const { data, loading } = usePagedList("/api/admin/audit", query, AuditEntrySchema);

  return (
    <Card title="操作日志">
      <div className="console-filters">
        <FilterSelect
          label="操作"
          value={filters.action}
          options={Object.entries(ACTIONS).map(([value, a]) => ({ value, label: a.label }))}
          onChange={(v) => set({ action: v })}
          width={150}
        />{" "}
        <FilterSelect
          label="对象"
          value={filters.entity}
          options={Object.entries(ENTITIES).map(([value, label]) => ({ value, label }))}
          onChange={(v) => set({ entity: v })}
          width={150}
        />
      </div>
      <Table<AuditEntry>
        rowKey="id"
        loading={loading}
        dataSource={data?.items ?? []}
        scroll={{ x: 760 }}
        pagination={listPagination(data, set)}
        columns={[
          { title: "时间", dataIndex: "createdAt", width: 150, render: formatDateTime },
          { title: "用户", dataIndex: "username", width: 120 },
          {
            title: "操作",
            dataIndex: "action",
            width: 120,
            render: (a: string) => <Tag color={ACTIONS[a]?.color}>{ACTIONS[a]?.label ?? a}</Tag>,
          },
          { title: "对象", dataIndex: "entity", width: 110, render: (e: string) => ENTITIES[e] ?? e },
          { title: "编号", dataIndex: "entityId", width: 90 },
          { title: "内容", dataIndex: "summary" },
        ]}
      />
    </Card>
  );
}
