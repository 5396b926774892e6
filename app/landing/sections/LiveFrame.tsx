import type { LiveFrameSection } from "../types";

/** sandbox tokens: the room runs its own scripts on its own origin and may open its product links */
const SANDBOX =
  "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation";

/**
 * A live room in a sandboxed frame, with a button opening it in a new window. The loader gives the
 * address: the section's own (from the allowed hosts) or the configured room (LIVE_ROOM_URL).
 */
export function LiveFrame({ s, first }: { s: LiveFrameSection; first?: boolean }) {
  const Heading = first ? "h1" : "h2";
  const src = s.src ?? "";
  return (
    <div className="lp-wrap">
      <header className="live-head">
        <div>
          <Heading className="lp-page-title">{s.title}</Heading>
          {s.intro && <p className="lp-note">{s.intro}</p>}
        </div>
        <a
          className="lp-btn lp-btn--ghost lp-btn--small"
          href={src}
          target="_blank"
          rel="noopener noreferrer"
        >
          {s.openLabel}
        </a>
      </header>
      <iframe
        className="live-frame"
        src={src}
        title={s.frameTitle}
        height={s.height}
        width="100%"
        sandbox={SANDBOX}
        allow="autoplay; fullscreen; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
      >
        {s.noFrames}
      </iframe>
    </div>
  );
}
