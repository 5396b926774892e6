import { createRequestHandler, type ServerBuild } from "react-router";
import { loadContextFor, type SsrHandler } from "../app";
import { compilePageRoutes, matchPage } from "./page-routes";

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

/**
 * React Router's request handler for the production build, one per page route (docs/architecture.md,
 * "Render cost").
 *
 * React Router walks its whole route table on every request: it builds the route objects of the
 * page again, flattens and ranks every route to match the URL, and does so several times per
 * document (its own match, its loaders' match, and the browser's partial manifest, which matches the
 * page's parent paths too). The cost grows with the number of routes (about fifty here, most of them
 * landing pages and console screens), though a page only ever renders one branch: the root, its
 * layouts and its own route. Each page route therefore gets a handler of its own made from a build
 * that holds that branch only; a page request goes to the handler of its route (the same ranked
 * match the page cache uses, server/http/page-routes.ts), and renders as it would with the whole
 * table: the matched route outranks every other route of the table, so it is the one matched in its
 * branch too.
 *
 * The one visible difference is the route manifest a page carries for the browser, which now lists
 * only that branch's routes; the browser asks the server for any other route when a link needs it
 * (React Router's lazy route discovery, `/__manifest`), and those requests, client-navigation data
 * requests and unmatched URLs go to the handler of the whole build.
 */
export function productionSsr(build: ServerBuild): SsrHandler {
  const whole = createRequestHandler(build, "production");
  const routes = compilePageRoutes(build.routes);
  const handlers = new Map<string, ReturnType<typeof createRequestHandler>>();
  for (const route of Object.values(build.routes) as BuildRoute[]) {
    if (route.id === "root") continue;
    handlers.set(route.id, createRequestHandler(branchBuild(build, route), "production"));
  }

  return (request, services, cspNonce, collect) => {
    const context = loadContextFor(request, services, cspNonce, collect);
    const handle = context.documentRequest ? handlerFor(new URL(request.url).pathname) : whole;
    return handle(request, context);
  };

  function handlerFor(pathname: string) {
    if (pathname === "/__manifest") return whole;
    const match = matchPage(routes, pathname);
    return (match && handlers.get(match.route.id)) || whole;
  }
}

/** The build with only this route and its ancestors, in its server route table and in the manifest. */
function branchBuild(build: ServerBuild, route: BuildRoute): ServerBuild {
  const ids = new Set<string>();
  for (let r: BuildRoute | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined)
    ids.add(r.id);
  const pick = <T>(table: Record<string, T>) =>
    Object.fromEntries(Object.entries(table).filter(([id]) => ids.has(id))) as Record<string, T>;
  return {
    ...build,
    routes: pick(build.routes),
    assets: { ...build.assets, routes: pick(build.assets.routes) },
  };
}
