import type { ReactNode } from "react";

/**
 * The site's carousel, as the server draws it: every slide side by side in a track, the first one
 * shown, dots at the bottom and, with `arrows`, previous and next buttons. Its behaviour (the dots,
 * the arrows, `autoplayMs`, paused on hover and focus, never for visitors who prefer reduced motion)
 * is the island app/islands/carousel.ts, which finds it by its data attributes. Hidden slides are
 * inert and aria-hidden, so keyboard and screen-reader users only meet the visible one.
 *
 * Its parts are named from `classPrefix` (`carousel`: .carousel, .carousel-track, .carousel-slide,
 * .carousel-dots, .carousel-dot, .carousel-arrow.prev / .next), so each screen styles its own
 * (news.css, mcn.css); the current dot has aria-current="true". `unit` names the dots and arrows:
 * 第 2 张, 上一张, 下一张.
 */
export function Carousel({
  label,
  slides,
  className,
  autoplayMs,
  arrows = false,
  unit = "张",
  classPrefix = "carousel",
  ref,
}: {
  label: string;
  slides: ReactNode[];
  className?: string;
  autoplayMs?: number;
  arrows?: boolean;
  unit?: string;
  classPrefix?: string;
  ref?: React.Ref<HTMLElement>;
}) {
  const count = slides.length;
  return (
    <section
      ref={ref}
      className={`${classPrefix} ${className ?? ""}`}
      aria-roledescription="carousel"
      aria-label={label}
      data-carousel=""
      data-autoplay={autoplayMs}
    >
      <div className={`${classPrefix}-track`} data-carousel-track="">
        {slides.map((slide, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
            key={i}
            className={`${classPrefix}-slide`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
            aria-hidden={i !== 0}
            inert={i !== 0}
          >
            {slide}
          </div>
        ))}
      </div>
      {count > 1 && arrows && (
        <>
          <button
            type="button"
            className={`${classPrefix}-arrow prev`}
            aria-label={`上一${unit}`}
            data-step="-1"
          >
            ‹
          </button>
          <button
            type="button"
            className={`${classPrefix}-arrow next`}
            aria-label={`下一${unit}`}
            data-step="1"
          >
            ›
          </button>
        </>
      )}
      {count > 1 && (
        <div className={`${classPrefix}-dots`} data-carousel-dots="">
          {slides.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
              key={i}
              type="button"
              className={`${classPrefix}-dot`}
              aria-label={`第 ${i + 1} ${unit}`}
              aria-current={i === 0}
              data-go={i}
            />
          ))}
        </div>
      )}
    </section>
  );
}
