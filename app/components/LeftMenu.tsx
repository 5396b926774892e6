import type { ReactNode } from "react";
import type { Column } from "../../contract/entities";

export type MenuKey = "home" | "hot" | "video" | "tech" | "life" | "more" | "cooperate" | null;

/** Which left-menu item a page belongs to: its own path, or the column of the article being read. */
export function menuKeyFor(pathname: string, columnId: number | null, moreColumns: Column[]): MenuKey {
  const col = columnId ?? Number(/^\/newlist\/(\d+)/.exec(pathname)?.[1] ?? Number.NaN);
  if (col === 4) return "video";
  if (col === 5) return "tech";
  if (col === 6) return "life";
  if (moreColumns.some((c) => c.columnId === col)) return "more";
  if (pathname === "/") return "home";
  if (pathname === "/news") return "hot";
  if (pathname === "/cooperate") return "cooperate";
  return null;
}

/**
 * Left menu (docs/product.md §2): fixed once the page scrolls, parked (absolute) after 1600px so it never runs
 * over the footer; a drawer on phones. Drawn static and closed; the island app/islands/chrome.ts
 * moves it as the page scrolls, opens and closes the drawer (`data-open`) and the More menu.
 */
export function LeftMenu({
  active,
  activeColumnId,
  moreColumns,
  extra,
}: {
  extra?: ReactNode;
  active: MenuKey;
  activeColumnId: number | null;
  moreColumns: Column[];
}) {
  const item = (key: MenuKey, to: string, label: string) => (
    <li>
      <a
        href={to}
        className={active === key ? "menu-item is-active" : "menu-item"}
        aria-current={active === key ? "page" : undefined}
      >
        {label}
      </a>
    </li>
  );

  return (
    <div className="left-slot">
      <nav id="left-menu" className="left-menu" data-mode="static" data-left-menu="" aria-label="栏目">
        <ul>
          {item("home", "/", "首页")}
          {item("hot", "/news", "热点")}
          {item("video", "/newlist/4?name=视频", "视频")}
          {item("tech", "/newlist/5?name=科技", "科技")}
          {item("life", "/newlist/6?name=生活", "生活")}
          {moreColumns.length > 0 && (
            <li className="more">
              <button
                type="button"
                className={active === "more" ? "menu-item is-active" : "menu-item"}
                aria-expanded="false"
                aria-controls="more-columns"
                data-more-toggle=""
              >
                更多
              </button>
              <ul id="more-columns" className="more-list">
                {moreColumns.map((c) => (
                  <li key={c.columnId}>
                    <a
                      href={`/newlist/${c.columnId}?name=${encodeURIComponent(c.columnName)}`}
                      className={activeColumnId === c.columnId ? "is-active" : undefined}
                      aria-current={activeColumnId === c.columnId ? "page" : undefined}
                    >
                      {c.columnName}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          )}
          <li>
            <button type="button" className="menu-item" data-open-search="menu">
              搜索
            </button>
          </li>
          {item("cooperate", "/cooperate", "商务合作")}
        </ul>
        {extra && <div className="left-menu-extra">{extra}</div>}
      </nav>
      <button type="button" className="drawer-backdrop" aria-label="关闭菜单" data-close-drawer="" hidden />
    </div>
  );
}
