import { Link } from "react-router";
import { SITE_NAME, SITE_SLOGAN } from "../root";
import type { Route } from "./+types/home";

export function meta(): Route.MetaDescriptors {
  return [
    { title: `${SITE_NAME} - ${SITE_SLOGAN}` },
    { name: "description", content: "面向电商商家、主播、机构与达人的电商新闻资讯。" },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [articles, total] = await Promise.all([
    context.services.content.list({ page: 1, pageSize: 11 }),
    context.services.content.count(),
  ]);
  return { articles, total };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="placeholder">
      <h1>
        {SITE_NAME} <small>{SITE_SLOGAN}</small>
      </h1>
      <p className="muted">共 {loaderData.total} 篇文章</p>
      <ul>
        {loaderData.articles.map((a) => (
          <li key={a.contentId}>
            <Link to={`/articledetail/${a.contentId}`}>{a.title}</Link>
            <p className="muted">{a.intro}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
