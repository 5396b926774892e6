import { type ArticleItem, ArticleList } from "../../components/ArticleRow";
import { CtaLink } from "../kit";
import type { ArticleListSection as Section } from "../types";

/** An article-list section with the articles the loader found for it. */
export type ArticleListWithItems = Section & { articles?: ArticleItem[] };

const EMPTY = "暂时没有相关文章，去首页看看最新资讯吧。";

/**
 * The latest articles of a column, a tag or a keyword (the loader finds them), each linking to its
 * /articledetail page, and the section's buttons under the list.
 */
export function ArticleListSection({ s, first }: { s: ArticleListWithItems; first?: boolean }) {
  const Heading = first ? "h1" : "h2";
  const headingId = `${s.id ?? "articles"}-title`;
  return (
    <div className="lp-wrap">
      <section aria-labelledby={headingId}>
        <Heading id={headingId} className="section-title">
          {s.title}
        </Heading>
        {s.intro && <p className="muted ma-intro">{s.intro}</p>}
        <ArticleList articles={s.articles ?? []} empty={s.empty ?? EMPTY} />
      </section>
      {s.ctas && (
        <p className="lp-actions ma-ctas">
          {s.ctas.map((c) => (
            <CtaLink key={c.href} cta={c} />
          ))}
        </p>
      )}
    </div>
  );
}
