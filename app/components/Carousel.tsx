import { type ReactNode, useEffect, useState } from "react";

/**
 * The site's carousel: slides side by side in a track moved by CSS, dots at the bottom and, with
 * `arrows`, previous and next buttons. With `autoplayMs` it moves on by itself, paused on hover and
 * focus and never for visitors who prefer reduced motion. Hidden slides are inert and aria-hidden,
 * so keyboard and screen-reader users only meet the visible one. Server-rendered on its first slide.
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
}: {
  label: string;
  slides: ReactNode[];
  className?: string;
  autoplayMs?: number;
  arrows?: boolean;
  unit?: string;
  classPrefix?: string;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  useEffect(() => {
    if (!autoplayMs || paused || count < 2) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % count), autoplayMs);
    return () => clearInterval(t);
  }, [autoplayMs, paused, count]);

  return (
    <section
      className={`${classPrefix} ${className ?? ""}`}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={`${classPrefix}-track`} style={{ transform: `translateX(${-100 * index}%)` }}>
        {slides.map((slide, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
            key={i}
            className={`${classPrefix}-slide`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
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
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className={`${classPrefix}-arrow next`}
            aria-label={`下一${unit}`}
            onClick={() => go(index + 1)}
          >
            ›
          </button>
        </>
      )}
      {count > 1 && (
        <div className={`${classPrefix}-dots`}>
          {slides.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
              key={i}
              type="button"
              className={`${classPrefix}-dot`}
              aria-label={`第 ${i + 1} ${unit}`}
              aria-current={i === index}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
