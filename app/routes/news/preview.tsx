import { data } from "react-router";
import type { RouteCache } from "../../../contract/cache-tags";
import { PREVIEW_INVALID } from "../../../contract/previews";
import { SITE_NAME } from "../../root";
import type { Route } from "./+types/preview";
import ArticleDetail, { meta as articleMeta } from "./article";

/**
 * A draft or scheduled article as its page will look (docs/product.md, "Previews"), for anyone
 * holding a preview link: never stored by any cache, never indexed, and the token opens this one
 * article only: the response store never keeps or shares it.
 */
export const handle: { cache: RouteCache } = { cache: false };

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const article = await context.services.previews.open(params.token ?? "");
  if (!article) return data({ article: null }, { status: 404 });
  return { article };
}

const NOINDEX = { name: "robots", content: "noindex, nofollow" };

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData?.article) return [{ title: `预览链接不可用 - ${SITE_NAME}` }, NOINDEX];
  return [...articleMeta(args as unknown as Parameters<typeof articleMeta>[0]), NOINDEX];
}

export default function ArticlePreview(props: Route.ComponentProps) {
  if (!props.loaderData.article) {
    return (
      <section className="preview-invalid">
        <h1>预览链接不可用</h1>
        <p>{PREVIEW_INVALID}</p>
      </section>
    );
  }
  return <ArticleDetail {...(props as unknown as Parameters<typeof ArticleDetail>[0])} />;
}
