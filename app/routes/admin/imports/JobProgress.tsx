import { Alert, Button, Progress, Space, Statistic, Table, Tag, Typography } from "antd";
import { Link } from "react-router";
import {
  IMPORT_STATUS_LABELS,
  type ImportJob,
  type ImportNote,
  OUTCOME_LABELS,
} from "../../../../contract/imports";
import { formatDateTime } from "../api";
import { STATUS_COLOR } from "./job";

const OUTCOME_COLOR: Record<ImportNote["outcome"], string> = {
  created: "green",
  updated: "blue",
  unchanged: "default",
  skipped: "orange",
  failed: "red",
};

const percentOf = (j: ImportJob) => (j.total ? Math.floor((j.processed / j.total) * 100) : 0);

/** Counts, the progress bar and the report of a job (both kinds). */
export function JobProgress({ job, onResume }: { job: ImportJob; onResume: () => void }) {
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
