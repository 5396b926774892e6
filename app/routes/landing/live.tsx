import type { RouteCache } from "../../../contract/cache-tags";
import { useWechatShare } from "../../components/useWechatShare";
import { LandingShell, landingMeta, STATIC_LANDING_HEADERS } from "../../landing/kit";
import { page } from "../../landing/pages/live";
import type { Route } from "./+types/live";

/** Page cache: the loader reads no query parameter (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = { cache: { tags: () => [] } };

/** /flybird/live: the live room (LIVE_ROOM_URL) in a sandboxed frame 1000px high (docs/product.md §2). */
export function loader({ context }: Route.LoaderArgs) {
  return { roomUrl: context.services.config.LIVE_ROOM_URL, origin: context.origin };
}

export function headers() {
  return STATIC_LANDING_HEADERS;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return landingMeta({ ...page, origin: loaderData?.origin ?? "" });
}

export default function LiveRoom({ loaderData }: Route.ComponentProps) {
  useWechatShare();
  const { roomUrl } = loaderData;
  return (
    <LandingShell name={page.name}>
      <section className="lp-section lp-tone-grey live-page">
        <div className="lp-wrap">
          <header className="live-head">
            <div>
              <h1 className="lp-page-title">{page.heading}</h1>
              <p className="lp-note">{page.intro}</p>
            </div>
            <a
              className="lp-btn lp-btn--ghost lp-btn--small"
              href={roomUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {page.openLabel}
            </a>
          </header>
          <iframe
            className="live-frame"
            src={roomUrl}
            title={page.frameTitle}
            height={page.frameHeight}
            width="100%"
            sandbox={page.sandbox}
            allow="autoplay; fullscreen; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
          >
            {page.noFrames}
          </iframe>
        </div>
      </section>
    </LandingShell>
  );
}
