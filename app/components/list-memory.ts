import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";

/** docs/product.md §4: the current list page lives in sessionStorage under currentPage. */
export const PAGE_KEY = "currentPage";
/** Which list that page belongs to, so a page number is never applied to another list. */
export const LIST_KEY = "currentPageList";

const LIST = /^\/(news|newlist\/[^/]+|taglist\/[^/]+|searchlist(\/.*)?|activity)?$/;
const ARTICLE = /^\/articledetail\//;

export const isListPath = (pathname: string) => LIST.test(pathname);

function listKey(pathname: string, search: string) {
  const q = new URLSearchParams(search);
  q.delete("page");
  q.delete("key");
  q.sort();
  return `${pathname}?${q}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Remembers the page of the list on screen; restores it when the visitor comes back to that list
 * from an article; forgets it when they leave a list for anything but an article.
 */
export function useListPageMemory() {
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const store = storage();
    const from = previous.current;
    previous.current = location.pathname;
    if (!store) return;
    const { pathname, search } = location;
    if (isListPath(pathname)) {
      const q = new URLSearchParams(search);
      const key = listKey(pathname, search);
      const saved = Number(store.getItem(PAGE_KEY));
      if (
        from !== null &&
        ARTICLE.test(from) &&
        !q.has("page") &&
        store.getItem(LIST_KEY) === key &&
        Number.isInteger(saved) &&
        saved > 1
      ) {
        q.set("page", String(saved));
        navigate(`${pathname}?${q}`, { replace: true });
        return;
      }
      const page = Number(q.get("page") ?? "1");
      store.setItem(PAGE_KEY, String(Number.isInteger(page) && page > 0 ? page : 1));
      store.setItem(LIST_KEY, key);
    } else if (!ARTICLE.test(pathname)) {
      store.removeItem(PAGE_KEY);
      store.removeItem(LIST_KEY);
    }
  }, [location, navigate]);
}

/** The page stored for the list on screen (the activity tabs reload at it, docs/product.md §4). */
export function storedPage(): number {
  const n = Number(storage()?.getItem(PAGE_KEY) ?? "1");
  return Number.isInteger(n) && n > 0 ? n : 1;
}
