import type { Clip, Cta, CtaBandSection, LandingPage, Pic } from "../../../contract/landing";

/**
 * Shared pieces of the landing definitions: picture and clip helpers, the links many pages use and
 * builders of the blocks several pages repeat. Every external address lives here or in a page file,
 * so changing one is a one-line edit.
 */

import { pic, SITE_NAME } from "../../../contract/site";

export { pic, SITE_NAME, SITE_SLOGAN, SLOGAN_TITLE } from "../../../contract/site";

export const ownTitle = (name: string) => `${name} - ${SITE_NAME}`;

/** A landing page whose document title is its own name (the routes docs/product.md §2 gives a title). */
export const titledByName = ({ path, name, ...rest }: Omit<LandingPage, "title">): LandingPage => ({
  path,
  title: ownTitle(name),
  name,
  ...rest,
});

/** Pictures of one size and kind named `<prefix>-1`, `<prefix>-2`, …, one for each alternative text. */
export const pics = (
  folder: string,
  prefix: string,
  alts: string[],
  w: number,
  h: number,
  art?: Pic["art"],
  sub?: string,
): Pic[] => alts.map((alt, i) => pic(folder, `${prefix}-${i + 1}`, alt, w, h, art, sub));

/** A hero background (no caption: the headline is HTML on top of it). */
export const heroBg = (folder: string, alt: string): Pic => pic(folder, "hero", alt, 1440, 520, "bg");

/**
 * The placeholder clips (4-second animations recorded locally by the generator): portrait ones for
 * the hover-playing phone videos, landscape ones for embedded players.
 */
export const PORTRAIT_CLIPS = [
  "/landing/video/portrait-1.mp4",
  "/landing/video/portrait-2.mp4",
  "/landing/video/portrait-3.mp4",
];
export const LANDSCAPE_CLIPS = [
  "/landing/video/wide-1.mp4",
  "/landing/video/wide-2.mp4",
  "/landing/video/wide-3.mp4",
];

export const PLACEHOLDER_CAPTIONS = "/landing/video/placeholder.vtt";
export const clip = (src: string, poster: Pic, title: string): Clip => ({
  src,
  poster,
  title,
  captions: PLACEHOLDER_CAPTIONS,
});

/** A sample clip of a page: its title and caption, and its poster's alternative text and second line. */
export interface SampleClip {
  title: string;
  caption: string;
  alt: string;
  sub: string;
}

/**
 * Sample clips with captions: the n-th plays the n-th of `srcs` (placeholder clips) under the poster
 * `<prefix>-n`, w × h.
 */
export const sampleClips = (
  folder: string,
  prefix: string,
  srcs: string[],
  w: number,
  h: number,
  clips: SampleClip[],
) =>
  clips.map((c, i) => ({
    ...clip(srcs[i]!, pic(folder, `${prefix}-${i + 1}`, c.alt, w, h, "poster", c.sub), c.title),
    caption: c.caption,
  }));

/** The customer-service chat (opens the chat redirect in a new window, which closes itself). */
export const CHAT: Cta = { label: "在线咨询", href: `/wang/w/${encodeURIComponent("电商报小二")}` };
export const CONSULT_PHONE = "400-000-6600";
export const SHOP_LISTING: Cta = { label: "进入官方店铺", href: "https://shop.example.com/dianshangbao" };
export const DIAGNOSIS: Cta = { label: "免费诊断店铺", href: "https://form.example.com/f/shop-diagnosis" };

/**
 * The band that ends a recruitment page (/hz/zebra/…), where its hero's buy anchor (#apply) leads:
 * the application form, or a chat with customer service.
 */
export const applyBand = (title: string, form: Cta, text?: string): CtaBandSection => ({
  type: "ctaBand",
  id: "apply",
  tone: "brand",
  title,
  ...(text ? { text } : {}),
  ctas: [form, { ...CHAT, variant: "ghost" }],
});

/** A product detail page of the official shop. */
export const item = (id: number, label = "立即购买"): Cta => ({
  label,
  href: `https://item.example.com/item.htm?id=${id}`,
});

/** The site's own merchant sign-up form for a product (issue: sign-up form). */
export const signup = (productId: number, label = "立即报名"): Cta => ({
  label,
  href: `/tzyx/zebra/product/${productId}`,
});

export const course = (slug: string): string => `https://daxue.example.com/course/${slug}`;
export const doc = (slug: string): string => `https://docs.example.com/handbook/${slug}`;

/** A link to a course of the online academy. */
export const courseLink = (label: string, slug: string): Cta => ({ label, href: course(slug) });
