import type { ReactNode } from "react";
import { Carousel as SiteCarousel } from "../../components/Carousel";

/** The MCN page's carousel: the site's carousel with arrows, slides named 屏 and its own look (mcn.css). */
export function Carousel(props: {
  label: string;
  slides: ReactNode[];
  autoplayMs?: number;
  className?: string;
}) {
  return <SiteCarousel {...props} arrows unit="屏" classPrefix="mcn-carousel" />;
}
