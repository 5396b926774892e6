export interface Trend {
  contentId: number;
  title: string;
  intro: string;
}

/**
 * Business trends (column 21, latest 5): clicking a trend shows or hides its intro (docs/product.md §4),
 * through the island app/islands/chrome.ts (`data-toggle`); drawn with every intro hidden.
 */
export function TrendsTimeline({ trends }: { trends: Trend[] }) {
  if (trends.length === 0) return null;
  return (
    <section className="panel trends" aria-labelledby="trends-title">
      <h2 id="trends-title" className="panel-title">
        商业动态
      </h2>
      <ol className="timeline">
        {trends.map((t) => (
          <li key={t.contentId}>
            <button
              type="button"
              className="trend-title"
              aria-expanded="false"
              aria-controls={`trend-${t.contentId}`}
              data-toggle=""
            >
              {t.title}
            </button>
            <div id={`trend-${t.contentId}`} className="trend-intro" hidden>
              <p>{t.intro}</p>
              <a href={`/articledetail/${t.contentId}`}>阅读全文</a>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
