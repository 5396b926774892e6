/**
 * The public path of an article's page (app/routes.ts, `articledetail/:cid`): the id never changes,
 * so neither does the path. Search-engine pushes, 阅读原文 of a 公众号 sync and old addresses'
 * redirects all point here.
 */
export const articlePath = (id: number) => `/articledetail/${id}`;
