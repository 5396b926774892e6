import type { Context, Hono } from "hono";
import { isbot } from "isbot";
import { idOf } from "../../contract/params";
import { headerMemo } from "../services/header-memo";

/**
 * Whether a request that got an article counts as a reader: a GET answered 200, not a prefetch, not
 * a bot. Counted where the answer leaves the server, whether it came from a cache or not.
 */
export function countsAsReader(
  method: string,
  status: number,
  header: (name: string) => string | null | undefined,
): boolean {
  if (method !== "GET" || status !== 200) return false;
  const purpose = header("sec-purpose") ?? header("purpose") ?? "";
  return !purpose.includes("prefetch") && !isBotAgent(header("user-agent") ?? "");
}

/**
 * isbot() runs one large regular expression over the user agent: about 5 % of the request thread's
 * work when it ran on every article request, stored pages included (bench/README.md, "Real
 * traffic"). Visitors send few distinct agents, so each is judged once (up to 1,000 kept; agents
 * over 512 characters are judged every time).
 */
export const isBotAgent: (agent: string) => boolean = headerMemo(isbot, { entries: 1000, longest: 512 });

/** The article id of an /articledetail/:cid path segment (or its `.data` request). */
export function articleIdOf(v: string | undefined | null): number | undefined {
  return idOf(v?.replace(/\.data$/, ""));
}

/**
 * Counts article views after the page or API answer, whether it came from a cache or not (the
 * dashboard's views); bots and prefetches are not readers. Mounted ahead of the API and the pages.
 */
export function countViews(app: Hono, viewed: (id: number) => void) {
  const count = (id: number | undefined, c: Context) => {
    if (id !== undefined && countsAsReader(c.req.method, c.res.status, (n) => c.req.header(n))) viewed(id);
  };
  app.use("/articledetail/:cid", async (c, next) => {
    await next();
    count(articleIdOf(c.req.param("cid")), c);
  });
  app.use("/api/product/content/detail", async (c, next) => {
    await next();
    count(articleIdOf(c.req.query("contentId")), c);
  });
}
