/** Share links to Weibo, QQ Zone and WeChat (a QR code of the page URL, drawn on the server). */
export function ArticleShare({
  url,
  path,
  title,
  summary,
  image,
}: {
  url: string;
  path: string;
  title: string;
  summary: string;
  image: string;
}) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const weibo = `https://service.weibo.com/share/share.php?url=${u}&title=${t}&pic=${encodeURIComponent(image)}`;
  const qzone = `https://sns.qzone.qq.com/cgi-bin/qzshare/cgi_qzshare_onekey?url=${u}&title=${t}&summary=${encodeURIComponent(summary)}&pics=${encodeURIComponent(image)}`;
  return (
    <div className="share">
      <span className="share-label">分享到：</span>
      <a className="share-link share-weibo" href={weibo} target="_blank" rel="noopener noreferrer">
        微博
      </a>
      <a className="share-link share-qzone" href={qzone} target="_blank" rel="noopener noreferrer">
        QQ空间
      </a>
      <details className="share-wechat">
        <summary className="share-link">微信</summary>
        <div className="share-qr">
          <img
            src={`/qrcode.svg?path=${encodeURIComponent(path)}`}
            alt="本文二维码"
            width={140}
            height={140}
            loading="lazy"
          />
          <p>微信扫一扫，分享给朋友</p>
        </div>
      </details>
    </div>
  );
}
