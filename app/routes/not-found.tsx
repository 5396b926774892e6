import { data } from "react-router";
import type { RouteCache } from "../../contract/cache-tags";
import { ErrorView } from "../components/ErrorView";

/** Page cache: the loader reads no query parameter (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = { cache: { tags: () => [] } };

/** Any URL no route claims: a Chinese 404 page, inside the news chrome, with HTTP status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <ErrorView notFound />;
}

export function ErrorBoundary() {
  return <ErrorView notFound />;
}
