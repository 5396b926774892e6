/**
 * Back to top (docs/product.md §2): drawn hidden; the island app/islands/chrome.ts shows it after
 * 1000 px of scrolling and scrolls up on a click.
 */
export function BackToTop() {
  return (
    <button type="button" className="back-to-top" aria-label="回到顶部" data-back-to-top="" hidden>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 5l-7 7m7-7 7 7M12 5v14" stroke="currentColor" strokeWidth="2" fill="none" />
      </svg>
    </button>
  );
}
