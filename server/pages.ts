import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { PageHandler } from "./app";

/**
 * React Router's server build comes in two bundles (react-router.config.ts, `serverBundles`): the
 * site's pages, which every process and render thread loads, and the editors' console, whose
 * libraries (antd, its icons, charts, the rich-text editor) weigh about 35 MB of heap and which only
 * the request thread loads, the first time an editor opens it.
 */
export const BUNDLES = { site: "site", console: "console" } as const;

/** The console's pages (`/admin…`, and their client navigations' `.data` requests). */
export const isConsolePath = (pathname: string) => /^\/admin(?:\/|\.data$|$)/.test(pathname);

/** The file of a bundle in a build directory. */
export const bundleFile = (buildDir: string, bundle: keyof typeof BUNDLES) =>
  path.join(buildDir, "server", BUNDLES[bundle], "index.js");

/** Whether a build directory holds a complete server build. */
export const hasServerBuild = (buildDir: string) =>
  fs.existsSync(bundleFile(buildDir, "site")) && fs.existsSync(bundleFile(buildDir, "console"));

export async function loadBundle(buildDir: string, bundle: keyof typeof BUNDLES): Promise<ServerBuild> {
  return (await import(pathToFileURL(bundleFile(buildDir, bundle)).href)) as ServerBuild;
}

/**
 * The pages as one request handler: the console's paths go to the console bundle (loaded on first
 * use), the rest to the site's. React Router's route discovery (`/__manifest?paths=…`) may ask about
 * pages of both: each bundle is asked about its own, and their answers (route id → route) joined.
 */
export function createPages(buildDir: string, site: ServerBuild): PageHandler {
  const siteHandler = createRequestHandler(site, "production");
  let consoleHandler: Promise<PageHandler> | undefined;
  const console = () =>
    (consoleHandler ??= loadBundle(buildDir, "console").then((b) => createRequestHandler(b, "production")));
  return async (request, context) => {
    const url = new URL(request.url);
    if (isConsolePath(url.pathname)) return (await console())(request, context);
    if (url.pathname !== "/__manifest") return siteHandler(request, context);
    const paths = (url.searchParams.get("paths") ?? "").split(",");
    const consolePaths = paths.filter(isConsolePath);
    if (consolePaths.length === 0) return siteHandler(request, context);
    const ask = async (handler: PageHandler, some: string[]) => {
      const u = new URL(url);
      u.searchParams.set("paths", some.join(","));
      return handler(new Request(u, request), context);
    };
    const sitePaths = paths.filter((p) => !isConsolePath(p));
    const fromConsole = await ask(await console(), consolePaths);
    if (sitePaths.length === 0 || fromConsole.status !== 200) return fromConsole;
    const fromSite = await ask(siteHandler, sitePaths);
    if (fromSite.status !== 200) return fromSite;
    const patches = { ...(await fromSite.json()), ...(await fromConsole.json()) };
    const cacheControl = fromConsole.headers.get("cache-control");
    return Response.json(patches, { headers: cacheControl ? { "cache-control": cacheControl } : {} });
  };
}
