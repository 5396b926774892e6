import { type ReactNode, useEffect, useState } from "react";

/**
 * A sliding carousel: arrows, dots, optional autoplay that pauses on hover or focus and never runs
 * for visitors who prefer reduced motion. Server-rendered on its first slide.
 */
export function Carousel(props: {
  label: string;
  slides: ReactNode[];
  autoplayMs?: number;
  className?: string;
  /** names the dots ("第 1 屏" by default) */
  dotLabel?: (i: number) => string;
}) {
  const { slides, autoplayMs } = props;
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
      className={`mcn-carousel ${props.className ?? ""}`}
      aria-roledescription="carousel"
      aria-label={props.label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="mcn-carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {slides.map((s, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are a fixed list
            key={i}
            className="mcn-carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            {s}
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="mcn-carousel-arrow prev"
            aria-label="上一屏"
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="mcn-carousel-arrow next"
            aria-label="下一屏"
            onClick={() => go(index + 1)}
          >
            ›
          </button>
          <div className="mcn-carousel-dots">
            {slides.map((_s, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: slides are a fixed list
                key={i}
                type="button"
                aria-label={props.dotLabel?.(i) ?? `第 ${i + 1} 屏`}
                aria-current={i === index}
                className={i === index ? "mcn-dot active" : "mcn-dot"}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
