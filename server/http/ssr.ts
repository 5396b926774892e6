import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { loadContextFor, type SsrHandler } from "../app";
import type { Logger } from "../logger";
import { type ArticleDocumentOf, createArticleFrames } from "./article-frames";
import { compilePageRoutes, matchPage } from "./page-routes";

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;
type Handler = ReturnType<typeof createRequestHandler>;

/** The article page's route (app/routes.ts), whose pages may be made from a kept one. */
const ARTICLE_ROUTE = "routes/news/article";

/**
 * React Router's request handler for the production build, one per page route where it can be
 * (docs/architecture.md, "Render cost").
 *
 * React Router walks its whole route table on every request: it builds the route objects of the
 * page again, flattens and ranks every route to match the URL, and does so several times per
 * document (its own match, its loaders' match, and the browser's partial manifest, which matches
 * the page's parent paths too). The cost grows with the number of routes (about fifty here, most of
 * them landing pages and console screens), though a page only ever renders one branch.
 *
 * So a page route gets a handler made from a build that holds only the routes its document needs:
 * its own branch (the root, its layouts, the route), and the branches the whole table matches on the
 * page's parent paths (for an article, `/` and `/articledetail`: the home page, and the news layout
 * with its catch-all). The latter are what the browser's initial manifest must list: without them
 * the browser matches a navigation to a parent path to a layout alone (no parameter in it, so it
 * does not ask the server) and renders an empty outlet, as the console once did on `/admin` after
 * its first-run setup. With those routes in it, the page renders exactly as with the whole table,
 * manifest included: the routes matched for the URL and for each parent path are the best of the
 * whole table, so they are the best of any part of it that holds them.
 *
 * The parent paths are known from the route's pattern when every segment but the last is static.
 * A route with a parameter before its last segment, or a catch-all, has parent paths that depend
 * on the URL; it renders through its route group's handler instead (the root and every route under
 * the same top-level route), whose manifest lists that group only. Requests for `/__manifest`,
 * client-navigation data requests and unmatched URLs go to the handler of the whole build.
 *
 * Article pages that are handed over whole (`collect`: the pages the server stores) are made from a
 * page kept per column and chrome where one is (server/http/article-frames.ts), unless
 * `articleFrames` is false.
 */
export function productionSsr(
  build: ServerBuild,
  opts: { articleFrames?: boolean; logger?: Logger } = {},
): SsrHandler {
  const whole = createRequestHandler(build, "production");
  const routes = compilePageRoutes(build.routes);
  const all = Object.values(build.routes).filter((r): r is BuildRoute => r !== undefined);
  const tree = routeTree(all);
  const handlers = new Map<string, Handler>();
  const groups = new Map<string, Handler>();
  for (const route of all) {
    if (route.id === "root") continue;
    const parents = parentPaths(fullPath(build, route));
    if (parents) {
      const ids = new Set(branch(build, route));
      for (const p of parents)
        for (const m of matchRoutes(tree, p) ?? []) if (m.route.id) ids.add(m.route.id);
      handlers.set(route.id, createRequestHandler(partBuild(build, ids), "production"));
    } else {
      const top = branch(build, route)[1]!;
      let group = groups.get(top);
      if (!group) {
        const ids = new Set(
          all.filter((r) => r.id === "root" || branch(build, r)[1] === top).map((r) => r.id),
        );
        group = createRequestHandler(partBuild(build, ids), "production");
        groups.set(top, group);
      }
      handlers.set(route.id, group);
    }
  }

  const documentOf = (build.entry.module as { articleDocument?: ArticleDocumentOf }).articleDocument;
  const frames =
    documentOf && opts.articleFrames !== false ? createArticleFrames(documentOf, opts.logger) : undefined;

  return (request, services, cspNonce, collect) => {
    const context = loadContextFor(request, services, cspNonce, collect);
    if (!context.documentRequest) return whole(request, context);
    const pathname = new URL(request.url).pathname;
    const match = pathname === "/__manifest" ? undefined : matchPage(routes, pathname);
    const handle = (match && handlers.get(match.route.id)) || whole;
    if (frames && collect && match?.route.id === ARTICLE_ROUTE && request.method === "GET")
      return frames.page(match.params.cid, context, collect, () => handle(request, context));
    return handle(request, context);
  };
}

/** The route and its ancestors, root first. */
function branch(build: ServerBuild, route: BuildRoute): string[] {
  const ids: string[] = [];
  for (let r: BuildRoute | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined)
    ids.unshift(r.id);
  return ids;
}

function fullPath(build: ServerBuild, route: BuildRoute): string[] {
  return branch(build, route)
    .map((id) => build.routes[id]?.path ?? "")
    .join("/")
    .split("/")
    .filter(Boolean);
}

/**
 * The parent paths of every URL the pattern matches (`/`, `/a`, `/a/b` for `a/b/:c`), or null when
 * they depend on the URL: a parameter or optional segment before the last segment, or a catch-all.
 */
function parentPaths(segments: string[]): string[] | null {
  const dynamic = (s: string) => s.startsWith(":") || s === "*" || s.endsWith("?");
  if (segments.some((s, i) => s === "*" || (i < segments.length - 1 && dynamic(s)))) return null;
  return ["/", ...segments.slice(0, -1).map((_, i) => `/${segments.slice(0, i + 1).join("/")}`)];
}

/** The build's route table as the nested routes `matchRoutes` takes, in the build's order. */
function routeTree(all: BuildRoute[]): RouteObject[] {
  type TreeRoute = {
    id: string;
    path?: string;
    index?: boolean;
    caseSensitive?: boolean;
    children?: TreeRoute[];
  };
  const nodes = new Map<string, TreeRoute>();
  for (const r of all)
    nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive });
  const top: TreeRoute[] = [];
  for (const r of all) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) {
      parent.children ??= [];
      parent.children.push(node);
    } else top.push(node);
  }
  return top as RouteObject[];
}

/** The build with only these routes, in its server route table and in the browser's manifest. */
function partBuild(build: ServerBuild, ids: Set<string>): ServerBuild {
  const pick = <T>(table: Record<string, T>) =>
    Object.fromEntries(Object.entries(table).filter(([id]) => ids.has(id))) as Record<string, T>;
  return {
    ...build,
    routes: pick(build.routes),
    assets: { ...build.assets, routes: pick(build.assets.routes) },
  };
}
