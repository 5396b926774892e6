import { type KeyboardEvent, useId, useState } from "react";
import { CtaLink, Picture, Price, SectionHead } from "../kit";
import type { SolutionTabsSection } from "../types";

/** The content-marketing solution tabs: each package with intro, channels, note, buy link and price. */
export function SolutionTabs({ s }: { s: SolutionTabsSection }) {
  const [active, setActive] = useState(0);
  const uid = useId();
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    const next = (active + (e.key === "ArrowRight" ? 1 : s.tabs.length - 1)) % s.tabs.length;
    setActive(next);
    document.getElementById(`${uid}-tab-${next}`)?.focus();
  };
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <div className="lp-tabs" role="tablist" aria-label={s.title} onKeyDown={onKey}>
        {s.tabs.map((t, i) => (
          <button
            key={t.key}
            id={`${uid}-tab-${i}`}
            type="button"
            role="tab"
            className="lp-tab"
            aria-selected={i === active}
            aria-controls={`${uid}-panel-${i}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {s.tabs.map((t, i) => (
        <div
          key={t.key}
          id={`${uid}-panel-${i}`}
          role="tabpanel"
          aria-labelledby={`${uid}-tab-${i}`}
          className="lp-solution"
          hidden={i !== active}
        >
          <div className="lp-solution-text">
            <h3>{t.label}</h3>
            <p>{t.intro}</p>
            <h4>投放渠道</h4>
            <ul className="lp-chips">
              {t.channels.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <h4>补充说明</h4>
            <p className="lp-note">{t.note}</p>
            <div className="lp-solution-buy">
              <Price value={t.price} />
              <CtaLink cta={t.buy} />
            </div>
          </div>
          <Picture pic={t.image} className="lp-solution-img" />
        </div>
      ))}
    </div>
  );
}
