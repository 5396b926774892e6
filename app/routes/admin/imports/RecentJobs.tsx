import { Button, Table, Tag } from "antd";
import { IMPORT_STATUS_LABELS, type ImportJob, ImportJobSchema } from "../../../../contract/imports";
import { formatDateTime } from "../api";
import { usePagedList } from "../records";
import { STATUS_COLOR } from "./job";

export function RecentJobs({ onOpen }: { onOpen: (j: ImportJob) => void }) {
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
