import { data, type HeadersArgs } from "react-router";
import { landingTag, type RouteCache } from "../../../contract/cache-tags";
import { ErrorView } from "../../components/ErrorView";
import type { Hydrate } from "../../hydration";
import { landingHydrates } from "../../landing/hydration";
import { DATA_LANDING_HEADERS, landingMeta } from "../../landing/kit";
import { LandingBody } from "../../landing/LandingBody";
import { landingPageData } from "../../landing/page-data.server";
import type { Section } from "../../landing/types";
import type { Route } from "./+types/page";

/**
 * Page cache: what answers at a path is the landing page published there, or the 404; a change of
 * the page at that path purges it (contract/cache-tags.ts). Pages with article lists are tagged with
 * them too, by the serving keys.
 */
export const handle: { cache: RouteCache; hydrate: Hydrate } = {
  cache: { tags: (p) => [landingTag(`/${p["*"] ?? ""}`)] },
  // A page hydrates when one of its sections needs script (app/landing/hydration.ts); the others,
  // and the 404 (no loader data), are drawn by the server alone, with the islands.
  hydrate: (data) => {
    const page = (data as { page?: { sections: Section[] } } | undefined)?.page;
    return page !== undefined && landingHydrates(page);
  },
};

/**
 * Any path no other route claims (docs/product.md, "Landing pages"): the landing page published at
 * it, with its article lists found and its live frames given their room, or a Chinese 404 inside
 * the news chrome.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const s = context.services;
  const page = await s.landingPages.published(url.pathname);
  if (!page) throw data(null, { status: 404 });
  return { page: await landingPageData(s, page), origin: context.origin };
}

/** Pages change in the console: the news pages' short micro-cache; a 404 keeps its own headers. */
export function headers({ errorHeaders }: HeadersArgs) {
  return errorHeaders ?? DATA_LANDING_HEADERS;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ name: "robots", content: "noindex" }];
  const { page, origin } = loaderData;
  return landingMeta({ ...page, origin });
}

export default function LandingPageRoute({ loaderData }: Route.ComponentProps) {
  return <LandingBody page={loaderData.page} />;
}

export function ErrorBoundary() {
  return <ErrorView notFound />;
}
