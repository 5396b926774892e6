import { isRouteErrorResponse } from "react-router";

/** The page number of a list URL (?page=N): anything missing or malformed is page 1. */
export function pageOf(url: URL, max = 100_000): number {
  const raw = url.searchParams.get("page") ?? "";
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(n, 1), max);
}

/** null for "not found" errors of the services (AppError 404); anything else is rethrown. */
export function orNotFound<T>(promise: Promise<T>): Promise<T | null> {
  return promise.catch((err: { status?: number }) => {
    if (err?.status === 404) return null;
    throw err;
  });
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Page-cache opt-in of the news pages: shared caches keep them 60 s, browsers revalidate. */
export const CACHED_PAGE_HEADERS = { "Cache-Control": "public, max-age=0, s-maxage=60" } as const;

/**
 * docs/product.md §8: when a list or count load fails in the browser, the failure is logged and the list on
 * screen stays as it was. A route's clientLoader goes through this; "not found" still shows the 404.
 */
export function keepListOnFailure<T>() {
  let last: T | undefined;
  return {
    remember(data: T) {
      last = data;
    },
    async load(serverLoader: () => Promise<T>): Promise<T> {
      try {
        last = await serverLoader();
        return last;
      } catch (error) {
        if ((isRouteErrorResponse(error) && error.status === 404) || last === undefined) throw error;
        console.error("列表加载失败", error);
        return last;
      }
    },
  };
}
