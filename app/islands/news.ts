/**
 * The islands bundle of the pages that do not hydrate (app/root.tsx; docs/architecture.md, "The
 * browser's client"): plain modules on the server's markup, no framework. Built by
 * scripts/islands.ts into app/generated/islands.js.
 */
import { attachNews } from "./attach";

const sdk = document.querySelector<HTMLScriptElement>("script[data-wechat-sdk]")?.dataset.wechatSdk ?? "";
attachNews(document, () => import(/* @vite-ignore */ sdk));
// What tests and scripts wait on, as on hydrated pages (app/root.tsx).
document.documentElement.dataset.hydrated = "";
