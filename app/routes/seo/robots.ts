import type { RouteCache } from "../../../contract/cache-tags";
import type { Route } from "./+types/robots";
import { originOf } from "./feeds.server";

/** The same for every reader: it shows nothing that changes. */
export const handle: { cache: RouteCache } = { cache: { tags: () => [] } };

export function loader({ context }: Route.LoaderArgs) {
  const origin = originOf(context);
  return new Response(
    `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\nDisallow: /searchlist/\nDisallow: /preview/\n\nSitemap: ${origin}/sitemap.xml\n`,
    { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } },
  );
}
