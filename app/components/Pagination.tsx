import { useLocation } from "react-router";

/** Page numbers to show: first, last, and two either side of the current page, with gaps. */
export function pageItems(page: number, pages: number): (number | "gap")[] {
  const items: (number | "gap")[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) items.push(p);
    else if (items[items.length - 1] !== "gap") items.push("gap");
  }
  return items;
}

/**
 * Links to ?page=N (the other query parameters kept, or `search` when given); hidden when there is
 * one page (docs/product.md §5).
 */
export function Pagination({ page, pages, search }: { page: number; pages: number; search?: string }) {
  const location = useLocation();
  if (pages <= 1) return null;
  const { pathname } = location;
  const href = (p: number) => {
    const q = new URLSearchParams(search ?? location.search);
    if (p > 1) q.set("page", String(p));
    else q.delete("page");
    const s = q.toString();
    return s ? `${pathname}?${s}` : pathname;
  };
  return (
    <nav className="pagination" aria-label="分页">
      {page > 1 ? (
        <a href={href(page - 1)} className="page-link" rel="prev">
          上一页
        </a>
      ) : (
        <span className="page-link is-disabled">上一页</span>
      )}
      {pageItems(page, pages).map((p, i) =>
        p === "gap" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
          <span key={`gap-${i}`} className="page-gap">
            …
          </span>
        ) : (
          <a
            key={p}
            href={href(p)}
            className={p === page ? "page-link is-current" : "page-link"}
            aria-current={p === page ? "page" : undefined}
            aria-label={`第 ${p} 页`}
          >
            {p}
          </a>
        ),
      )}
      {page < pages ? (
        <a href={href(page + 1)} className="page-link" rel="next">
          下一页
        </a>
      ) : (
        <span className="page-link is-disabled">下一页</span>
      )}
    </nav>
  );
}
