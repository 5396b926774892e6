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
