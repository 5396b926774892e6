import { createContext, type HTMLAttributes, type ReactNode, useContext } from "react";

/** Markup rendered once: its HTML, and the same encoded as UTF-8. */
export interface Markup {
  html: string;
  bytes: Uint8Array;
}

/**
 * Server-side markup memo for the site chrome (installed by app/routes/news/chrome.server.ts, which
 * only the server loads): the inner HTML of `children`, rendered once and reused while every item of
 * `deps` keeps its identity (the chrome data is one object per content version), or undefined when
 * the children cannot be rendered apart (they put something into <head> other than a picture's
 * preload, which the memo asks for again on each page).
 */
export const chromeMarkup: {
  render?: (key: string, deps: readonly unknown[], children: ReactNode) => Markup | undefined;
} = {};

/**
 * The page the server is writing, which takes memoised markup as bytes: it answers a placeholder
 * for React to write and puts the bytes in its place when the page is finished (app/page-bytes.ts).
 * None in the browser, nor in the memo's own render of the markup.
 */
export const MarkupSplice = createContext<{ splice(bytes: Uint8Array): string } | null>(null);

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
  const page = useContext(MarkupSplice);
  const markup = chromeMarkup.render?.(markupKey, deps, children);
  if (markup) {
    const html = page ? page.splice(markup.bytes) : markup.html;
    // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React rendered from our own components
    return <Element {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return <Element {...attributes}>{children}</Element>;
}
