import { data, isRouteErrorResponse, Link } from "react-router";
import type { RouteCache } from "../../../contract/cache-tags";
import type { ProductDetail, Question } from "../../../contract/entities";
import { idOf } from "../../../contract/params";
import { SITE_NAME } from "../../root";
import type { Route } from "./+types/product";
import { SignupShell } from "./Shell";
import { SignupForm } from "./SignupForm";
import "./signup.css";

/**
 * /tzyx/zebra/product/:id and /txws/zebra/product/:id — docs/product.md §2 sign-up form. One module, two
 * route entries; only the /tzyx variant sends shopId. The page is not micro-cached (no s-maxage):
 * the form's Idempotency-Key is made in the browser per load.
 */
/** Made for one visitor: never stored (docs/architecture.md, "Serving"). */
export const handle: { cache: RouteCache } = { cache: false };

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta({ data: d }: Route.MetaArgs): Route.MetaDescriptors {
  if (!d) return [{ title: `产品不存在 - ${SITE_NAME}` }];
  return [
    { title: `${d.product.productName} - 在线报名 - ${SITE_NAME}` },
    { name: "description", content: `${d.product.productName}：在线填写报名信息并完成支付。` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const productId = idOf(params.id);
  if (productId === undefined) throw data("产品不存在", { status: 404 });
  let product: ProductDetail;
  let questions: Question[];
  try {
    [product, questions] = await Promise.all([
      context.services.products.detail(productId),
      context.services.products.questions(productId),
    ]);
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data("产品不存在", { status: 404 });
    throw err;
  }
  return {
    product,
    questions,
    variant: url.pathname.startsWith("/tzyx/") ? ("tzyx" as const) : ("txws" as const),
    shopId: url.searchParams.get("shop_id"),
    shopName: url.searchParams.get("shop_name"),
  };
}

export default function ProductSignupPage({ loaderData }: Route.ComponentProps) {
  return (
    <SignupShell label="在线报名">
      <SignupForm {...loaderData} />
    </SignupShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SignupShell label="在线报名">
      <div className="signup-card signup-empty">
        <h1>{notFound ? "产品不存在" : "页面暂时无法打开"}</h1>
        <p>
          {notFound ? "该报名产品不存在或已下架，请确认链接是否正确。" : "服务器开小差了，请稍后刷新重试。"}
        </p>
        <Link to="/">返回首页</Link>
      </div>
    </SignupShell>
  );
}
