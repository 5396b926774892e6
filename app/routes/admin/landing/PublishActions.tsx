import { App, Button, DatePicker, Popconfirm, Popover, Space, Tooltip, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { type AdminLanding, AdminLandingSchema } from "../../../../contract/landing";
import { formatDateTime, useApi, useShowApiError } from "../api";

export const ADMIN_ONLY = "发布、定时发布和下线需要管理员权限";

/**
 * 发布 / 定时发布 / 下线 of a landing page, for admins (editors see the buttons disabled, with the
 * reason; the API decides either way). Unsaved changes are saved first (`saveFirst`, which answers
 * null when the save did not go through), so what goes public is what the editor sees.
 */
export function PublishActions({
  page,
  admin,
  saveFirst,
  onChanged,
}: {
  page: AdminLanding;
  admin: boolean;
  saveFirst: () => Promise<AdminLanding | null>;
  onChanged: (page: AdminLanding) => void;
}) {
  const api = useApi();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const [busy, setBusy] = useState(false);
  const [when, setWhen] = useState<Dayjs | null>(null);
  const [scheduling, setScheduling] = useState(false);

  async function run(action: "publish" | "schedule" | "takedown", done: (p: AdminLanding) => string) {
    setBusy(true);
    try {
      if (action !== "takedown" && !(await saveFirst())) return;
      const body = action === "schedule" ? { publishAt: when?.toISOString() } : undefined;
      const changed = (await api(
        "POST",
        `/api/admin/landing-pages/${page.id}/${action}`,
        body,
        AdminLandingSchema,
      )) as AdminLanding;
      onChanged(changed);
      message.success(done(changed));
      setScheduling(false);
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
    }
  }

  const guard = (node: React.ReactNode) =>
    admin ? (
      node
    ) : (
      <Tooltip title={ADMIN_ONLY}>
        <span>{node}</span>
      </Tooltip>
    );
  const live = page.status === "published";
  const scheduled = page.status === "scheduled";

  return (
    <Space wrap>
      {!live &&
        guard(
          <Popconfirm
            title="发布这个页面？"
            description={`发布后访客即可在 ${page.path} 看到它`}
            okText="发布"
            cancelText="取消"
            disabled={!admin}
            onConfirm={() => run("publish", (p) => `已发布，访客现在可以打开 ${p.path}`)}
          >
            <Button type="primary" disabled={!admin} loading={busy}>
              {scheduled ? "立即发布" : "发布"}
            </Button>
          </Popconfirm>,
        )}
      {!live &&
        guard(
          <Popover
            trigger="click"
            open={scheduling && admin}
            onOpenChange={(o) => setScheduling(o)}
            title="定时发布"
            content={
              <Space direction="vertical">
                <DatePicker
                  showTime={{ format: "HH:mm" }}
                  format="YYYY-MM-DD HH:mm"
                  value={when}
                  onChange={setWhen}
                  disabledDate={(d) => d.isBefore(dayjs(), "day")}
                  placeholder="选择发布时间"
                  aria-label="发布时间"
                />
                <Typography.Text type="secondary">到时自动发布，此前访客看不到此页面</Typography.Text>
                <Button
                  type="primary"
                  disabled={!when}
                  loading={busy}
                  onClick={() => run("schedule", (p) => `已定时，将于 ${formatDateTime(p.publishAt)} 发布`)}
                >
                  确定定时
                </Button>
              </Space>
            }
          >
            <Button disabled={!admin}>{scheduled ? "修改定时" : "定时发布"}</Button>
          </Popover>,
        )}
      {(live || scheduled) &&
        guard(
          <Popconfirm
            title={live ? "下线这个页面？" : "取消定时并下线？"}
            description={live ? `下线后 ${page.path} 将显示 404` : "页面不会在定时的时间发布"}
            okText="下线"
            cancelText="取消"
            disabled={!admin}
            onConfirm={() => run("takedown", () => "页面已下线")}
          >
            <Button danger disabled={!admin} loading={busy}>
              下线
            </Button>
          </Popconfirm>,
        )}
    </Space>
  );
}
