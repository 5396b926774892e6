import { BannerLink } from "./BannerLink";
import { Carousel } from "./Carousel";

export interface TopBanner {
  bannerId: number;
  bannerName: string;
  bannerLink: string;
  image: string;
}

/** The top carousel of every news screen: banners of group 11, 392px high (docs/product.md §9). */
export function TopCarousel({ banners }: { banners: TopBanner[] }) {
  if (banners.length === 0) return null;
  return (
    <Carousel
      label="头条推荐"
      className="top-carousel"
      autoplayMs={5000}
      slides={banners.map((b, i) => (
        <BannerLink key={b.bannerId} bannerId={b.bannerId} href={b.bannerLink} className="top-slide">
          <img
            src={b.image}
            alt={b.bannerName}
            width={1200}
            height={392}
            loading={i === 0 ? "eager" : "lazy"}
            fetchPriority={i === 0 ? "high" : "auto"}
            decoding="async"
          />
        </BannerLink>
      ))}
    />
  );
}
