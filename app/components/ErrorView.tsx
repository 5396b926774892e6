import { isRouteErrorResponse, useRouteError } from "react-router";
import { SITE_NAME } from "../root";

/** The 404 and error pages: Chinese, what happened and where to go next; never a stack trace. */
export function ErrorView({ notFound }: { notFound: boolean }) {
  return (
    <section className="error-view">
      <title>{notFound ? `页面不存在 - ${SITE_NAME}` : `出错了 - ${SITE_NAME}`}</title>
      <p className="error-code" aria-hidden="true">
        {notFound ? "404" : "500"}
      </p>
      <h1>{notFound ? "页面不存在" : "页面暂时无法打开"}</h1>
      <p>
        {notFound
          ? "您访问的页面不存在或已被删除，请检查网址，或回到首页看看最新资讯。"
          : "服务器开小差了，请稍后刷新重试。"}
      </p>
      <p className="error-actions">
        <a href="/" className="button-primary">
          返回首页
        </a>
        <a href="/news" className="button-plain">
          看看热点
        </a>
      </p>
    </section>
  );
}

/** ErrorBoundary of the news routes: shown inside the site chrome. */
export function RouteErrorView() {
  const error = useRouteError();
  return <ErrorView notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
