import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { type CacheTag, CHROME, type RouteCache } from "../../contract/cache-tags";
import type { AnyEndpoint } from "../api/endpoint";

/**
 * A public GET the store may keep: its key, which is also the URL it is rendered from (the checked
 * origin, the path and only the query parameters its route or endpoint reads, sorted), and its tags.
 */
export interface Target {
  key: string;
  tags: CacheTag[];
}

/** What a declaration says about caching: the parameters it reads and its tags from them. */
interface Rule {
  read: ReadonlySet<string>;
  tags(params: Record<string, string | undefined>, query: URLSearchParams): CacheTag[] | undefined;
}

/** React Router's own parameters of a client navigation's data request (`/path.data?_routes=…`). */
const ROUTER_PARAMS = ["_routes", "index"];

/** Request targets remembered: a hot page's readers parse and match once; a flood only cycles this. */
const TARGETS_KEPT = 4096;

/**
 * Cache keys for public GETs (docs/architecture.md, "Serving"), from the two places that declare
 * them: the API endpoints (`tags`, or `cache: false`) and the page routes (`handle.cache`, matched
 * with React Router's own `matchRoutes`). A public GET that declares neither is a mistake caught at
 * start-up (endpoints) or by tests/unit/endpoints.test.ts (pages).
 */
export function createKeys(opts: {
  endpoints: AnyEndpoint[];
  routes?: ServerBuild["routes"];
  /**
   * The published landing pages (server/entities/landing-pages.ts): their paths are pages of the
   * site, served by the catch-all route, and their answers may show more (article lists).
   */
  landing?: {
    isPage(path: string): boolean;
    tags(path: string): CacheTag[];
    onIndexChange(fn: () => void): void;
  };
}) {
  const api = new Map<string, Rule>();
  for (const def of opts.endpoints) {
    if (def.role !== undefined || def.method !== "get") continue;
    if (def.cache === false) continue;
    const tags = def.tags;
    if (!tags) throw new Error(`${def.path}: a public GET declares its cache tags or cache: false`);
    const rule: Rule = {
      read: new Set(Object.keys(def.query.shape)),
      tags: (_p, query) => {
        // Invalid input is never stored: the endpoint answers it 400 itself.
        const parsed = def.query.safeParse(Object.fromEntries(query));
        return parsed.success ? tags(parsed.data) : undefined;
      },
    };
    for (const path of [def.path, ...(def.aliases ?? [])]) api.set(path, rule);
  }
  const trees = opts.routes ? routeTrees(opts.routes) : undefined;
  const targets = new LRUCache<string, Target | false>({ max: TARGETS_KEPT });
  // A landing page published, moved or taken down changes what its path's answer shows.
  opts.landing?.onIndexChange(() => targets.clear());

  function pageRule(path: string): { rule: Rule; params: Record<string, string | undefined> } | undefined {
    const matches = trees && matchRoutes(trees(path), path);
    const leaf = matches?.at(-1);
    if (!leaf) return undefined;
    // A catch-all matches file names too (static files, the IndexNow key): those are never pages.
    if (leaf.route.path === "*" && /\.[a-z0-9]+$/i.test(path)) return undefined;
    const module = opts.routes?.[leaf.route.id ?? ""]?.module as
      | { handle?: { cache?: RouteCache } }
      | undefined;
    const cache = module?.handle?.cache;
    if (!cache) return undefined;
    const landing = leaf.route.path === "*" ? (opts.landing?.tags(path) ?? []) : [];
    const rule: Rule = {
      read: new Set([...(cache.query ?? []), ...ROUTER_PARAMS]),
      // Every page may show the chrome: a change to what the chrome lists purges them all.
      tags: (params) => [...cache.tags(params), ...landing, CHROME],
    };
    return { rule, params: leaf.params };
  }

  function isRoute(path: string): boolean {
    const leaf = trees && matchRoutes(trees(path), path)?.at(-1);
    return leaf !== undefined && leaf.route.path !== "*";
  }

  function resolve(origin: string, raw: string): Target | false {
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      return false;
    }
    const path = url.pathname;
    // React Router's route discovery answers for the client's build version: never a page.
    if (path === "/__manifest") return false;
    let found: { rule: Rule; params: Record<string, string | undefined> } | undefined;
    if (path.startsWith("/api/")) {
      const rule = api.get(path);
      found = rule && { rule, params: {} };
    } else if (!path.startsWith("/admin") && opts.routes) {
      // A client navigation asks for `<path>.data` (`/_root.data` for the home page).
      const page = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -5) : path;
      found = pageRule(page);
    }
    if (!found) return false;
    const kept = [...url.searchParams].filter(([k]) => found.rule.read.has(k));
    kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const query = new URLSearchParams(kept);
    const tags = found.rule.tags(found.params, query);
    if (!tags) return false;
    return { key: `${origin}${path}${kept.length ? `?${query}` : ""}`, tags };
  }

  return {
    /** Whether a path is one of the site's pages: a route of its own, or a published landing page. */
    isPage(path: string): boolean {
      return isRoute(path) || (opts.landing?.isPage(path) ?? false);
    },

    /** The query parameters a page reads (its `handle.cache.query` and React Router's own), when it is one. */
    reads(path: string): ReadonlySet<string> | undefined {
      return pageRule(path)?.rule.read;
    },

    /** Whether a path is one of the site's routes (not the catch-all, which serves landing pages). */
    isRoute,

    /** A target as `of` finds it, not remembered (the warmer's pages: every page once a pass). */
    resolve,

    /** The target of a request for `raw` (path and query) on a checked origin; false: not stored. */
    of(origin: string, raw: string): Target | false {
      const id = origin + raw;
      let t = targets.get(id);
      if (t === undefined) {
        t = resolve(origin, raw);
        targets.set(id, t);
      }
      return t;
    },
  };
}

