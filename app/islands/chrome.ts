import { searchPath } from "./paths";

/** docs/product.md §2: the left menu is fixed once the page scrolls and parks after 1600 px. */
const FIXED_AFTER = 0;
const ABSOLUTE_AFTER = 1600;
/** docs/product.md §2: back to top appears after 1000 px. */
const BACK_TO_TOP_AFTER = 1000;

/** Counts a banner click (GET /api/banner/detail) without holding up the navigation. */
function reportBannerClick(bannerId: string) {
  try {
    fetch(`/api/banner/detail?bannerId=${encodeURIComponent(bannerId)}`, { keepalive: true }).catch(() => {});
  } catch {
    // reporting is best effort
  }
}

/**
 * The news chrome's behaviour (docs/product.md §2, §4), on the markup the server drew (app/routes/news/layout.tsx,
 * app/landing/NewsFrame.tsx): the search overlays (header: 8 hot tags; left menu: 4 + 4), the phone
 * drawer, the More menu, the left menu's fixed and parked modes, back to top, the trends' intros,
 * banner click counts and the search forms. Returns what detaches it.
 */
export function attachChrome(doc: Document): () => void {
  const off = new AbortController();
  const opts = { signal: off.signal };
  const body = doc.body;
  const menu = doc.querySelector<HTMLElement>("[data-left-menu]");
  const backdrop = doc.querySelector<HTMLElement>("[data-close-drawer]");
  const toggle = doc.querySelector<HTMLElement>("[data-open-drawer]");
  const backToTop = doc.querySelector<HTMLElement>("[data-back-to-top]");
  let overflow: string | null = null;

  const drawer = (open: boolean) => {
    if (!menu) return;
    menu.toggleAttribute("data-open", open);
    if (backdrop) backdrop.hidden = !open;
    toggle?.setAttribute("aria-expanded", String(open));
  };

  const openSearch = (variant: string) => {
    const dialog = doc.getElementById(`search-${variant}`) as HTMLDialogElement | null;
    if (!dialog || dialog.open) return;
    drawer(false);
    dialog.showModal();
    // the page behind does not scroll while it is open (docs/product.md §2)
    if (overflow === null) overflow = body.style.overflow;
    body.style.overflow = "hidden";
    dialog.querySelector<HTMLInputElement>("input")?.focus();
  };

  doc.addEventListener(
    "click",
    (e) => {
      const target = e.target as Element;
      if (target instanceof HTMLDialogElement) {
        // a click on the backdrop: outside the box
        target.close();
        return;
      }
      const el = target.closest<HTMLElement>(
        "[data-open-search], [data-open-drawer], [data-close-drawer], [data-close-dialog], [data-more-toggle], [data-back-to-top], [data-toggle], a[data-banner-id]",
      );
      if (!el) return;
      const d = el.dataset;
      if (d.openSearch) openSearch(d.openSearch);
      else if (d.openDrawer !== undefined) drawer(true);
      else if (d.closeDrawer !== undefined) drawer(false);
      else if (d.closeDialog !== undefined) el.closest("dialog")?.close();
      else if (d.moreToggle !== undefined) {
        const open = el.getAttribute("aria-expanded") !== "true";
        el.setAttribute("aria-expanded", String(open));
        el.parentElement?.classList.toggle("is-open", open);
      } else if (d.backToTop !== undefined) {
        const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: smooth ? "smooth" : "auto" });
      } else if (d.toggle !== undefined) {
        // a trend shows or hides its intro (docs/product.md §4)
        const open = el.getAttribute("aria-expanded") !== "true";
        el.setAttribute("aria-expanded", String(open));
        el.parentElement?.classList.toggle("is-open", open);
        const intro = doc.getElementById(el.getAttribute("aria-controls") ?? "");
        if (intro) intro.hidden = !open;
      } else if (d.bannerId) reportBannerClick(d.bannerId);
    },
    opts,
  );

  // Enter goes to the search route, an empty keyword too (docs/product.md §2); without the island
  // the form still submits to /searchlist/?kw=.
  doc.addEventListener(
    "submit",
    (e) => {
      const form = e.target as HTMLFormElement;
      if (!form.matches("[data-search-form]")) return;
      e.preventDefault();
      const kw = String(new FormData(form).get("kw") ?? "");
      form.closest("dialog")?.close();
      window.location.assign(searchPath(kw));
    },
    opts,
  );

  // A dialog closes by Escape, its button, its backdrop or a search: scrolling comes back.
  doc.addEventListener(
    "close",
    (e) => {
      if (!(e.target instanceof HTMLDialogElement) || doc.querySelector("dialog.search-overlay[open]"))
        return;
      if (overflow !== null) body.style.overflow = overflow;
      overflow = null;
    },
    { ...opts, capture: true },
  );

  doc.addEventListener(
    "keydown",
    (e) => {
      if (e.key === "Escape" && menu?.hasAttribute("data-open")) drawer(false);
    },
    opts,
  );

  // Coming back to this page from the browser's cache shows it as it was left: close what a
  // navigation away would have closed.
  window.addEventListener(
    "pageshow",
    (e) => {
      if (!e.persisted) return;
      drawer(false);
      for (const dialog of doc.querySelectorAll<HTMLDialogElement>("dialog.search-overlay[open]"))
        dialog.close();
    },
    opts,
  );

  const slot = menu?.parentElement;
  const onScroll = () => {
    const y = window.scrollY;
    if (menu) {
      if (y > ABSOLUTE_AFTER) {
        const slotTop = (slot?.getBoundingClientRect().top ?? 0) + y;
        menu.style.top = `${Math.max(0, ABSOLUTE_AFTER + 80 - slotTop)}px`;
        menu.dataset.mode = "absolute";
      } else {
        menu.style.removeProperty("top");
        menu.dataset.mode = y > FIXED_AFTER ? "fixed" : "static";
      }
    }
    if (backToTop) backToTop.hidden = y <= BACK_TO_TOP_AFTER;
  };
  onScroll();
  window.addEventListener("scroll", onScroll, { ...opts, passive: true });

  return () => off.abort();
}
