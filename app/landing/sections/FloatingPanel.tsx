import { useState } from "react";
import { CtaLink } from "../kit";
import type { FloatingPanelSection } from "../types";

/**
 * The floating right-hand panel (docs/product.md §4): visible or hidden, toggled by the arrow. The phone number
 * shows only while the panel is visible and after the consult button has been toggled on.
 */
export function FloatingPanel({ s }: { s: FloatingPanelSection }) {
  const [visible, setVisible] = useState(true);
  const [consult, setConsult] = useState(false);
  const showPhone = visible && consult;
  return (
    <aside className="lp-float" data-state={visible ? "visible" : "hidden"} aria-label="快捷服务">
      <button
        type="button"
        className="lp-float-arrow"
        aria-expanded={visible}
        aria-controls="lp-float-body"
        aria-label={visible ? "收起快捷服务" : "展开快捷服务"}
        onClick={() => setVisible((v) => !v)}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path
            d={visible ? "M6 3l5 5-5 5" : "M10 3L5 8l5 5"}
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
          />
        </svg>
      </button>
      <div id="lp-float-body" className="lp-float-body" hidden={!visible}>
        <CtaLink cta={s.diagnosis} className="lp-float-btn lp-float-btn--brand" />
        <button
          type="button"
          className="lp-float-btn"
          aria-pressed={consult}
          onClick={() => setConsult((c) => !c)}
        >
          {s.consultLabel}
        </button>
        {showPhone && (
          <p className="lp-float-phone" role="status">
            咨询电话
            <a href={`tel:${s.phone.replace(/[^\d+]/g, "")}`}>{s.phone}</a>
          </p>
        )}
        {s.signup && <CtaLink cta={s.signup} className="lp-float-btn" />}
      </div>
    </aside>
  );
}
