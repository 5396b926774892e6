import { type ReactNode, useEffect, useRef } from "react";
import { Carousel as SiteCarousel } from "../../components/Carousel";
import { attachCarousel } from "../../islands/carousel";

/**
 * The MCN page's carousel: the site's carousel with arrows, slides named 屏 and its own look
 * (mcn.css). The page hydrates, so its effect attaches the same island the news pages load.
 */
export function Carousel(props: {
  label: string;
  slides: ReactNode[];
  autoplayMs?: number;
  className?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current ? attachCarousel(ref.current) : undefined), []);
  return <SiteCarousel {...props} ref={ref} arrows unit="屏" classPrefix="mcn-carousel" />;
}
