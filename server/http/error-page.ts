/**
 * The site's one plain error page: for answers that cannot go through React (an unhandled error,
 * the dev cashier's refusals). Same look as the rendered error screen, no scripts or styles to load.
 */
export const plainPage = (title: string, text: string, heading = title) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;text-align:center;padding:80px 16px;color:#1F2329">
<h1 style="font-size:24px">${heading}</h1><p style="color:#646A73">${text}</p>
<p><a href="/" style="color:#E8380D">返回首页</a></p></body></html>`;

/** What a page answers when the server fails (500). */
export const PLAIN_ERROR_PAGE = plainPage("出错了", "服务器开小差了，请稍后刷新重试。", "页面暂时无法打开");

/** What the API answers when the server fails (500), in the envelope. */
export const SERVER_ERROR_MESSAGE = "服务器开小差了，请稍后再试";

/** The 500 a request gets when the server fails outside the app: the plain page, or the API's envelope. */
export function serverErrorAnswer(api: boolean): { type: string; body: string } {
  if (api)
    return {
      type: "application/json; charset=UTF-8",
      body: JSON.stringify({ statusCode: 500, message: SERVER_ERROR_MESSAGE, data: null }),
    };
  return { type: "text/html; charset=UTF-8", body: PLAIN_ERROR_PAGE };
}
