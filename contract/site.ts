import type { Pic } from "./landing";

/** The site's name and slogan, as pages, titles and the demo content show them. */
export const SITE_NAME = "电商报";
export const SITE_SLOGAN = "电商人的新闻资讯平台";

/** docs/product.md §2: landing pages without a title of their own show the site name and slogan. */
export const SLOGAN_TITLE = `${SITE_NAME} - ${SITE_SLOGAN}`;

/** A picture of ours: /landing/<folder>/<name>.svg, drawn by scripts/generate-landing-media.ts. */
export const pic = (
  folder: string,
  name: string,
  alt: string,
  w: number,
  h: number,
  art: Pic["art"] = "poster",
  sub?: string,
): Pic => ({ src: `/landing/${folder}/${name}.svg`, alt, w, h, art, ...(sub ? { sub } : {}) });

/**
 * How many items a page of each news list shows (docs/product.md §2): the routes cut their lists by
 * these, and the store's warmer counts their pages by them.
 */
export const LIST_PAGE_SIZE = { home: 11, list: 10, activity: 5 } as const;
