/** The site's icon: what a share card shows when a page has no share picture (app/components/seo.ts). */
export const SITE_ICON = "/favicon.svg";

/**
 * How the page's WeChat share card looks in a chat: the card sent as a message bubble, its title
 * on up to two lines, the description beside a square picture. Empty share fields fall back as the
 * page's meta tags do (contract/landing.ts): title → page title, description → page description,
 * picture → the site icon.
 */
export function ShareCard({
  title,
  description,
  shareTitle,
  shareDescription,
  shareImage,
}: {
  title?: string;
  description?: string;
  shareTitle?: string;
  shareDescription?: string;
  shareImage?: string;
}) {
  const cardTitle = shareTitle || title || "（未填写页面标题）";
  const cardText = shareDescription || description || "";
  return (
    <figure className="share-chat" data-testid="share-card" aria-label="微信分享卡片预览">
      <div className="share-chat-row">
        <div className="share-bubble">
          <div className="share-title">{cardTitle}</div>
          <div className="share-body">
            <div className="share-text">{cardText}</div>
            <img className="share-image" src={shareImage || SITE_ICON} alt="分享图片" />
          </div>
        </div>
        <div className="share-avatar" aria-hidden="true" />
      </div>
      <figcaption className="share-caption">好友在微信聊天中看到的卡片</figcaption>
    </figure>
  );
}
