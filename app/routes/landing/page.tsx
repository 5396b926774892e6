import { data } from "react-router";
import type { RouteCache } from "../../../contract/cache-tags";
import { useWechatShare } from "../../components/useWechatShare";
import { landingFor } from "../../landing/definitions.server";
import { LandingShell, landingMeta, STATIC_LANDING_HEADERS } from "../../landing/kit";
import { RenderSections } from "../../landing/RenderSections";
import type { Route } from "./+types/page";

/** Page cache: the loader reads no query parameter (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = { cache: { tags: () => [] } };

/**
 * The generic landing route: registered under the patterns of landingRoutePatterns (app/routes.ts),
 * it renders the definition of the requested path, or answers 404 when there is none. The
 * definitions stay on the server: the loader hands over the one this page needs.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const page = landingFor(url.pathname);
  if (!page) throw data(null, { status: 404 });
  return { page, origin: context.origin };
}

/** Everything on these pages is in their definition files: it changes only with a deploy. */
export function headers() {
  return STATIC_LANDING_HEADERS;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, origin } = loaderData;
  return landingMeta({ ...page, origin });
}

export default function LandingPageRoute({ loaderData }: Route.ComponentProps) {
  useWechatShare();
  const { page } = loaderData;
  return (
    <LandingShell name={page.name}>
      <RenderSections sections={page.sections} />
    </LandingShell>
  );
}
