import { useEffect, useState } from "react";
import { data, isRouteErrorResponse, Link, useRevalidator } from "react-router";
import type { RouteCache } from "../../../contract/cache-tags";
import { formatYuan } from "../../../contract/money";
import { SITE_NAME } from "../../root";
import type { Route } from "./+types/result";
import { beijingTime, SignupShell } from "./Shell";
import "./signup.css";

/** /pay/result?orderNo= — the order's real state, read from the database (never from the URL). */
/** Made for one visitor: never stored (docs/architecture.md, "Serving"). */
export const handle: { cache: RouteCache } = { cache: false };

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta({ data: d }: Route.MetaArgs): Route.MetaDescriptors {
  const title = !d ? "订单不存在" : d.order.status === "PAID" ? "支付成功" : "等待支付";
  return [{ title: `${title} - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const orderNo = url.searchParams.get("orderNo") ?? "";
  const order = await context.services.signup.publicOrder(orderNo);
  if (!order) throw data("订单不存在", { status: 404 });
  return { order, paidAt: beijingTime(order.paidAt), createdAt: beijingTime(order.createdAt) };
}

/** While the gateway's notify has not arrived, look again a few times. */
const POLLS = 10;
const POLL_MS = 3000;

export default function PayResultPage({ loaderData }: Route.ComponentProps) {
  const { order, paidAt, createdAt } = loaderData;
  const paid = order.status === "PAID";
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (paid || polls >= POLLS) return;
    const t = window.setTimeout(() => {
      setPolls((n) => n + 1);
      void revalidator.revalidate();
    }, POLL_MS);
    return () => window.clearTimeout(t);
  }, [paid, polls, revalidator]);

  return (
    <SignupShell label="支付结果">
      <div className="signup-card pay-card pay-result">
        <div className={paid ? "pay-icon pay-icon-ok" : "pay-icon pay-icon-wait"} aria-hidden="true">
          {paid ? "✓" : "…"}
        </div>
        <h1>{paid ? "支付成功" : "等待支付确认"}</h1>
        <p className="pay-sub">
          {paid
            ? "报名已完成，工作人员将在 1 个工作日内与您联系。"
            : "如您已完成支付，结果可能稍有延迟，本页会自动刷新；如未支付，请返回报名页面重新提交。"}
        </p>
        <dl className="pay-details">
          <div>
            <dt>订单号</dt>
            <dd>{order.orderNo}</dd>
          </div>
          <div>
            <dt>商品</dt>
            <dd>{order.productName}</dd>
          </div>
          <div>
            <dt>份数</dt>
            <dd>{order.quantity} 份</dd>
          </div>
          <div>
            <dt>{paid ? "实付金额" : "应付金额"}</dt>
            <dd className="pay-money">¥{formatYuan(order.total)}</dd>
          </div>
          <div>
            <dt>{paid ? "支付时间" : "下单时间"}</dt>
            <dd>{paid ? paidAt : createdAt}</dd>
          </div>
        </dl>
        <div className="pay-actions">
          {!paid && (
            <button
              type="button"
              className="pay-button pay-button-ghost"
              onClick={() => void revalidator.revalidate()}
              disabled={revalidator.state !== "idle"}
            >
              {revalidator.state !== "idle" ? "正在刷新…" : "刷新支付结果"}
            </button>
          )}
          <Link to="/" className={paid ? "pay-button" : "pay-link"}>
            返回首页
          </Link>
        </div>
      </div>
    </SignupShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SignupShell label="支付结果">
      <div className="signup-card signup-empty">
        <h1>{notFound ? "订单不存在" : "页面暂时无法打开"}</h1>
        <p>{notFound ? "未找到该订单，请确认链接是否完整。" : "服务器开小差了，请稍后刷新重试。"}</p>
        <Link to="/">返回首页</Link>
      </div>
    </SignupShell>
  );
}
