import { Card, Tabs, Typography } from "antd";
import { redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/imports";
import { NO_STORE } from "./api";
import { RecentJobs } from "./imports/RecentJobs";
import { WechatImport } from "./imports/WechatImport";
import { WordpressImport } from "./imports/WordpressImport";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "导入 - 编辑后台" }];
}

/** 旧地址跳转 was a tab of this screen (`?tab=redirects`): such a link opens its own screen. */
export function loader({ url }: Route.LoaderArgs) {
  if (url.searchParams.get("tab") !== "redirects") return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete("tab");
  throw redirect(rest.size ? `/admin/redirects?${rest}` : "/admin/redirects");
}

/**
 * 系统 › 导入: a WordPress export or WeChat articles (docs/product.md "Import"); the tab and the job
 * followed are kept in the address.
 */
export default function Imports() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") ?? "wordpress";
  const jobId = Number(params.get("job")) || null;
  const go = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const setJobId = (id: number | null) => go({ job: id === null ? null : String(id) });
  return (
    <Card title="导入">
      <Tabs
        activeKey={tab}
        onChange={(k) => go({ tab: k, job: null })}
        items={[
          {
            key: "wordpress",
            label: "WordPress 导入",
            children: <WordpressImport key={jobId ?? "new"} jobId={jobId} setJobId={setJobId} />,
          },
          {
            key: "wechat",
            label: "公众号文章",
            children: <WechatImport key={jobId ?? "new"} jobId={jobId} setJobId={setJobId} />,
          },
        ]}
      />
      {!jobId && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            最近的导入
          </Typography.Title>
          <RecentJobs onOpen={(j) => go({ tab: j.kind, job: String(j.id) })} />
        </>
      )}
    </Card>
  );
}
