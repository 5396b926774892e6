import { attachTabs } from "./activity-tabs";
import { attachCarousel } from "./carousel";
import { attachChrome } from "./chrome";
import { rememberListPage } from "./list-memory";
import { attachReveal } from "./reveal";
import { type LoadWechatSdk, shareInWechat } from "./wechat-share";

/**
 * Everything a reader does on a news page (docs/product.md §2, §4), attached to the server's markup:
 * the chrome, the carousels, the activity tabs, the landing sections that reveal as they scroll into
 * view, the list page memory and WeChat's share config.
 * The islands bundle runs it on pages that do not hydrate; the news layout's effect runs it on the
 * pages of the layout that do (previews, landing pages with a form). Returns what detaches it.
 */
export function attachNews(doc: Document, loadWechatSdk: LoadWechatSdk): () => void {
  const detach = [
    attachChrome(doc),
    attachTabs(doc),
    ...[...doc.querySelectorAll<HTMLElement>("[data-carousel]")].map(attachCarousel),
    ...[...doc.querySelectorAll<HTMLElement>("[data-reveal-on-scroll]")].map(attachReveal),
  ];
  rememberListPage(doc);
  const share = new AbortController();
  void shareInWechat(loadWechatSdk, share.signal);
  return () => {
    share.abort();
    for (const d of detach) d();
  };
}
