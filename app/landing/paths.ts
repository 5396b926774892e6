/**
 * The landing routes of docs/product.md §2 that the generic module (app/routes/landing/page.tsx) renders from
 * their definition files (app/landing/pages/). Routes with their own behaviour (travel lists, article
 * list, live stream, class and chat redirects) have dedicated modules in app/routes/landing/.
 */
export const CONFERENCE_PATHS = [
  "/activity/wsfh/summit",
  "/activity/wsfh/wow",
  "/activity/wsfh/wowback",
  "/activity/wsfh/remould",
  "/activity/wsfh/remouldback",
  "/activity/wsfh/newispower",
  "/activity/wsfh/newispower/review",
  "/activity/wsfh/timing",
] as const;

export const PRODUCT_SLUGS = [
  "mini",
  "shortvideo",
  "shortvideos",
  "shortvideoss",
  "zxjy",
  "sjpxs",
  "aboutus",
  "zhyxs",
  "nrst",
  "talk",
  "linkage",
  "strawBag",
  "foodie",
  "nryx",
  "superHot",
  "train",
  "kuang",
  "yljzt",
  "tttm",
  "twmss",
  "kdmj",
  "yingxiao",
  "pyramid",
  "serve",
  "visual",
  "sttj",
  "accompany",
] as const;

/** /market/products/yingxiao is the marketing article list (dedicated module). */
export const ARTICLE_LIST_PATH = "/market/products/yingxiao";

export const PROMO_PATHS = [
  "/tzyx/zebra/zzc",
  "/twyx/tbzh",
  "/tzyx/zebra/storewindes",
  "/tzyx/zebra/allproducts",
  "/hz/zebra/zzc",
  "/hz/zebra/zh",
  "/alimama/11list",
] as const;

export const HANDBOOK_PATH = "/flybird/stroll";

/** Every path the generic landing module serves. */
export const LANDING_PATHS: string[] = [
  ...CONFERENCE_PATHS,
  ...PRODUCT_SLUGS.map((s) => `/market/products/${s}`).filter((p) => p !== ARTICLE_LIST_PATH),
  ...PROMO_PATHS,
  HANDBOOK_PATH,
];

/**
 * The route patterns that serve LANDING_PATHS: one `dir/:page` route for each directory holding two
 * or more of them, the others one by one. React Router matches, converts and ranks every route on
 * every render, so a handful of patterns instead of one route per page make every page cheaper. The
 * loader answers 404 for a `:page` that has no definition.
 */
export function landingRoutePatterns(): string[] {
  const byDir = new Map<string, string[]>();
  for (const p of LANDING_PATHS) {
    const dir = p.slice(0, p.lastIndexOf("/"));
    byDir.set(dir, [...(byDir.get(dir) ?? []), p]);
  }
  return [...byDir].flatMap(([dir, paths]) => (paths.length > 1 ? [`${dir}/:page`] : paths));
}

/** A stable route id for a landing route pattern: "landing" + the pattern with slashes as dashes. */
export const landingRouteId = (pattern: string) => `landing${pattern.replace(/[/:]/g, "-")}`;
