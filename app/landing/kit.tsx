import type { ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import { COMPANY, RECORD_NUMBER } from "../components/SiteFooter";
import { pageMeta } from "../components/seo";
import { SITE_NAME, SITE_SLOGAN } from "../root";
import type { Cta, Pic } from "./types";
import "./landing.css";

/**
 * What every landing route shares, in one module (one small chunk for the browser): the page frame,
 * links and prices, the reveal animation, cache headers and meta tags.
 */

const TOP_LINKS = [
  { label: "活动", href: "/activity" },
  { label: "产品服务", href: "/market/products/serve" },
  { label: "商务合作", href: "/cooperate" },
];

/** The light frame of every landing page: a slim brand bar, the page, a one-line footer. */
export function LandingShell({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="lp-page">
      <a href="#main" className="lp-skip">
        跳到正文
      </a>
      <header className="lp-topbar">
        <div className="lp-topbar-inner">
          <a href="/" className="lp-logo" aria-label={`${SITE_NAME}首页`}>
            {SITE_NAME}
            <span className="lp-logo-slogan">{SITE_SLOGAN}</span>
          </a>
          <span className="lp-topbar-name">{name}</span>
          <nav aria-label="站点导航" className="lp-topbar-nav">
            {TOP_LINKS.map((l) => (
              <a key={l.href} href={l.href}>
                {l.label}
              </a>
            ))}
          </nav>
        </div>
      </header>
      <main id="main" className="lp-main">
        {children}
      </main>
      <footer className="lp-footer">
        <p>
          {COMPANY} · © {SITE_NAME} 版权所有 ·{" "}
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {RECORD_NUMBER}
          </a>
        </p>
        <p>
          <a href="/">返回首页</a> · <a href="/cooperate">商务合作</a> ·{" "}
          <a href="/market/products/aboutus">关于我们</a>
        </p>
      </footer>
    </div>
  );
}

/** Links of the definitions: in-page anchors scroll, sameWindow links navigate, the rest open a new window. */
export function CtaLink({
  cta,
  className,
  children,
}: {
  cta: Cta;
  className?: string;
  children?: ReactNode;
}) {
  const cls = className ?? `lp-btn lp-btn--${cta.variant ?? "primary"}`;
  if (cta.href.startsWith("#")) {
    return (
      <a
        className={cls}
        href={cta.href}
        onClick={(e) => {
          const target = document.getElementById(cta.href.slice(1));
          if (!target) return;
          e.preventDefault();
          scrollToSection(target);
          history.replaceState(history.state, "", cta.href);
        }}
      >
        {children ?? cta.label}
      </a>
    );
  }
  if (cta.sameWindow) {
    return (
      <a className={cls} href={cta.href}>
        {children ?? cta.label}
      </a>
    );
  }
  return (
    <a className={cls} href={cta.href} target="_blank" rel="noopener noreferrer">
      {children ?? cta.label}
    </a>
  );
}

export const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Scrolls a section under the sticky menu (scroll-margin-top in CSS); smooth unless reduced motion. */
export function scrollToSection(el: HTMLElement) {
  el.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
}

/** Prices: large, brand colour, tabular numbers, the unit smaller (docs/visual.md). */
export function Price({
  value,
  unit = "元",
  className,
}: {
  value: number;
  unit?: string;
  className?: string;
}) {
  return (
    <span className={className ? `lp-price ${className}` : "lp-price"}>
      <span className="lp-price-value">{value.toLocaleString("zh-CN")}</span>
      <span className="lp-price-unit">{unit}</span>
    </span>
  );
}

export function Picture({
  pic,
  eager = false,
  className,
}: {
  pic: Pic;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={pic.src}
      alt={pic.alt}
      width={pic.w}
      height={pic.h}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchPriority: "high" as const } : {})}
    />
  );
}

export function SectionHead({ id, title, intro }: { id?: string; title: string; intro?: string }) {
  return (
    <header className="lp-head">
      <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
      {intro && <p>{intro}</p>}
    </header>
  );
}

/**
 * docs/product.md §9: a marked section reveals with a short animation when it comes within 600px of
 * the viewport: the island app/islands/reveal.ts, attached by the islands bundle or, on a page that
 * hydrates, by the news layout's effect (app/islands/attach.ts). Nothing is hidden without it.
 */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={className} data-reveal-on-scroll="">
      {children}
    </div>
  );
}

/** Landing pages whose content changes only with a deploy (the travel lists' frame). */
export const STATIC_LANDING_HEADERS = { "Cache-Control": "public, max-age=300, s-maxage=3600" } as const;
/** Landing pages with data from the database: the news pages' short micro-cache. */
export const DATA_LANDING_HEADERS = { "Cache-Control": "public, max-age=0, s-maxage=60" } as const;
/** Redirect answers and their failure page follow the banner table: never kept. */
export const NO_STORE_HEADERS = { "Cache-Control": "no-store" } as const;

/** Title, description, canonical URL and Open Graph tags (read by the WeChat share hook) of a landing page. */
export function landingMeta(p: {
  title: string;
  description: string;
  path: string;
  origin: string;
  shareTitle?: string;
  shareDescription?: string;
  shareImage?: string;
}): MetaDescriptor[] {
  const tags = pageMeta({
    title: p.title,
    description: p.description,
    origin: p.origin,
    path: p.path,
    image: p.shareImage,
  });
  // The share card's own title and description, when the page has them.
  return tags.map((t) =>
    "property" in t && t.property === "og:title" && p.shareTitle
      ? { ...t, content: p.shareTitle }
      : "property" in t && t.property === "og:description" && p.shareDescription
        ? { ...t, content: p.shareDescription }
        : t,
  );
}
