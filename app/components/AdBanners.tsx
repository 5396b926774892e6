import { BannerLink } from "./BannerLink";

export interface AdBanner {
  bannerId: number;
  bannerName: string;
  bannerLink: string;
  thumb: string;
}

/** Advertisement banners (group 20, 6 items) in the right side panel. */
export function AdBanners({ banners }: { banners: AdBanner[] }) {
  if (banners.length === 0) return null;
  return (
    <section className="panel ad-banners" aria-label="推广">
      <ul>
        {banners.map((b) => (
          <li key={b.bannerId}>
            <BannerLink bannerId={b.bannerId} href={b.bannerLink} className="ad-banner">
              <img
                src={b.thumb}
                alt={b.bannerName}
                width={600}
                height={200}
                loading="lazy"
                decoding="async"
              />
            </BannerLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
