import type { ArticleSummary } from "../../contract/entities";
import { formatTime } from "./format";
import { tagPath } from "./SearchOverlay";

export type ArticleItem = Pick<
  ArticleSummary,
  "contentId" | "title" | "intro" | "thumb" | "author" | "createTime" | "tagList"
>;

/** One article in a list: 16:9 thumbnail, title, intro, author · time · tags (docs/visual.md). */
export function ArticleRow({ article: a, eager = false }: { article: ArticleItem; eager?: boolean }) {
  const href = `/articledetail/${a.contentId}`;
  return (
    <li className="article-row">
      {/* biome-ignore lint/a11y/useAnchorContent: the title's link says where it goes; this one repeats it for the picture, hidden from assistive technology */}
      <a href={href} className="article-thumb" tabIndex={-1} aria-hidden="true">
        {a.thumb ? (
          <img
            src={a.thumb}
            alt=""
            width={240}
            height={135}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
        ) : null}
      </a>
      <div className="article-body">
        <h3 className="article-title">
          <a href={href}>{a.title}</a>
        </h3>
        <p className="article-intro">{a.intro}</p>
        <p className="article-meta">
          <span>{a.author}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={a.createTime}>{formatTime(a.createTime)}</time>
          {a.tagList.slice(0, 3).map((t) => (
            <a key={t.tagId} href={tagPath(t)} className="tag">
              {t.tagName}
            </a>
          ))}
        </p>
      </div>
    </li>
  );
}

export function ArticleList({ articles, empty }: { articles: ArticleItem[]; empty?: string }) {
  if (articles.length === 0) {
    return (
      <div className="empty-state">
        <p>{empty ?? "这里还没有文章。"}</p>
        <a href="/">返回首页</a>
      </div>
    );
  }
  return (
    <ul className="article-list">
      {articles.map((a, i) => (
        <ArticleRow key={a.contentId} article={a} eager={i < 2} />
      ))}
    </ul>
  );
}
