import { Alert, App, Button, Card, Descriptions, Empty, Form, Input, Modal, Table, Tag } from "antd";
import { useState } from "react";
import {
  ERASURE_NOT_SCRUBBED,
  type ErasureDone,
  ErasureDoneSchema,
  type ErasurePreview,
  ErasurePreviewSchema,
} from "../../../contract/privacy";
import type { Route } from "./+types/privacy";
import { formatDateTime, NO_STORE, useApi, useShowApiError, yuan } from "./api";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "个人信息清除 - 编辑后台" }];
}

const FORMS: Record<string, string> = { business: "商家合作", expert: "达人入驻" };

/**
 * Erasing one person's personal data at their request (admins): look up the mobile number, see
 * which orders and leads lose what, then confirm. Written to the audit log. When the database files
 * could not be scrubbed yet (`scrubbed: false`), a warning stays on the page instead of a success
 * message, with a button that tries again.
 */
export default function Privacy() {
  const api = useApi();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const [mobile, setMobile] = useState("");
  const [preview, setPreview] = useState<(ErasurePreview & { mobile: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  /** the mobile of an erasure whose database files are not scrubbed yet */
  const [unscrubbed, setUnscrubbed] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);

  const erase = (m: string) => api("POST", "/api/admin/privacy/erasure", { mobile: m }, ErasureDoneSchema);

  function told(m: string, r: ErasureDone) {
    setUnscrubbed(r.scrubbed ? null : m);
    if (!r.scrubbed) message.warning(ERASURE_NOT_SCRUBBED, 10);
    return r.scrubbed;
  }

  async function retry() {
    if (!unscrubbed) return;
    setRetrying(true);
    try {
      if (told(unscrubbed, await erase(unscrubbed))) message.success("数据库文件已清理完毕");
    } catch (err) {
      showApiError(err);
    } finally {
      setRetrying(false);
    }
  }

  async function look() {
    setBusy(true);
    try {
      const m = mobile.trim();
      const p = await api("POST", "/api/admin/privacy/erasure/preview", { mobile: m }, ErasurePreviewSchema);
      setPreview({ ...p, mobile: m });
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
    }
  }

  function confirm() {
    if (!preview) return;
    Modal.confirm({
      title: "确认清除个人信息？",
      content: `将清除手机号 ${preview.mobile} 的 ${preview.orders.length} 条报名订单、${preview.leads.length} 条线索中的个人信息，清除后无法恢复。`,
      okText: "确认清除",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          const r = await erase(preview.mobile);
          if (told(preview.mobile, r))
            message.success(
              `已清除：报名订单 ${r.orders} 条、线索 ${r.leads} 条、身份证复印件 ${r.files} 张`,
            );
          setPreview(null);
        } catch (err) {
          showApiError(err);
        }
      },
    });
  }

  const nothing = preview && preview.orders.length === 0 && preview.leads.length === 0;
  return (
    <Card title="个人信息清除">
      <p className="console-hint">
        按本人请求，清除其报名订单和线索中的个人信息：身份证号、身份证复印件、手机号、姓名、店铺ID和店铺名、填写的回答、账号昵称和链接、浏览器标识和
        IP 摘要；金额、产品、所选选项和日期保留，手机号和姓名保留打码形式。
        {preview ? `超过 ${preview.retentionDays} 天的个人信息每天自动清除。` : ""}
      </p>
      {unscrubbed && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={`手机号 ${unscrubbed} 的清除尚未完成`}
          description={ERASURE_NOT_SCRUBBED}
          action={
            <Button onClick={retry} loading={retrying}>
              再次清理
            </Button>
          }
        />
      )}
      <Form layout="inline" onFinish={look}>
        <Form.Item label="手机号">
          <Input
            value={mobile}
            onChange={(e) => setMobile(e.target.value)}
            placeholder="本人提交时填写的手机号"
            inputMode="numeric"
            maxLength={20}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!mobile.trim()}>
            查询将清除的内容
          </Button>
        </Form.Item>
      </Form>
      {preview &&
        (nothing ? (
          <Empty description={`手机号 ${preview.mobile} 没有待清除的个人信息`} style={{ marginTop: 24 }} />
        ) : (
          <div style={{ marginTop: 24 }}>
            <Descriptions
              size="small"
              column={1}
              items={[{ key: "m", label: "手机号", children: preview.mobile }]}
            />
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              title={() => `报名订单（${preview.orders.length}）`}
              dataSource={preview.orders}
              columns={[
                { title: "订单号", dataIndex: "orderNo" },
                { title: "下单时间", dataIndex: "createdAt", render: formatDateTime },
                { title: "金额", dataIndex: "totalFen", render: (f: number) => yuan(f / 100) },
                {
                  title: "将清除",
                  dataIndex: "fields",
                  render: (fs: string[]) => fs.map((f) => <Tag key={f}>{f}</Tag>),
                },
              ]}
            />
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              title={() => `MCN 线索（${preview.leads.length}）`}
              dataSource={preview.leads}
              columns={[
                { title: "编号", dataIndex: "id" },
                { title: "类型", dataIndex: "form", render: (f: string) => FORMS[f] ?? f },
                { title: "提交时间", dataIndex: "createdAt", render: formatDateTime },
                {
                  title: "将清除",
                  dataIndex: "fields",
                  render: (fs: string[]) => fs.map((f) => <Tag key={f}>{f}</Tag>),
                },
              ]}
            />
            <Button danger type="primary" style={{ marginTop: 16 }} onClick={confirm}>
              清除以上个人信息
            </Button>
          </div>
        ))}
    </Card>
  );
}
