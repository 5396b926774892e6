import type { AppLoadContext } from "react-router";
import { ARTICLE_COLUMN, BANNER_GROUP } from "../../../contract/columns";
import type { Column, Partner, Tag } from "../../../contract/entities";

type Services = AppLoadContext["services"];

/** What every news screen shows around its own content (docs/product.md §1). */
export interface Chrome {
  columns: Column[];
  topBanners: { bannerId: number; bannerName: string; bannerLink: string; image: string }[];
  adBanners: { bannerId: number; bannerName: string; bannerLink: string; thumb: string }[];
  trends: { contentId: number; title: string; intro: string }[];
  partners: Partner[];
  hotTags: Tag[];
}

/** Hot tags: the first 8 distinct tags of the latest 10 articles (docs/product.md §2, §9). */
export function gatherTags(articles: { tagList: Tag[] }[], max = 8): Tag[] {
  const seen = new Set<number>();
  const tags: Tag[] = [];
  for (const a of articles) {
    for (const t of a.tagList) {
      if (tags.length >= max) return tags;
      if (seen.has(t.tagId)) continue;
      seen.add(t.tagId);
      tags.push(t);
    }
  }
  return tags;
}

async function fetchChrome(s: Services): Promise<Chrome> {
  const [columns, top, ads, trends, partners, latest] = await Promise.all([
    s.content.columns(),
    s.site.banners({ columnId: BANNER_GROUP.carousel, page: 1, pageSize: 4 }),
    s.site.banners({ columnId: BANNER_GROUP.ads, page: 1, pageSize: 6 }),
    s.content.list({ columnId: ARTICLE_COLUMN.trends, page: 1, pageSize: 5 }),
    s.site.partners(),
    s.content.list({ page: 1, pageSize: 10 }),
  ]);
  return {
    columns,
    topBanners: top.map(({ bannerId, bannerName, bannerLink, image }) => ({
      bannerId,
      bannerName,
      bannerLink,
      image,
    })),
    adBanners: ads.map(({ bannerId, bannerName, bannerLink, thumb }) => ({
      bannerId,
      bannerName,
      bannerLink,
      thumb,
    })),
    trends: trends.map(({ contentId, title, intro }) => ({ contentId, title, intro })),
    partners: partners.slice(0, 30),
    hotTags: gatherTags(latest),
  };
}

/**
 * The version of what the chrome shows: its data and its markup are kept while this stays the same.
 * Today any content change moves it; this is the one place to point at a narrower signal.
 */
export function chromeVersion(s: Services): number {
  return s.events.version;
}

const TTL_MS = 60_000;
const cache = new WeakMap<Services, { version: number; at: number; value: Promise<Chrome> }>();

/**
 * The chrome is the same on every page, so it is read once and kept until content changes (the
 * content-change version moves) or for a minute, whichever comes first.
 */
export function loadChrome(s: Services): Promise<Chrome> {
  const hit = cache.get(s);
  const version = chromeVersion(s);
  if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = fetchChrome(s);
  cache.set(s, { version, at: Date.now(), value });
  value.catch(() => {
    if (cache.get(s)?.value === value) cache.delete(s);
  });
  return value;
}
