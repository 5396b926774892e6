import { createRequestHandler, type ServerBuild } from "react-router";
import { loadContextFor, type SsrHandler } from "../app";
import { compilePageRoutes, matchPage } from "./page-routes";

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

/**
 * React Router's request handler for the production build, split by the root's route groups (the
 * news layout, each landing page, the sign-up forms, the console...).
 *
 * React Router walks its whole route table on every request: it builds the route objects of the
 * page again, flattens and ranks every route to match the URL, and does so several times per
 * document. The cost grows with the number of routes (about fifty here, most of them landing pages
 * and console screens), though a page only ever renders one branch. Each group therefore gets a
 * handler of its own made from a build that holds the root and that group's routes only; a page
 * request goes to the handler of the group its route belongs to (the same ranked match the page
 * cache uses, server/http/page-routes.ts), and renders as it would with the whole table: the
 * matched route outranks every other route of the table, so it outranks those of its group too.
 *
 * The one visible difference is the route manifest a page carries for the browser, which now lists
 * only that group's routes; the browser asks the server for any other route when a link needs it
 * (React Router's lazy route discovery, `/__manifest`), and those requests, client-navigation data
 * requests and unmatched URLs go to the handler of the whole build.
 */
export function productionSsr(build: ServerBuild): SsrHandler {
  const whole = createRequestHandler(build, "production");
  const routes = compilePageRoutes(build.routes);
  const groupOf = new Map<string, string>();
  for (const route of Object.values(build.routes) as BuildRoute[]) {
    let top: BuildRoute = route;
    while (top.parentId && top.parentId !== "root") {
      const parent = build.routes[top.parentId];
      if (!parent) break;
      top = parent;
    }
    if (top.id !== "root") groupOf.set(route.id, top.id);
  }
  const handlers = new Map<string, ReturnType<typeof createRequestHandler>>();
  for (const group of new Set(groupOf.values())) {
    const ids = new Set(["root", ...[...groupOf].filter(([, g]) => g === group).map(([id]) => id)]);
    handlers.set(group, createRequestHandler(groupBuild(build, ids), "production"));
  }

  return (request, services, cspNonce, collect) => {
    const context = loadContextFor(request, services, cspNonce, collect);
    const handle = context.documentRequest ? handlerFor(new URL(request.url).pathname) : whole;
    return handle(request, context);
  };

  function handlerFor(pathname: string) {
    if (pathname === "/__manifest") return whole;
    const match = matchPage(routes, pathname);
    const group = match ? groupOf.get(match.route.id) : undefined;
    return (group !== undefined && handlers.get(group)) || whole;
  }
}

/** The build with only these routes, in its server route table and in the browser's manifest. */
function groupBuild(build: ServerBuild, ids: Set<string>): ServerBuild {
  const pick = <T>(table: Record<string, T>) =>
    Object.fromEntries(Object.entries(table).filter(([id]) => ids.has(id))) as Record<string, T>;
  return {
    ...build,
    routes: pick(build.routes),
    assets: { ...build.assets, routes: pick(build.assets.routes) },
  };
}
