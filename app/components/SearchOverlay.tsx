import type { Tag } from "../../contract/entities";

export const tagPath = (t: Tag) => `/taglist/${t.tagId}?name=${encodeURIComponent(t.tagName)}`;

/** Tags as a list of links to their tag pages (`label` names the list for screen readers). */
export function TagList({ tags, className, label }: { tags: Tag[]; className: string; label?: string }) {
  return (
    <ul className={className} aria-label={label}>
      {tags.map((t) => (
        <li key={t.tagId}>
          <a href={tagPath(t)} className="tag">
            {t.tagName}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The hot tags, in one row of 8 (header overlay) or two rows of 4 (left-menu dialog). */
export function HotTags({ tags, split = false }: { tags: Tag[]; split?: boolean }) {
  if (tags.length === 0) return null;
  if (!split) return <TagList tags={tags.slice(0, 8)} className="hot-tags" />;
  return (
    <>
      <TagList tags={tags.slice(0, 4)} className="hot-tags" />
      <TagList tags={tags.slice(4, 8)} className="hot-tags" />
    </>
  );
}

/**
 * The global search overlay (docs/product.md §2, §4), drawn closed: a modal <dialog> (`search-header`
 * or `search-menu`) that the buttons with `data-open-search` open. Its behaviour is the island
 * app/islands/chrome.ts: Enter goes to /searchlist/{kw}?key={timestamp} (an empty keyword too); the
 * page behind does not scroll while it is open; the dialog keeps focus inside and closes on Escape,
 * its button or a click outside. Without JavaScript the form still submits to /searchlist/?kw=.
 */
export function SearchOverlay({ variant, tags }: { variant: "header" | "menu"; tags: Tag[] }) {
  return (
    <dialog
      id={`search-${variant}`}
      className={`search-overlay search-overlay--${variant}`}
      aria-label="搜索"
    >
      <div className="search-box">
        <form role="search" action="/searchlist/" method="get" data-search-form="">
          <input
            type="search"
            name="kw"
            className="search-input"
            placeholder="请输入关键词，按回车搜索"
            aria-label="搜索关键词"
            maxLength={100}
            enterKeyHint="search"
          />
        </form>
        {tags.length > 0 && (
          <div className="search-hot">
            <h2 className="search-hot-title">热门标签</h2>
            <HotTags tags={tags} split={variant === "menu"} />
          </div>
        )}
        <button type="button" className="search-close" aria-label="关闭搜索" data-close-dialog="">
          ×
        </button>
      </div>
    </dialog>
  );
}
