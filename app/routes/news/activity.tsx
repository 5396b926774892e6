import { useEffect } from "react";
import { Link } from "react-router";
import { ARTICLES, type RouteCache } from "../../../contract/cache-tags";
import { ACTIVITY_TAB, ACTIVITY_TABS, ARTICLE_COLUMN } from "../../../contract/columns";
import type { Activity } from "../../../contract/entities";
import { formatDate, formatTime } from "../../components/format";
import { Pagination } from "../../components/Pagination";
import { CACHED_PAGE_HEADERS, keepListOnFailure, pageCount, pageOf } from "../../components/paging";
import { listPath, originFrom, pageMeta } from "../../components/seo";
import { SITE_NAME } from "../../root";
import type { Route } from "./+types/activity";

/** Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = {
  cache: { query: ["tab", "page"], tags: () => ["activities", ARTICLES] },
};

const TABS = ACTIVITY_TABS.map((t) => ({ id: t.columnId, label: t.label }));
const DEFAULT_TAB = ACTIVITY_TAB.summit;
const PAGE_SIZE = 5;
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

export async function loader({ context, url }: Route.LoaderArgs) {
  const raw = Number(url.searchParams.get("tab"));
  const tab = TABS.some((t) => t.id === raw) ? raw : DEFAULT_TAB;
  const { site, content } = context.services;
  const [total, reports] = await Promise.all([
    site.activityCount(tab),
    content.list({ columnId: REPORT_COLUMN, page: 1, pageSize: REPORT_LIMIT }),
  ]);
  const pages = pageCount(total, PAGE_SIZE);
  const page = Math.min(pageOf(url), pages);
  const activities = await site.activities({ columnId: tab, page, pageSize: PAGE_SIZE });
  return {
    tab,
    page,
    pages,
    activities,
    reports: reports.map(({ contentId, title, thumb, createTime }) => ({
      contentId,
      title,
      thumb,
      createTime,
    })),
  };
}

const keeper = keepListOnFailure<Awaited<ReturnType<typeof loader>>>();
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => keeper.load(serverLoader);

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

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  useEffect(() => keeper.remember(loaderData), [loaderData]);
  const { tab, page, pages, activities, reports } = loaderData;
  return (
    <section className="activity-page" aria-labelledby="activity-title">
      <h1 id="activity-title" className="section-title">
        活动
      </h1>
      <div className="tabs" role="tablist" aria-label="活动分类">
        {TABS.map((t) => (
          <Link
            key={t.id}
            role="tab"
            aria-selected={t.id === tab}
            className={t.id === tab ? "tab is-active" : "tab"}
            to={`/activity?tab=${t.id}${page > 1 ? `&page=${page}` : ""}`}
            preventScrollReset
          >
            {t.label}
          </Link>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)?.label}>
        {activities.length === 0 ? (
          <p className="empty-state">暂无活动，敬请期待。</p>
        ) : (
          <ul className="activity-list">
            {activities.map((a) => (
              <ActivityCard key={a.activityId} a={a} tab={tab} />
            ))}
          </ul>
        )}
        <Pagination page={page} pages={pages} />
      </div>
      {reports.length > 0 && (
        <section className="reports" aria-labelledby="reports-title">
          <h2 id="reports-title" className="section-title">
            活动报道
          </h2>
          <ul className="report-strip">
            {reports.map((r) => (
              <li key={r.contentId}>
                <Link to={`/articledetail/${r.contentId}`} className="report-card">
                  <img src={r.thumb} alt="" width={240} height={135} loading="lazy" decoding="async" />
                  <span className="report-title">{r.title}</span>
                  <time dateTime={r.createTime}>{formatDate(r.createTime)}</time>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

export { RouteErrorView as ErrorBoundary } from "../../components/ErrorView";
