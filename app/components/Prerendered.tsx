import type { HTMLAttributes, ReactNode } from "react";

/**
 * Server-side markup memo for the site chrome (installed by app/routes/news/chrome.server.ts, which
 * only the server loads): the inner HTML of `children`, rendered once and reused while every item of
 * `deps` keeps its identity (the chrome data is one object per content version), or undefined when
 * the children cannot be rendered apart (they put something into <head> other than a picture's
 * preload, which the memo asks for again on each page).
 */
export const chromeMarkup: {
  render?: (key: string, deps: readonly unknown[], children: ReactNode) => string | undefined;
} = {};

type Tag = "div" | "header" | "footer" | "aside" | "nav";

/**
 * An element of the site chrome whose content is the same on every page. The server fills it with
 * memoised markup instead of rendering its children on every request; the browser renders the
 * children, which hydrate against that markup since it is what they render.
 */
export function Prerendered({
  as: Element,
  markupKey,
  deps,
  children,
  ...attributes
}: {
  as: Tag;
  markupKey: string;
  deps: readonly unknown[];
  children: ReactNode;
} & HTMLAttributes<HTMLElement> & { [data: `data-${string}`]: string | boolean | undefined }) {
  const html = chromeMarkup.render?.(markupKey, deps, children);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React rendered from our own components
  if (html !== undefined) return <Element {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
  return <Element {...attributes}>{children}</Element>;
}
