import type { RouteCache } from "../../../contract/cache-tags";
import { CACHED_PAGE_HEADERS } from "../../components/paging";
import { originFrom, pageMeta } from "../../components/seo";
import type { Hydrate } from "../../hydration";
import { SITE_NAME } from "../../root";
import type { Route } from "./+types/cooperate";

/**
 * Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts).
 * Drawn by the server alone: no React in the browser, only the islands (app/hydration.ts).
 */
export const handle: { cache: RouteCache; hydrate: Hydrate } = {
  cache: { tags: () => ["contacts"] },
  hydrate: false,
};

export function headers() {
  return CACHED_PAGE_HEADERS;
}

export async function loader({ context }: Route.LoaderArgs) {
  return { contacts: await context.services.site.cooperationContacts() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `商务合作 - ${SITE_NAME}`,
    description: "与电商报开展媒体合作、营销合作、培训咨询，或提交投诉与反馈。",
    origin: originFrom(matches),
    path: "/cooperate",
  });
}

export default function Cooperate({ loaderData }: Route.ComponentProps) {
  return (
    <section className="cooperate" aria-labelledby="cooperate-title">
      <h1 id="cooperate-title" className="section-title">
        商务合作
      </h1>
      <p className="cooperate-lead">
        欢迎品牌、平台、机构与我们合作。填写合作意向，我们会尽快与您联系：
        <a href="/wxmcn" className="button-primary">
          联系我们
        </a>
      </p>
      <ul className="contact-grid">
        {loaderData.contacts.map((c) => (
          <li key={c.title} className="contact-card">
            <h2>{c.title}</h2>
            <dl>
              <dt>联系人</dt>
              <dd>{c.contactName}</dd>
              <dt>电话</dt>
              <dd>
                <a href={`tel:${c.phone.replace(/[^\d+-]/g, "")}`}>{c.phone}</a>
              </dd>
              <dt>邮箱</dt>
              <dd>
                <a href={`mailto:${c.email}`}>{c.email}</a>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

export { RouteErrorView as ErrorBoundary } from "../../components/ErrorView";
