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
 * Remembers the page of the list on screen; on an article, the links back to that list (menu,
 * breadcrumb) carry its page, so the visitor returns where they were; leaving the lists for
 * anything but an article forgets it. Every page is a page load, so this runs once per page (and
 * again when the activity tabs change the address in place).
 */
export function rememberListPage(doc: Document): void {
  const store = storage();
  if (!store) return;
  const { pathname, search, origin } = window.location;
  if (isListPath(pathname)) {
    const page = Number(new URLSearchParams(search).get("page") ?? "1");
    store.setItem(PAGE_KEY, String(Number.isInteger(page) && page > 0 ? page : 1));
    store.setItem(LIST_KEY, listKey(pathname, search));
  } else if (ARTICLE.test(pathname)) {
    const key = store.getItem(LIST_KEY);
    const saved = Number(store.getItem(PAGE_KEY));
    if (!key || !Number.isInteger(saved) || saved < 2) return;
    for (const a of doc.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
      const u = new URL(a.href);
      if (u.origin !== origin || !isListPath(u.pathname) || u.searchParams.has("page")) continue;
      if (listKey(u.pathname, u.search) !== key) continue;
      u.searchParams.set("page", String(saved));
      a.href = `${u.pathname}${u.search}`;
    }
  } else {
    store.removeItem(PAGE_KEY);
    store.removeItem(LIST_KEY);
  }
}
