import { Button, Form, Input, Select, Typography } from "antd";
import { useState } from "react";
import { type ImportJob, ImportJobSchema, WECHAT_MAX_URLS } from "../../../../contract/imports";
import { useApi, useShowApiError } from "../api";
import { useColumnsAndTags } from "../options";
import { JobProgress } from "./JobProgress";
import { useImportJob } from "./job";
import { WechatAccountPicker } from "./WechatAccountPicker";

/** 公众号文章: articles chosen from the 公众号 or pasted as links, imported as drafts, then their job. */
export function WechatImport({
  jobId,
  setJobId,
}: {
  jobId: number | null;
  setJobId: (id: number | null) => void;
}) {
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
