import { useState } from "react";
import { Link } from "react-router";

export interface Trend {
  contentId: number;
  title: string;
  intro: string;
}

/** Business trends (column 21, latest 5): clicking a trend shows or hides its intro (docs/product.md §4). */
export function TrendsTimeline({ trends }: { trends: Trend[] }) {
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  if (trends.length === 0) return null;
  const toggle = (id: number) =>
    setShown((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section className="panel trends" aria-labelledby="trends-title">
      <h2 id="trends-title" className="panel-title">
        商业动态
      </h2>
      <ol className="timeline">
        {trends.map((t) => {
          const open = shown.has(t.contentId);
          return (
            <li key={t.contentId} className={open ? "is-open" : undefined}>
              <button
                type="button"
                className="trend-title"
                aria-expanded={open}
                aria-controls={`trend-${t.contentId}`}
                onClick={() => toggle(t.contentId)}
              >
                {t.title}
              </button>
              <div id={`trend-${t.contentId}`} className="trend-intro" hidden={!open}>
                <p>{t.intro}</p>
                <Link to={`/articledetail/${t.contentId}`}>阅读全文</Link>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
