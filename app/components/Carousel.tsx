import { type ReactNode, useEffect, useState } from "react";

/**
 * A small carousel: slides side by side in a track moved by CSS, dots at the bottom centre,
 * autoplay paused on hover and focus, and off for visitors who prefer reduced motion.
 * Hidden slides are inert, so keyboard and screen-reader users only meet the visible one.
 */
export function Carousel({
  label,
  slides,
  interval = 5000,
  className,
}: {
  label: string;
  slides: ReactNode[];
  interval?: number;
  className?: string;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (paused || count < 2 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearInterval(t);
  }, [paused, count, interval]);

  return (
    <section
      className={`carousel ${className ?? ""}`}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="carousel-track" style={{ transform: `translateX(${-100 * index}%)` }}>
        {slides.map((slide, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
            key={i}
            className="carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
            inert={i !== index}
          >
            {slide}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel-dots">
          {slides.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
              key={i}
              type="button"
              className="carousel-dot"
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
