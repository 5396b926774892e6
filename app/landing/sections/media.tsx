import { useState } from "react";
import { CtaLink, Picture, SectionHead } from "../kit";
import type { Clip, MediaEntriesSection, StepperSection, VideoGridSection } from "../types";

/** An embedded player for a clip, with its captions; nothing loads before the visitor presses play. */
function ClipPlayer({ clip, label }: { clip: Clip; label: string }) {
  return (
    <video
      src={clip.src}
      poster={clip.poster.src}
      controls
      playsInline
      preload="none"
      width={clip.poster.w}
      height={clip.poster.h}
      aria-label={label}
    >
      <track kind="captions" src={clip.captions} srcLang="zh" label="中文字幕" />
    </video>
  );
}

/** Embedded videos with posters; nothing loads before the visitor presses play. */
export function VideoGrid({ s }: { s: VideoGridSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul
        className={
          s.clips.length % 2 === 0 && s.clips.length < 6 ? "lp-video-grid lp-video-grid--2" : "lp-video-grid"
        }
      >
        {s.clips.map((c) => (
          <li key={c.title}>
            <figure>
              <ClipPlayer clip={c} label={c.title} />
              <figcaption>
                <strong>{c.title}</strong>
                {c.caption && <span>{c.caption}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {s.ctas && (
        <p className="lp-actions lp-center">
          {s.ctas.map((c) => (
            <CtaLink key={c.label} cta={c} />
          ))}
        </p>
      )}
    </div>
  );
}

const KIND_LABEL = { video: "视频", article: "文章", audio: "音频" } as const;
const KIND_ACTION = { video: "观看完整视频", article: "阅读全文", audio: "收听音频" } as const;

/** The founder talks: video, article and audio entries. */
export function MediaEntries({ s }: { s: MediaEntriesSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul className="lp-entries">
        {s.entries.map((e) => (
          <li key={e.title} className="lp-card lp-entry" data-kind={e.kind}>
            {e.clip ? (
              <ClipPlayer clip={e.clip} label={e.title} />
            ) : (
              <Picture pic={e.poster} className="lp-card-img" />
            )}
            <p className="lp-entry-kind">
              <span className="lp-tag">{KIND_LABEL[e.kind]}</span>
              {e.duration && <span>{e.duration}</span>}
            </p>
            <h3>{e.title}</h3>
            <p>{e.text}</p>
            <CtaLink cta={{ label: KIND_ACTION[e.kind], href: e.href, variant: "ghost" }} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One item at a time, switched with previous / next (the meal switcher, the three-image switcher). */
export function Stepper({ s }: { s: StepperSection }) {
  const [index, setIndex] = useState(0);
  const count = s.items.length;
  const item = s.items[index] ?? s.items[0]!;
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <div className="lp-stepper" data-index={index}>
        <Picture key={item.image.src} pic={item.image} className="lp-stepper-img" />
        <div className="lp-stepper-text" aria-live="polite">
          <p className="lp-stepper-count">
            {index + 1} / {count}
          </p>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
          {item.cta && <CtaLink cta={item.cta} />}
          <p className="lp-stepper-nav">
            <button
              type="button"
              className="lp-btn lp-btn--ghost"
              onClick={() => setIndex((i) => (i + count - 1) % count)}
            >
              上一个
            </button>
            <button
              type="button"
              className="lp-btn lp-btn--ghost"
              onClick={() => setIndex((i) => (i + 1) % count)}
            >
              下一个
            </button>
          </p>
        </div>
      </div>
    </div>
  );
}