export type Keys = ReturnType<typeof createKeys>;

/**
 * The build's route table as the nested routes `matchRoutes` takes, in the build's order, cut down
 * to the routes a path can match: those whose first segment is the path's, and those that start
 * with a parameter, a catch-all or nothing. React Router flattens and ranks every route it is given
 * on each call; the cut is made once per first segment, and its order and ranking stay React
 * Router's own.
 */
export function routeTrees(routes: ServerBuild["routes"]): (path: string) => RouteObject[] {
  const all = Object.values(routes).filter((r) => r !== undefined);
  const chain = (id: string | undefined): string[] => {
    const r = id ? routes[id] : undefined;
    return r ? [...chain(r.parentId), ...(r.path ?? "").split("/").filter(Boolean)] : [];
  };
  const firstOf = new Map(
    all.map((r) => {
      const first = chain(r.id)[0];
      const fixed = first && !/^[:*]|\?$/.test(first);
      return [r.id, fixed ? first.toLowerCase() : null] as const;
    }),
  );
  const treeOf = (keep: (first: string | null) => boolean): RouteObject[] => {
    const nodes = new Map<string, RouteObject & { children?: RouteObject[] }>();
    for (const r of all)
      nodes.set(r.id, {
        id: r.id,
        path: r.path,
        index: r.index,
        caseSensitive: r.caseSensitive,
      } as RouteObject);
    const top: RouteObject[] = [];
    for (const r of all) {
      // A route with children is kept for them; a leaf only if it can match.
      const leaf = !all.some((c) => c.parentId === r.id);
      if (leaf && !keep(firstOf.get(r.id) ?? null)) continue;
      const node = nodes.get(r.id)!;
      const parent = r.parentId ? nodes.get(r.parentId) : undefined;
      if (!parent) top.push(node);
      else if (parent.children) parent.children.push(node);
      else parent.children = [node];
    }
    return top;
  };
  const open = treeOf((first) => first === null);
  const bySegment = new Map(
    [...new Set(firstOf.values())]
      .filter((f) => f !== null)
      .map((f) => [f, treeOf((first) => first === null || first === f)]),
  );
  return (path) => {
    const end = path.indexOf("/", 1);
    return bySegment.get((end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase()) ?? open;
  };
}
