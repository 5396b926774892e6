import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // News screens (docs/product.md §2) share the site chrome of the news layout. Any other path is
  // the landing page published there (landing_pages, rendered without the news chrome) or the 404
  // inside it.
  layout("routes/news/layout.tsx", [
    index("routes/news/home.tsx"),
    route("news", "routes/news/hot.tsx"),
    route("newlist/:nid", "routes/news/column.tsx"),
    route("taglist/:tid", "routes/news/tag.tsx"),
    route("searchlist/:keywords?", "routes/news/search.tsx"),
    route("articledetail/:cid", "routes/news/article.tsx"),
    route("preview/:token", "routes/news/preview.tsx"),
    route("cooperate", "routes/news/cooperate.tsx"),
    route("activity", "routes/news/activity.tsx"),
    route("*", "routes/landing/page.tsx"),
  ]),
  // Merchant sign-up (docs/product.md §2): one module for both form routes; the dev cashier and the payment result
  route("tzyx/zebra/product/:id", "routes/signup/product.tsx", { id: "signup-tzyx" }),
  route("txws/zebra/product/:id", "routes/signup/product.tsx", { id: "signup-txws" }),
  route("pay/cashier", "routes/signup/cashier.tsx"),
  route("pay/result", "routes/signup/result.tsx"),
  // SEO resources
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("sitemaps/:file", "routes/seo/sitemap-page.ts"),
  route("rss.xml", "routes/seo/rss.ts", { id: "rss-latest" }),
  route("rss/:file", "routes/seo/rss.ts", { id: "rss-column" }),
  route("qrcode.svg", "routes/seo/qrcode.ts"),
  // MCN page (docs/product.md §2): its own header and menu, outside the news chrome.
  route("wxmcn", "routes/mcn/page.tsx"),
  // Landing routes with their own behaviour; every other landing page is a row served by the catch-all.
  route("activity/caicai/list", "routes/landing/travel.tsx", { id: "landing-travel-list" }),
  route("activity/caicai/list2", "routes/landing/travel.tsx", { id: "landing-travel-list2" }),
  route("idaxue/class/:classId", "routes/landing/class.tsx"),
  route("wang/w/:customerName", "routes/landing/chat.tsx"),
  // Editors' console: its own subtree and bundles (antd, the rich-text editor, charts), never cached.
  route("admin", "routes/admin/shell.tsx", [
    route("login", "routes/admin/login.tsx"),
    route("setup", "routes/admin/setup.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("articles", "routes/admin/articles.tsx"),
      route("articles/:id", "routes/admin/article-edit.tsx"),
      route("landing-pages", "routes/admin/landing-pages.tsx"),
      route("landing-pages/:id", "routes/admin/landing-edit.tsx"),
      route("products", "routes/admin/products.tsx"),
      route("products/:id", "routes/admin/product-edit.tsx"),
      route("leads", "routes/admin/leads.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("privacy", "routes/admin/privacy.tsx"),
      route("search-push", "routes/admin/search-push.tsx"),
      route("wechat-sync", "routes/admin/wechat-sync.tsx"),
      route("imports", "routes/admin/imports.tsx"),
      route("redirects", "routes/admin/redirects.tsx"),
      route(":resource", "routes/admin/resource.tsx"),
      route("*", "routes/admin/resource.tsx", { id: "admin-not-found" }),
    ]),
  ]),
] satisfies RouteConfig;
