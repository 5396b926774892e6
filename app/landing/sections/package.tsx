import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { CtaLink, Picture, Price, prefersReducedMotion, SectionHead } from "../kit";
import type {
  CaseCarouselSection,
  HoverScrollSection,
  HoverSwitcherSection,
  HoverVideosSection,
  PackageCardsSection,
  ToggleGallerySection,
} from "../types";

/**
 * A popover that opens while hovered (CSS :hover), while focused (:focus-within) and on tap (touch
 * screens have no hover); Escape closes a tapped one.
 */
export function Popover({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className={className ? `lp-popover ${className}` : "lp-popover"} data-open={open || undefined}>
      <button
        type="button"
        className="lp-popover-trigger"
        aria-expanded={open}
        aria-describedby={id}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "Escape") setOpen(false);
        }}
        onBlur={() => setOpen(false)}
      >
        {label}
      </button>
      <span id={id} role="tooltip" className="lp-popover-body">
        {children}
      </span>
    </span>
  );
}

/** Premium and VIP packages with their service details, the remarks and the consult button. */
export function PackageCards({ s }: { s: PackageCardsSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul className="lp-packages">
        {s.cards.map((c) => (
          <li
            key={c.key}
            className={c.featured ? "lp-package is-featured" : "lp-package"}
            data-package={c.key}
          >
            <h3>{c.name}</h3>
            <Price value={c.price} />
            <p className="lp-package-items">
              共 <strong>{c.items}</strong> 项种草内容
            </p>
            <p>{c.summary}</p>
            <div className="lp-package-actions">
              <Popover label="查看服务详情">
                <strong className="lp-popover-title">{c.name}服务详情</strong>
                <ul>
                  {c.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              </Popover>
              <CtaLink cta={c.buy} />
            </div>
          </li>
        ))}
      </ul>
      <div className="lp-package-foot">
        <p className="lp-service">{s.service}</p>
        <Popover label={s.remarks.label} className="lp-remarks">
          <strong className="lp-popover-title">{s.remarks.label}</strong>
          <ul>
            {s.remarks.lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </Popover>
        <CtaLink cta={s.consult} />
      </div>
    </div>
  );
}

/** Public-domain acquisition / private-domain conversion: one toggle, two sets of pictures. */
export function ToggleGallery({ s }: { s: ToggleGallerySection }) {
  const [active, setActive] = useState(0);
  const option = s.options[active] ?? s.options[0]!;
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} />
      <div className="lp-toggle" role="group" aria-label={s.title}>
        {s.options.map((o, i) => (
          <button
            key={o.key}
            type="button"
            aria-pressed={i === active}
            data-key={o.key}
            onClick={() => setActive(i)}
          >
            {o.label}
          </button>
        ))}
      </div>
      <div className="lp-toggle-panel" data-active={option.key} aria-live="polite">
        <p className="lp-toggle-text">{option.text}</p>
        <ul className="lp-toggle-images">
          {option.images.map((p) => (
            <li key={p.src}>
              <Picture pic={p} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Six items; hovering (or focusing, or tapping) one shows its picture. */
export function HoverSwitcher({ s }: { s: HoverSwitcherSection }) {
  const [active, setActive] = useState(0);
  const item = s.items[active] ?? s.items[0]!;
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <div className="lp-switcher" data-active={active}>
        <ul className="lp-switcher-list">
          {s.items.map((it, i) => (
            <li key={it.label}>
              <button
                type="button"
                aria-pressed={i === active}
                onMouseEnter={() => setActive(i)}
                onFocus={() => setActive(i)}
                onClick={() => setActive(i)}
              >
                <strong>{it.label}</strong>
                <span>{it.text}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="lp-switcher-view">
          <Picture key={item.image.src} pic={item.image} />
        </div>
      </div>
    </div>
  );
}

const SCROLL_STEP_MS = 15;

function ScrollFrame({ item }: { item: HoverScrollSection["items"][number] }) {
  const frame = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const stop = () => {
    clearInterval(timer.current);
    timer.current = undefined;
  };
  useEffect(() => () => clearInterval(timer.current), []);
  return (
    <figure className="lp-scroll-item">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover scrolling is a pointer-only extra; the frame also scrolls natively */}
      <div
        ref={frame}
        className="lp-scroll-frame"
        onMouseEnter={() => {
          // docs/product.md §9: 1px every 15 ms while the pointer rests on the picture.
          stop();
          timer.current = setInterval(() => {
            const el = frame.current;
            if (!el) return;
            if (el.scrollTop + el.clientHeight >= el.scrollHeight) stop();
            else el.scrollTop += 1;
          }, SCROLL_STEP_MS);
        }}
        onMouseLeave={() => {
          stop();
          if (frame.current) frame.current.scrollTop = 0;
        }}
      >
        <Picture pic={item.image} />
      </div>
      <figcaption>{item.caption}</figcaption>
    </figure>
  );
}

export function HoverScroll({ s }: { s: HoverScrollSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <div className="lp-scroll-row">
        {s.items.map((it) => (
          <ScrollFrame key={it.image.src} item={it} />
        ))}
      </div>
    </div>
  );
}

function HoverVideo({ clip }: { clip: HoverVideosSection["clips"][number] }) {
  const ref = useRef<HTMLVideoElement>(null);
  const play = () => {
    ref.current?.play().catch(() => {});
  };
  const pause = () => ref.current?.pause();
  return (
    <figure className="lp-hover-video">
      <video
        ref={ref}
        src={clip.src}
        poster={clip.poster.src}
        muted
        loop
        playsInline
        preload="none"
        width={clip.poster.w}
        height={clip.poster.h}
        aria-label={clip.title}
        onMouseEnter={play}
        onMouseLeave={pause}
        onClick={() => (ref.current?.paused ? play() : pause())}
      />
      <figcaption>
        <strong>{clip.title}</strong>
        {clip.caption}
      </figcaption>
    </figure>
  );
}

/** Videos that play while hovered (tap to play on phones). */
export function HoverVideos({ s }: { s: HoverVideosSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <div className="lp-video-row">
        {s.clips.map((c) => (
          <HoverVideo key={c.src + c.title} clip={c} />
        ))}
      </div>
    </div>
  );
}

/** Case carousel: next slide every intervalMs (4000 ms, docs/product.md §9), paused on hover/focus and for reduced motion. */
export function CaseCarousel({ s }: { s: CaseCarouselSection }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = s.slides.length;
  useEffect(() => {
    if (paused || count < 2 || prefersReducedMotion()) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % count), s.intervalMs);
    return () => clearInterval(t);
  }, [paused, count, s.intervalMs]);
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} />
      <div
        className="lp-carousel"
        data-index={index}
        role="region"
        aria-label={s.title}
        aria-roledescription="轮播"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <div className="lp-carousel-viewport">
          <ul className="lp-carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
            {s.slides.map((sl, i) => (
              <li
                key={sl.title}
                className="lp-carousel-slide"
                aria-roledescription="幻灯片"
                aria-label={`${i + 1} / ${count}`}
                aria-hidden={i !== index}
              >
                <Picture pic={sl.image} />
                <div className="lp-carousel-text">
                  <h3>{sl.title}</h3>
                  <p>{sl.text}</p>
                  <ul className="lp-chips">
                    {sl.metrics.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="lp-carousel-controls">
          <button
            type="button"
            className="lp-carousel-arrow"
            aria-label="上一个案例"
            onClick={() => setIndex((i) => (i + count - 1) % count)}
          >
            ‹
          </button>
          <div className="lp-dots">
            {s.slides.map((sl, i) => (
              <button
                key={sl.title}
                type="button"
                aria-label={`第 ${i + 1} 个案例`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="lp-carousel-arrow"
            aria-label="下一个案例"
            onClick={() => setIndex((i) => (i + 1) % count)}
          >
            ›
          </button>
        </div>
      </div>
      {s.more && (
        <p className="lp-actions lp-center">
          <CtaLink cta={{ variant: "ghost", ...s.more }} />
        </p>
      )}
    </div>
  );
}
