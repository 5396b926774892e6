import { data } from "react-router";
import type { RouteCache } from "../../../contract/cache-tags";
import { PREVIEW_INVALID } from "../../../contract/previews";
import { landingMeta } from "../../landing/kit";
import { LandingBody } from "../../landing/LandingBody";
import { landingPageData } from "../../landing/page-data.server";
import { SITE_NAME } from "../../root";
import type { Route } from "./+types/preview";
import ArticleDetail, { meta as articleMeta } from "./article";

/**
 * A draft or scheduled article, or a landing page as it is stored (draft included), as its page
 * will look (docs/product.md, "Previews"), for anyone holding a preview link: never stored by any
 * cache, never indexed, and the token opens this one article or page only: the response store
 * never keeps or shares it.
 */
export const handle: { cache: RouteCache } = { cache: false };

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const s = context.services;
  const opened = await s.previews.open(params.token ?? "");
  if (!opened) return data({ article: null, landing: null }, { status: 404 });
  if (opened.kind === "article") return { article: opened.article, landing: null };
  return {
    article: null,
    landing: { page: await landingPageData(s, opened.page), origin: context.origin },
  };
}

const NOINDEX = { name: "robots", content: "noindex, nofollow" };

export function meta(args: Route.MetaArgs) {
  const landing = args.loaderData?.landing;
  if (landing) return [...landingMeta({ ...landing.page, origin: landing.origin }), NOINDEX];
  if (!args.loaderData?.article) return [{ title: `预览链接不可用 - ${SITE_NAME}` }, NOINDEX];
  return [...articleMeta(args as unknown as Parameters<typeof articleMeta>[0]), NOINDEX];
}

export default function Preview(props: Route.ComponentProps) {
  const { article, landing } = props.loaderData;
  if (landing) return <LandingBody page={landing.page} />;
  if (!article) {
    return (
      <section className="preview-invalid">
        <h1>预览链接不可用</h1>
        <p>{PREVIEW_INVALID}</p>
      </section>
    );
  }
  return <ArticleDetail {...(props as unknown as Parameters<typeof ArticleDetail>[0])} />;
}
