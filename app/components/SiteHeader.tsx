import { SITE_NAME, SITE_SLOGAN } from "../root";

/** Top header items of docs/product.md §2; site pages open in a new window, as the original does. */
export const NAV: { label: string; href?: string; children?: { label: string; href: string }[] }[] = [
  { label: "营销", href: "/market/products/yingxiao" },
  { label: "商家", href: "/tzyx/zebra/allproducts" },
  {
    label: "内容生态",
    children: [
      { label: "产品服务", href: "/market/products/serve" },
      { label: "创始人说", href: "/market/products/talk" },
    ],
  },
  { label: "活动", href: "/activity" },
  { label: "关于我们", href: "/market/products/aboutus" },
];

/** The header items again, as a plain list for the phone drawer (the header has no room for them there). */
export function DrawerNav() {
  return (
    <ul className="drawer-nav" aria-label="站点导航">
      {NAV.flatMap((item) =>
        item.children ? item.children : [{ label: item.label, href: item.href ?? "/" }],
      ).map((l) => (
        <li key={l.href}>
          <a href={l.href} target="_blank" rel="noopener">
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The site header. Its menu button opens the phone drawer and its search button the search overlay,
 * through the island app/islands/chrome.ts (`data-open-drawer`, `data-open-search`).
 */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <button
          type="button"
          className="icon-button menu-toggle"
          aria-label="打开菜单"
          aria-controls="left-menu"
          aria-expanded="false"
          data-open-drawer=""
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </button>
        <a href="/" className="logo">
          <span className="logo-mark">{SITE_NAME}</span>
          <span className="logo-slogan">{SITE_SLOGAN}</span>
        </a>
        <nav className="top-nav" aria-label="站点导航">
          <ul>
            {NAV.map((item) =>
              item.children ? (
                <li key={item.label} className="has-sub">
                  <button type="button" className="top-nav-item" aria-haspopup="true">
                    {item.label}
                  </button>
                  <ul className="sub-menu">
                    {item.children.map((c) => (
                      <li key={c.href}>
                        <a href={c.href} target="_blank" rel="noopener">
                          {c.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={item.label}>
                  <a className="top-nav-item" href={item.href} target="_blank" rel="noopener">
                    {item.label}
                  </a>
                </li>
              ),
            )}
          </ul>
        </nav>
        <button type="button" className="icon-button search-button" data-open-search="header">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" fill="none" />
            <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span>搜索</span>
        </button>
      </div>
    </header>
  );
}
