import type { ServerBuild } from "react-router";
import type { CacheTag, RouteCache } from "../../contract/cache-tags";

/**
 * The page routes of the build, compiled once into ranked patterns, so the page cache can tell
 * before rendering which route a URL goes to: its key keeps only the query parameters that route
 * reads (`handle.cache.query`), and its answer is tagged with what it shows (`handle.cache.tags`).
 */
export interface PageRoute {
  id: string;
  pattern: RegExp;
  names: string[];
  score: number;
  cache: RouteCache | undefined;
  /** a catch-all (`*`): it also matches paths the app answers before any page (/healthz, /uploads/…) */
  splat: boolean;
  /** the first segment when it is static (lower case): only paths starting with it can match */
  first: string | null;
}

export interface PageMatch {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

/** Query parameters React Router's own data requests read (which routes to load, index routes). */
const ROUTER_PARAMS = ["_routes", "index"];

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

function score(segments: string[], index: boolean): number {
  // The ranking React Router uses: static segments beat dynamic ones, splats come last.
  let s = segments.length + (index ? 2 : 0);
  for (const seg of segments) {
    if (seg === "*") s -= 2;
    else if (seg.startsWith(":")) s += 3;
    else if (seg === "") s += 1;
    else s += 10;
  }
  return s;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Each optional segment doubles the variants, as React Router explodes them. */
function explode(segments: string[]): string[][] {
  if (segments.length === 0) return [[]];
  const [first, ...rest] = segments;
  const tails = explode(rest);
  if (first?.endsWith("?")) {
    const req = first.slice(0, -1);
    return [...tails.map((t) => [req, ...t]), ...tails];
  }
  return tails.map((t) => [first!, ...t]);
}

export function compilePageRoutes(routes: ServerBuild["routes"]): PageRoute[] {
  const all: BuildRoute[] = Object.values(routes).filter((r): r is BuildRoute => r !== undefined);
  const parents = new Set(all.map((r) => r.parentId).filter(Boolean));
  const compiled: PageRoute[] = [];
  for (const leaf of all) {
    if (parents.has(leaf.id) && !leaf.index) continue;
    const chain: BuildRoute[] = [];
    for (let r: BuildRoute | undefined = leaf; r; r = r.parentId ? routes[r.parentId] : undefined)
      chain.unshift(r);
    const segments = chain
      .map((r) => r.path ?? "")
      .join("/")
      .split("/")
      .filter(Boolean);
    const handle = (leaf.module as { handle?: { cache?: RouteCache } }).handle;
    for (const variant of explode(segments)) {
      const names: string[] = [];
      const body = variant
        .map((seg) => {
          if (seg === "*") {
            names.push("*");
            return "(?:/(.*))?";
          }
          if (seg.startsWith(":")) {
            names.push(seg.slice(1));
            return "/([^/]+)";
          }
          return `/${escapeRe(seg)}`;
        })
        .join("");
      compiled.push({
        id: leaf.id,
        pattern: new RegExp(`^${body}/?$`, "i"),
        names,
        score: score(variant, Boolean(leaf.index)),
        cache: handle?.cache,
        splat: names.includes("*"),
        first:
          variant[0] && variant[0] !== "*" && !variant[0].startsWith(":") ? variant[0].toLowerCase() : null,
      });
    }
  }
  // Highest score first; equal scores keep the route file's order, as React Router does.
  return compiled
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.score - a.r.score || a.i - b.i)
    .map(({ r }) => r);
}

/**
 * The routes a path can match, by its first segment, in rank order: those whose first segment is
 * that one, and those starting with a parameter (or none). Built once per route list and segment of
 * the site's own; any other segment gets the second kind only. Saves trying each route's pattern.
 */
const candidateLists = new WeakMap<PageRoute[], { bySegment: Map<string, PageRoute[]>; open: PageRoute[] }>();

function candidates(routes: PageRoute[], path: string): PageRoute[] {
  let index = candidateLists.get(routes);
  if (!index) {
    const bySegment = new Map<string, PageRoute[]>();
    for (const r of routes)
      if (r.first !== null && !bySegment.has(r.first))
        bySegment.set(
          r.first,
          routes.filter((x) => x.first === null || x.first === r.first),
        );
    index = { bySegment, open: routes.filter((x) => x.first === null) };
    candidateLists.set(routes, index);
  }
  const end = path.indexOf("/", 1);
  const segment = (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
  return index.bySegment.get(segment) ?? index.open;
}

/** The page a path belongs to (a client-navigation `.data` path counts as its page). */
export function matchPage(routes: PageRoute[], pathname: string): PageMatch | undefined {
  const path =
    pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
  for (const route of candidates(routes, path)) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string | undefined> = {};
    route.names.forEach((n, i) => {
      const v = m[i + 1];
      try {
        params[n] = v === undefined ? undefined : decodeURIComponent(v);
      } catch {
        params[n] = v;
      }
    });
    return { route, params };
  }
  return undefined;
}

/**
 * The cache key of a page URL: host, path and only the query parameters the route reads, sorted.
 * Tracking parameters (utm_*, from, isappinstalled, spm, share_*) and random query strings all land
 * on the same entry.
 */
export function pageKey(host: string, url: URL, match: PageMatch | undefined): string {
  const read = match?.route.cache?.query ?? [];
  const kept: [string, string][] = [];
  for (const [k, v] of url.searchParams) {
    if (read.includes(k) || ROUTER_PARAMS.includes(k)) kept.push([k, v]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = kept.length ? `?${new URLSearchParams(kept)}` : "";
  return `${host}${url.pathname}${query}`;
}

export function pageTags(match: PageMatch | undefined): CacheTag[] {
  return match?.route.cache?.tags?.(match.params) ?? [];
}
