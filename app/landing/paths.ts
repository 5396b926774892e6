/**
 * The landing routes of SPEC §2 that the generic module (app/routes/landing/page.tsx) renders from
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

/** A stable route id for a landing path: "landing" + the path with slashes as dashes. */
export const landingRouteId = (path: string) => `landing${path.replace(/\//g, "-")}`;
