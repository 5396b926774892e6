import { ARTICLES, type RouteCache } from "../../../contract/cache-tags";
import { ACTIVITY_TAB, ACTIVITY_TABS, ARTICLE_COLUMN } from "../../../contract/columns";
import type { Activity } from "../../../contract/entities";
import { LIST_PAGE_SIZE } from "../../../contract/site";
import { formatDate, formatTime } from "../../components/format";
import { Pagination } from "../../components/Pagination";
import { CACHED_PAGE_HEADERS, pageCount, pageOf } from "../../components/paging";
import { listPath, originFrom, pageMeta } from "../../components/seo";
import type { Hydrate } from "../../hydration";
import { SITE_NAME } from "../../root";
import type { Route } from "./+types/activity";

/**
 * Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts).
 * Drawn by the server alone: no React in the browser, only the islands (app/hydration.ts).
 */
export const handle: { cache: RouteCache; hydrate: Hydrate } = {
  cache: { query: ["tab", "page"], tags: () => ["activities", ARTICLES] },
  hydrate: false,
};

const TABS = ACTIVITY_TABS.map((t) => ({ id: t.columnId, label: t.label }));
const DEFAULT_TAB = ACTIVITY_TAB.summit;
const PAGE_SIZE = LIST_PAGE_SIZE.activity;
const REPORT_COLUMN = ARTICLE_COLUMN.eventReports;
/** The largest list the API serves; the event-report strip asks for everything (docs/product.md §7). */
const REPORT_LIMIT = 100;
/** docs/product.md §4: on the summit tab only these events open their link. */
const SUMMIT_LINKED = new Set([120, 119, 117, 116, 8]);

export const opensLink = (tab: number, activityId: number) =>
  tab !== ACTIVITY_TAB.summit || SUMMIT_LINKED.has(activityId);

export function headers() {
  return CACHED_PAGE_HEADERS;
}

/**
 * Every tab's panel is drawn (the island app/islands/activity-tabs.ts switches between them without
 * a page load): each at the requested page, or its last page when it has fewer.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const raw = Number(url.searchParams.get("tab"));
  const tab = TABS.some((t) => t.id === raw) ? raw : DEFAULT_TAB;
  const asked = pageOf(url);
  const { site, content } = context.services;
  const [panels, reports] = await Promise.all([
    Promise.all(
      TABS.map(async (t) => {
        const pages = pageCount(await site.activityCount(t.id), PAGE_SIZE);
        const page = Math.min(asked, pages);
        const activities = await site.activities({ columnId: t.id, page, pageSize: PAGE_SIZE });
        return { ...t, page, pages, activities };
      }),
    ),
    content.list({ columnId: REPORT_COLUMN, page: 1, pageSize: REPORT_LIMIT }),
  ]);
  return {
    tab,
    page: panels.find((p) => p.id === tab)!.page,
    panels,
    reports: reports.map(({ contentId, title, thumb, createTime }) => ({
      contentId,
      title,
      thumb,
      createTime,
    })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const tab = loaderData?.tab ?? DEFAULT_TAB;
  return pageMeta({
    title: `活动 - ${SITE_NAME}`,
    description: "电商报主办与参与的峰会、创新论坛和行业活动，以及活动报道。",
    origin: originFrom(matches),
    path: listPath("/activity", loaderData?.page ?? 1, tab === DEFAULT_TAB ? {} : { tab: String(tab) }),
  });
}

function ActivityCard({ a, tab }: { a: Activity; tab: number }) {
  const linked = opensLink(tab, a.activityId) && a.activityLink;
  const open = (children: React.ReactNode, className: string) =>
    linked ? (
      <a href={a.activityLink} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span className={className}>{children}</span>
    );
  const live = a.activityStatus === "进行中";
  return (
    <li className="activity-card" data-activity-id={a.activityId}>
      {open(
        <img src={a.thumb} alt={a.activityName} width={480} height={270} loading="lazy" decoding="async" />,
        "activity-thumb",
      )}
      <div className="activity-body">
        <h2 className="activity-name">{open(a.activityName, "activity-name-link")}</h2>
        {a.guests && <p className="activity-guests">{a.guests}</p>}
        <p className="activity-meta">
          <span>
            时间：<time dateTime={a.activityStartTime}>{formatTime(a.activityStartTime)}</time>
          </span>
          <span>地点：{a.address}</span>
        </p>
        <p className="activity-intro">{a.activityIntro}</p>
        <span className={live ? "status status-live" : "status"}>{a.activityStatus}</span>
      </div>
    </li>
  );
}

/**
 * A tab's own address (the canonical one, listPath): its id unless it is the default tab, and its
 * page past the first (the tabs keep the page, docs/product.md §4).
 */
const tabSearch = (id: number, page: number) => {
  const q = new URLSearchParams(id === DEFAULT_TAB ? {} : { tab: String(id) });
  if (page > 1) q.set("page", String(page));
  return q.size ? `?${q}` : "";
};

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { tab, panels, reports } = loaderData;
  return (
    <section className="activity-page" aria-labelledby="activity-title">
      <h1 id="activity-title" className="section-title">
        活动
      </h1>
      <div className="tabs" role="tablist" aria-label="活动分类" data-tabs="" data-default={DEFAULT_TAB}>
        {panels.map((t) => (
          <a
            key={t.id}
            id={`activity-tab-${t.id}`}
            role="tab"
            aria-selected={t.id === tab}
            aria-controls={`activity-panel-${t.id}`}
            className={t.id === tab ? "tab is-active" : "tab"}
            href={`/activity${tabSearch(t.id, t.page)}`}
          >
            {t.label}
          </a>
        ))}
      </div>
      {panels.map((t) => (
        <div
          key={t.id}
          id={`activity-panel-${t.id}`}
          role="tabpanel"
          aria-labelledby={`activity-tab-${t.id}`}
          hidden={t.id !== tab}
        >
          {t.activities.length === 0 ? (
            <p className="empty-state">暂无活动，敬请期待。</p>
          ) : (
            <ul className="activity-list">
              {t.activities.map((a) => (
                <ActivityCard key={a.activityId} a={a} tab={t.id} />
              ))}
            </ul>
          )}
          <Pagination page={t.page} pages={t.pages} search={tabSearch(t.id, t.page)} />
        </div>
      ))}
      {reports.length > 0 && (
        <section className="reports" aria-labelledby="reports-title">
          <h2 id="reports-title" className="section-title">
            活动报道
          </h2>
          <ul className="report-strip">
            {reports.map((r) => (
              <li key={r.contentId}>
                <a href={`/articledetail/${r.contentId}`} className="report-card">
                  <img src={r.thumb} alt="" width={240} height={135} loading="lazy" decoding="async" />
                  <span className="report-title">{r.title}</span>
                  <time dateTime={r.createTime}>{formatDate(r.createTime)}</time>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

export { RouteErrorView as ErrorBoundary } from "../../components/ErrorView";
