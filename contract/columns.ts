/**
 * Column ids with a fixed meaning (the original site's numbering, which URLs and data keep).
 * Banners, activities and articles each use the same `columnId` field for their group.
 */

/** Banner groups: the top carousel of every news screen and the ad banners of the side panel. */
export const BANNER_GROUP = { carousel: 11, ads: 20 } as const;

/** Activity tabs of /activity: 峰会 (the default), 创新论坛, 行业活动. */
export const ACTIVITY_TAB = { summit: 17, forum: 18, industry: 19 } as const;
export const ACTIVITY_TABS = [
  { columnId: ACTIVITY_TAB.summit, label: "峰会" },
  { columnId: ACTIVITY_TAB.forum, label: "创新论坛" },
  { columnId: ACTIVITY_TAB.industry, label: "行业活动" },
] as const;

/** Article columns read by fixed screens: business trends (side panel) and the event reports (/activity). */
export const ARTICLE_COLUMN = { trends: 21, eventReports: 26 } as const;

/** Banners whose link the /idaxue/class redirect follows: class 2, and every other class. */
export const CLASS_BANNER = { class2: 98, other: 13 } as const;
