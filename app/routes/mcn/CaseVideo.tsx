import { useEffect, useRef, useState } from "react";

/**
 * A case video: only the poster until the visitor clicks play (nothing downloaded before that),
 * then the player. A video that cannot load says so on the poster, with a retry.
 */
export function CaseVideo(props: { title: string; poster: string; src: string }) {
  const [state, setState] = useState<"poster" | "playing" | "failed">("poster");
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (state !== "playing" || !video.current) return;
    video.current.play().catch((err: Error) => {
      // Autoplay refusals leave the controls for the visitor; a broken file is a failure.
      if (err.name !== "NotAllowedError" && err.name !== "AbortError") setState("failed");
    });
  }, [state]);

  if (state === "playing") {
    return (
      <div className="mcn-video">
        <video
          ref={video}
          src={props.src}
          poster={props.poster}
          controls
          playsInline
          muted
          preload="auto"
          aria-label={props.title}
          onError={() => setState("failed")}
        />
      </div>
    );
  }
  return (
    <div className="mcn-video">
      <img src={props.poster} alt={`${props.title}视频封面`} width={640} height={360} />
      {state === "failed" ? (
        <div className="mcn-video-failed" role="alert">
          <span>视频加载失败</span>
          <button type="button" onClick={() => setState("playing")}>
            重新加载
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="mcn-video-play"
          aria-label={`播放视频：${props.title}`}
          onClick={() => setState("playing")}
        >
          <svg viewBox="0 0 64 64" aria-hidden="true" width="64" height="64">
            <circle cx="32" cy="32" r="30" fill="rgba(0,0,0,.45)" stroke="#fff" strokeWidth="2" />
            <path d="M26 20l20 12-20 12z" fill="#fff" />
          </svg>
        </button>
      )}
    </div>
  );
}
