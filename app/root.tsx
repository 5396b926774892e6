import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import { SITE_NAME } from "../contract/site";
import type { Route } from "./+types/root";
// With a precedence React puts the stylesheet at the top of <head>, ahead of the script preloads,
// so first paint never waits behind module downloads on a slow connection.
import appCss from "./app.css?url";
// The islands of the pages that do not hydrate, and WeChat's SDK they load inside WeChat only
// (scripts/islands.mjs builds them; never inlined: the policy allows same-origin scripts, not data:).
import islandsJs from "./generated/islands.js?url&no-inline";
import wechatSdkJs from "./generated/wechat-sdk.js?url&no-inline";
import { wantsHydration } from "./hydration";
import { useNonce } from "./nonce";

export { SITE_NAME, SITE_SLOGAN } from "../contract/site";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A page hydrates only when every matched route wants it (app/hydration.ts); the others (the news
  // pages) get no React, no route data and no scroll script: only the islands bundle.
  const hydrate = wantsHydration(useMatches());
  // Marks the document once React has hydrated it (effects run after the hydration commit), so
  // scripts and tests can wait for a page that responds instead of guessing with timers. The
  // islands bundle sets the same mark once it has attached.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href={appCss} precedence="base" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <script type="module" src={islandsJs} data-wechat-sdk={wechatSdkJs} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="error-page">
      <title>{notFound ? `页面不存在 - ${SITE_NAME}` : `出错了 - ${SITE_NAME}`}</title>
      <h1>{notFound ? "页面不存在" : "页面暂时无法打开"}</h1>
      <p>{notFound ? "您访问的页面不存在或已被删除。" : "服务器开小差了，请稍后刷新重试。"}</p>
      <a href="/">返回首页</a>
    </main>
  );
}
