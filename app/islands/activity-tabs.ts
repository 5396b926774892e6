import { rememberListPage } from "./list-memory";

/**
 * The activity tabs (docs/product.md §2): the server draws every tab's panel; choosing a tab shows
 * its panel and puts its address (`?tab=&page=`, the page it would load) in the address bar, with
 * no page load and no jump to the top. Without the island each tab is a link to that address.
 */
export function attachTabs(doc: Document): () => void {
  const off = new AbortController();
  for (const list of doc.querySelectorAll<HTMLElement>("[data-tabs]")) {
    const tabs = [...list.querySelectorAll<HTMLAnchorElement>('a[role="tab"]')];
    const select = (tab: HTMLAnchorElement) => {
      for (const t of tabs) {
        const on = t === tab;
        t.setAttribute("aria-selected", String(on));
        t.classList.toggle("is-active", on);
        const panel = doc.getElementById(t.getAttribute("aria-controls") ?? "");
        if (panel) panel.hidden = !on;
      }
    };
    list.addEventListener(
      "click",
      (e) => {
        const tab = (e.target as Element).closest<HTMLAnchorElement>('a[role="tab"]');
        if (!tab || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
          return;
        e.preventDefault();
        if (tab.getAttribute("aria-selected") === "true") return;
        select(tab);
        history.pushState(null, "", tab.href);
        rememberListPage(doc);
      },
      { signal: off.signal },
    );
    window.addEventListener(
      "popstate",
      () => {
        const here = new URLSearchParams(window.location.search).get("tab") ?? list.dataset.default;
        const tab = tabs.find((t) => new URL(t.href).searchParams.get("tab") === here) ?? tabs[0];
        if (tab) select(tab);
        rememberListPage(doc);
      },
      { signal: off.signal },
    );
  }
  return () => off.abort();
}
