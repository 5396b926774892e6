import { redirect } from "react-router";
import type { RouteCache } from "../../../contract/cache-tags";
import { useWechatShare } from "../../components/useWechatShare";
import { CtaLink, LandingShell, NO_STORE_HEADERS } from "../../landing/kit";
import { classRedirect } from "../../landing/pages/redirects";
import type { Route } from "./+types/class";

/** Only web links (or paths of this site) are followed; anything else counts as "cannot be had". */
function usableLink(link: string): string | null {
  const v = link.trim();
  if (/^https?:\/\/[^\s]+$/i.test(v)) return v;
  if (/^\/(?!\/)[^\s]*$/.test(v)) return v;
  return null;
}

/**
 * /idaxue/class/{classId}: answered on the server with a redirect to the link of banner 98 (class 2)
 * or banner 13 (any other class). When the banner or its link cannot be had, the page says 跳转失败.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const bannerId = classRedirect.bannerFor(params.classId);
  let link: string | null = null;
  try {
    link = usableLink((await context.services.site.banner(bannerId)).bannerLink);
  } catch (err) {
    context.services.logger.warn(
      { bannerId, err: (err as Error).message },
      "class redirect: banner unavailable",
    );
  }
  if (link) throw redirect(link, { status: 302, headers: NO_STORE_HEADERS });
  return { bannerId };
}

/** Made for one visitor: never stored (docs/architecture.md, "Serving"). */
export const handle: { cache: RouteCache } = { cache: false };

export function headers() {
  return NO_STORE_HEADERS;
}

export function meta() {
  return [{ title: classRedirect.title }, { name: "robots", content: "noindex" }];
}

export default function ClassRedirectFailed() {
  useWechatShare();
  return (
    <LandingShell name="电商大学">
      <div className="lp-message" role="alert">
        <h1>{classRedirect.failed}</h1>
        <p>{classRedirect.failedText}</p>
        <p className="lp-actions lp-center">
          <CtaLink cta={classRedirect.fallback} />
          <a className="lp-btn lp-btn--ghost" href="/">
            返回首页
          </a>
        </p>
      </div>
    </LandingShell>
  );
}
