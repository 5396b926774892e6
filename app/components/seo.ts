import type { MetaDescriptor } from "react-router";
import { SITE_NAME, SITE_SLOGAN } from "../root";

export const SITE_DESCRIPTION = "电商报：面向电商商家、主播、机构、供应链与从业者的电商新闻资讯平台。";

/** "name-or-title - site name - slogan" (docs/product.md §2 titles of articles, columns and tags) */
export const fullTitle = (name: string) => `${name} - ${SITE_NAME} - ${SITE_SLOGAN}`;

interface MetaMatchLike {
  id: string;
  loaderData?: unknown;
}

/** The site origin the news layout loader resolved (context.origin: PUBLIC_URL, or the checked host). */
export function originFrom(matches: readonly (MetaMatchLike | undefined)[]): string {
  const layout = matches.find((m) => m?.id === "routes/news/layout");
  const data = layout?.loaderData as { origin?: string } | undefined;
  return data?.origin ?? "";
}

export const absolute = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;

/** title, description, canonical URL and Open Graph tags of one page */
export function pageMeta(opts: {
  title: string;
  description: string;
  origin: string;
  path: string;
  image?: string;
  type?: "website" | "article";
}): MetaDescriptor[] {
  const url = absolute(opts.origin, opts.path);
  const image = absolute(opts.origin, opts.image ?? "/favicon.svg");
  return [
    { title: opts.title },
    { name: "description", content: opts.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: opts.type ?? "website" },
    { property: "og:title", content: opts.title },
    { property: "og:description", content: opts.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: "zh_CN" },
  ];
}

/** The canonical path of a list page: page 1 has no page parameter. */
export function listPath(pathname: string, page: number, params: Record<string, string> = {}) {
  const q = new URLSearchParams(params);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `${pathname}?${s}` : pathname;
}
