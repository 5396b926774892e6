import { data, isRouteErrorResponse, Link } from "react-router";
import type { RouteCache } from "../../../contract/cache-tags";
import { formatYuan } from "../../../contract/money";
import { SITE_NAME } from "../../root";
import type { Route } from "./+types/cashier";
import { beijingTime, SignupShell } from "./Shell";
import "./signup.css";

/**
 * /pay/cashier — the dev payment gateway's cashier (PAYMENT_PROVIDER=dev): the order with personal
 * fields masked and the amount; 确认支付 posts to the dev gateway, which sends a signed notify.
 */
/** Made for one visitor: never stored (docs/architecture.md, "Serving"). */
export const handle: { cache: RouteCache } = { cache: false };

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta(): Route.MetaDescriptors {
  return [{ title: `收银台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const orderNo = url.searchParams.get("orderNo") ?? "";
  const token = url.searchParams.get("token") ?? "";
  if (!context.services.signup.payments.dev) throw data("页面不存在", { status: 404 });
  const order = await context.services.signup.cashierOrder(orderNo, token);
  if (!order) throw data("订单不存在", { status: 404 });
  return { order, token, createdAt: beijingTime(order.createdAt) };
}

export default function CashierPage({ loaderData }: Route.ComponentProps) {
  const { order, token, createdAt } = loaderData;
  const company = order.signWay === "COMPANY";
  const rows: [string, string | null][] = [
    ["订单号", order.orderNo],
    ["商品", order.productName],
    ["份数", `${order.quantity} 份`],
    ["签约方式", company ? "企业签约" : "个人签约"],
    [company ? "企业名称" : "签约人", order.signer],
    ["身份证号", order.idCardMasked],
    ["手机号", order.contactMasked],
    [company ? "付款方" : "付款人", order.payer],
    ["下单时间", createdAt],
  ];
  const result = `/pay/result?orderNo=${encodeURIComponent(order.orderNo)}`;
  return (
    <SignupShell label="收银台">
      <div className="signup-card pay-card">
        <p className="pay-badge">模拟收银台 · 不会产生真实扣款</p>
        <p className="pay-caption">应付金额</p>
        <p className="pay-amount">
          <span className="pay-amount-num">¥{formatYuan(order.total)}</span>
        </p>
        <dl className="pay-details">
          {rows
            .filter((r): r is [string, string] => Boolean(r[1]))
            .map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
        </dl>
        {order.status === "PAID" ? (
          <div className="pay-actions">
            <p className="pay-done">该订单已支付</p>
            <Link to={result} className="pay-button">
              查看支付结果
            </Link>
          </div>
        ) : (
          <form method="post" action="/api/pay/dev/confirm" className="pay-actions">
            <input type="hidden" name="orderNo" value={order.orderNo} />
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="pay-button">
              确认支付
            </button>
            <a href={result} className="pay-link">
              暂不支付
            </a>
          </form>
        )}
        <p className="pay-note">这是本站在开发环境使用的收银台；正式环境将跳转至支付宝完成支付。</p>
      </div>
    </SignupShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SignupShell label="收银台">
      <div className="signup-card signup-empty">
        <h1>{notFound ? "订单不存在" : "页面暂时无法打开"}</h1>
        <p>
          {notFound ? "支付链接无效或已过期，请返回报名页面重新提交。" : "服务器开小差了，请稍后刷新重试。"}
        </p>
        <Link to="/">返回首页</Link>
      </div>
    </SignupShell>
  );
}
