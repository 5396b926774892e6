import { useEffect } from "react";
import type { RouteCache } from "../../../contract/cache-tags";
import { useWechatShare } from "../../components/useWechatShare";
import { CtaLink, LandingShell, STATIC_LANDING_HEADERS } from "../../landing/kit";
import { chatRedirect } from "../../landing/pages/redirects";
import type { Route } from "./+types/chat";

/** Page cache: the loader reads no query parameter (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = { cache: { tags: () => [] } };

/** CHAT_LINK_TEMPLATE with {customerName} replaced by the URL-encoded name. */
function chatLink(template: string, name: string): string {
  return template.split("{customerName}").join(encodeURIComponent(name));
}

/**
 * /wang/w/{customerName}: opens the instant-messenger link for the name (CHAT_LINK_TEMPLATE), tries
 * to close the window after 5 s, and tells the visitor to install the client if nothing opened.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const name = params.customerName.trim().slice(0, 64);
  return { name, link: chatLink(context.services.config.CHAT_LINK_TEMPLATE, name) };
}

export function headers() {
  return STATIC_LANDING_HEADERS;
}

export function meta() {
  return [{ title: chatRedirect.title }, { name: "robots", content: "noindex" }];
}

export default function ChatRedirect({ loaderData }: Route.ComponentProps) {
  useWechatShare();
  const { name, link } = loaderData;
  useEffect(() => {
    window.location.href = link;
    // Closing works only for windows a script opened (the site's chat buttons open this page in a
    // new window); elsewhere it does nothing and the page stays with its instructions.
    const t = setTimeout(() => window.close(), chatRedirect.closeAfterMs);
    return () => clearTimeout(t);
  }, [link]);
  return (
    <LandingShell name={chatRedirect.title}>
      <div className="lp-message">
        <h1>{chatRedirect.opening(name)}</h1>
        <p>{chatRedirect.hint}</p>
        <p className="lp-actions lp-center">
          <a className="lp-btn lp-btn--primary" href={link}>
            {chatRedirect.retry}
          </a>
          <CtaLink cta={{ ...chatRedirect.install, variant: "ghost" }} />
        </p>
        <p className="lp-note">{chatRedirect.closing}</p>
      </div>
    </LandingShell>
  );
}
