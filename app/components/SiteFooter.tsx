import { SITE_NAME } from "../root";

const ABOUT = [
  { label: "关于我们", href: "/market/products/aboutus" },
  { label: "商务合作", href: "/cooperate" },
  { label: "活动", href: "/activity" },
  { label: "网站地图", href: "/sitemap.xml" },
  { label: "RSS 订阅", href: "/rss.xml" },
];

const FRIENDS = [
  { label: "电商大学", href: "https://daxue.example.com/" },
  { label: "电商服务市场", href: "https://fuwu.example.com/" },
  { label: "品牌出海", href: "https://chuhai.example.com/" },
  { label: "直播电商研究院", href: "https://live.example.com/" },
];

const QR_CODES = [
  { label: "电商报公众号", path: "/" },
  { label: "电商报热点", path: "/news" },
];

export const COMPANY = "杭州电商报文化传媒有限公司";
export const RECORD_NUMBER = "浙ICP备20201222号-1";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <nav className="footer-col" aria-label="关于">
          <h2>关于{SITE_NAME}</h2>
          <ul>
            {ABOUT.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="footer-col" aria-label="合作站点">
          <h2>合作站点</h2>
          <ul>
            {FRIENDS.map((l) => (
              <li key={l.href}>
                <a href={l.href} target="_blank" rel="noopener noreferrer">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-qr">
          {QR_CODES.map((q) => (
            <figure key={q.path}>
              <img
                src={`/qrcode.svg?path=${encodeURIComponent(q.path)}`}
                alt={`${q.label}二维码`}
                width={96}
                height={96}
                loading="lazy"
              />
              <figcaption>{q.label}</figcaption>
            </figure>
          ))}
        </div>
      </div>
      <div className="footer-legal">
        <p>{COMPANY}</p>
        <p>
          © {new Date().getFullYear()} {SITE_NAME} 版权所有 ·{" "}
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {RECORD_NUMBER}
          </a>
        </p>
      </div>
    </footer>
  );
}
