import { useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import appCss from "../../../app.css?url";
import newsCss from "../../../components/news.css?url";
import { LandingBody } from "../../../landing/LandingBody";
import landingCss from "../../../landing/landing.css?url";
import type { LandingPage } from "../../../landing/types";

/** The widths the preview draws a page at: a phone, and a desktop scaled down to fit. */
export const PREVIEW_WIDTH = { phone: 375, desktop: 1280 } as const;

/**
 * The empty document the page is drawn into: the public site's stylesheets (app.css, the landing
 * pages' and the news pages'), so its media queries see the device's width, not the console's.
 */
const FRAME_DOC = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="${appCss}"><link rel="stylesheet" href="${landingCss}"><link rel="stylesheet" href="${newsCss}"></head><body></body></html>`;

/**
 * The landing page as visitors will see it, drawn by the public route's LandingBody into a
 * same-origin frame of the device's width (React renders into the frame's body through a portal).
 * Typing redraws only the section that changed (RenderSections memoises each section), at a
 * deferred priority so the form stays quick. The selected section is scrolled into view; links and
 * forms inside do not navigate the frame away.
 */
export function LandingPreview({
  page,
  device,
  selected,
}: {
  page: LandingPage;
  device: "phone" | "desktop";
  selected: number | null;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const bound = useRef<Document | null>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [box, setBox] = useState({ w: 0, h: 0 });
  const shown = useDeferredValue(page);

  // The space the preview has, for the desktop's scale.
  useLayoutEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const measure = () => setBox({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // The frame's document, once loaded: clicks on links and form submits stay in the console.
  function onLoad() {
    const doc = frame.current?.contentDocument;
    if (!doc || bound.current === doc) return;
    bound.current = doc;
    doc.addEventListener(
      "click",
      (e) => {
        const a = (e.target as Element | null)?.closest?.("a[href]");
        if (a && !a.getAttribute("href")?.startsWith("#")) e.preventDefault();
      },
      true,
    );
    doc.addEventListener("submit", (e) => e.preventDefault(), true);
    setBody(doc.body);
  }

  // A frame that loaded before hydration (server-rendered console) fired its load event unheard.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (doc?.URL === "about:srcdoc" && doc.readyState === "complete") onLoad();
  }, []);

  // The selected section at the top of the frame (the frame scrolls, never the console); again when
  // sections are added or removed, once the frame has drawn them, and at the other device's width.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count of sections and the device are triggers
  useEffect(() => {
    if (selected === null || !body) return;
    const doc = body.ownerDocument;
    const marked = doc.querySelector<HTMLElement>(`[data-lp-index="${selected}"]`);
    const el = marked && getComputedStyle(marked).display === "contents" ? marked.firstElementChild : marked;
    if (!el) return;
    const win = doc.defaultView;
    // Clear of the sticky page menu, if the page has one (anchored sections do this by scroll-margin-top).
    const menu = doc.querySelector<HTMLElement>(".lp-scrollnav");
    const margin = menu && menu !== el && !menu.contains(el) ? menu.offsetHeight : 0;
    const top = el.getBoundingClientRect().top + (win?.scrollY ?? 0) - margin;
    win?.scrollTo({ top: Math.max(0, top), behavior: "smooth" });
  }, [selected, body, shown.sections.length, device]);

  const width = PREVIEW_WIDTH[device];
  const scale = device === "desktop" && box.w > 0 ? Math.min(1, box.w / width) : 1;
  const height = box.h > 0 ? box.h / scale : 640;
  return (
    <div ref={wrap} className={`lp-preview lp-preview-${device}`} data-device={device}>
      <iframe
        ref={frame}
        title={device === "phone" ? "手机预览" : "电脑预览"}
        srcDoc={FRAME_DOC}
        onLoad={onLoad}
        style={{
          left: Math.max(0, (box.w - width * scale) / 2),
          width,
          height,
          transform: scale === 1 ? undefined : `scale(${scale})`,
        }}
      />
      {body && createPortal(<LandingBody page={shown} marked />, body)}
    </div>
  );
}
