import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Column } from "../../contract/entities";

export type MenuKey = "home" | "hot" | "video" | "tech" | "life" | "more" | "cooperate" | null;

const FIXED_AFTER = 0;
const ABSOLUTE_AFTER = 1600;

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
 * over the footer; a drawer on phones.
 */
export function LeftMenu({
  active,
  activeColumnId,
  moreColumns,
  open,
  onClose,
  onSearch,
  extra,
}: {
  extra?: ReactNode;
  active: MenuKey;
  activeColumnId: number | null;
  moreColumns: Column[];
  open: boolean;
  onClose: () => void;
  onSearch: () => void;
}) {
  const [mode, setMode] = useState<"static" | "fixed" | "absolute">("static");
  const [moreOpen, setMoreOpen] = useState(false);
  const slot = useRef<HTMLDivElement>(null);
  const [parkTop, setParkTop] = useState(0);

  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      if (y > ABSOLUTE_AFTER) {
        const slotTop = (slot.current?.getBoundingClientRect().top ?? 0) + y;
        setParkTop(Math.max(0, ABSOLUTE_AFTER + 80 - slotTop));
        setMode("absolute");
      } else setMode(y > FIXED_AFTER ? "fixed" : "static");
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const item = (key: MenuKey, to: string, label: string) => (
    <li>
      <Link
        to={to}
        className={active === key ? "menu-item is-active" : "menu-item"}
        aria-current={active === key ? "page" : undefined}
        onClick={onClose}
      >
        {label}
      </Link>
    </li>
  );

  return (
    <div ref={slot} className="left-slot">
      <nav
        className="left-menu"
        data-mode={mode}
        data-open={open || undefined}
        style={mode === "absolute" ? { top: parkTop } : undefined}
        aria-label="栏目"
      >
        <ul>
          {item("home", "/", "首页")}
          {item("hot", "/news", "热点")}
          {item("video", "/newlist/4?name=视频", "视频")}
          {item("tech", "/newlist/5?name=科技", "科技")}
          {item("life", "/newlist/6?name=生活", "生活")}
          {moreColumns.length > 0 && (
            <li className={moreOpen ? "more is-open" : "more"}>
              <button
                type="button"
                className={active === "more" ? "menu-item is-active" : "menu-item"}
                aria-expanded={moreOpen}
                aria-controls="more-columns"
                onClick={() => setMoreOpen((o) => !o)}
              >
                更多
              </button>
              <ul id="more-columns" className="more-list">
                {moreColumns.map((c) => (
                  <li key={c.columnId}>
                    <Link
                      to={`/newlist/${c.columnId}?name=${encodeURIComponent(c.columnName)}`}
                      className={activeColumnId === c.columnId ? "is-active" : undefined}
                      aria-current={activeColumnId === c.columnId ? "page" : undefined}
                      onClick={onClose}
                    >
                      {c.columnName}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          )}
          <li>
            <button type="button" className="menu-item" onClick={onSearch}>
              搜索
            </button>
          </li>
          {item("cooperate", "/cooperate", "商务合作")}
        </ul>
        {extra && <div className="left-menu-extra">{extra}</div>}
      </nav>
      {open && <button type="button" className="drawer-backdrop" aria-label="关闭菜单" onClick={onClose} />}
    </div>
  );
}
