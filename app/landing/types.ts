/**
 * Landing pages are data (docs/architecture.md): one definition per route, rendered by a small set of section
 * components looked up by `type` (see RenderSections.tsx). Definitions are plain JSON-able objects:
 * the route loaders hand them to the page, so they never travel in the client bundle.
 */

/** A picture of ours under /landing/ (drawn by scripts/generate-landing-media.ts from these fields). */
export interface Pic {
  src: string;
  /** alternative text; also the caption drawn on posters */
  alt: string;
  w: number;
  h: number;
  /** how the generator draws it: a caption poster (default), a plain background, a portrait, a tall feed screenshot */
  art?: "poster" | "bg" | "portrait" | "feed";
  /** a second, smaller line on posters */
  sub?: string;
}

/** A short placeholder clip (generated locally) with its poster. */
export interface Clip {
  src: string;
  poster: Pic;
  title: string;
  /** WebVTT captions (the placeholder clips have no speech: their captions say so) */
  captions: string;
}

/**
 * A link or button. Everything opens in a new window (target=_blank, rel=noopener noreferrer) except
 * in-page anchors (#id) and links marked sameWindow.
 */
export interface Cta {
  label: string;
  href: string;
  sameWindow?: boolean;
  variant?: "primary" | "ghost" | "light";
}

interface Base {
  /** anchor id of the section (scroll navigation, buy anchors) */
  id?: string;
  /** reveal with a short animation when it comes within 600px of the viewport (docs/product.md §9) */
  reveal?: boolean;
  /** background: alternates white / grey by default */
  tone?: "white" | "grey" | "dark" | "brand";
}

export interface HeroSection extends Base {
  type: "hero";
  eyebrow?: string;
  title: string;
  subtitle?: string;
  /** date, place, … shown as small lines under the subtitle */
  facts?: string[];
  image: Pic;
  /** the buy anchor: scrolls to the section holding the buy buttons */
  buyAnchor?: Cta;
  ctas?: Cta[];
  /** two or three hotspots, each opening its own product page; x/y are percentages of the hero */
  hotspots?: { label: string; price?: number; href: string; x: number; y: number }[];
}

export interface BuyStripSection extends Base {
  type: "buyStrip";
  title: string;
  note?: string;
  buttons: (Cta & { price?: number; caption?: string })[];
}

export interface FloatingPanelSection extends Base {
  type: "floatingPanel";
  diagnosis: Cta;
  consultLabel: string;
  phone: string;
  signup?: Cta;
}

export interface SolutionTabsSection extends Base {
  type: "solutionTabs";
  title: string;
  intro?: string;
  tabs: {
    key: string;
    label: string;
    price: number;
    intro: string;
    channels: string[];
    note: string;
    buy: Cta;
    image: Pic;
  }[];
}

export interface PackageCardsSection extends Base {
  type: "packageCards";
  title: string;
  intro?: string;
  cards: {
    key: string;
    name: string;
    price: number;
    items: number;
    summary: string;
    details: string[];
    featured?: boolean;
    buy: Cta;
  }[];
  remarks: { label: string; lines: string[] };
  service: string;
  consult: Cta;
}

export interface ToggleGallerySection extends Base {
  type: "toggleGallery";
  title: string;
  options: { key: string; label: string; text: string; images: Pic[] }[];
}

export interface HoverSwitcherSection extends Base {
  type: "hoverSwitcher";
  title: string;
  intro?: string;
  items: { label: string; text: string; image: Pic }[];
}

export interface HoverScrollSection extends Base {
  type: "hoverScroll";
  title: string;
  intro?: string;
  /** tall pictures shown in a short frame; hovering scrolls them 1px every 15 ms (docs/product.md §9) */
  items: { caption: string; image: Pic }[];
}

export interface HoverVideosSection extends Base {
  type: "hoverVideos";
  title: string;
  intro?: string;
  clips: (Clip & { caption: string })[];
}

export interface CaseCarouselSection extends Base {
  type: "caseCarousel";
  title: string;
  intervalMs: number;
  slides: { title: string; text: string; metrics: string[]; image: Pic }[];
  more?: Cta;
}

export interface VideoGridSection extends Base {
  type: "videoGrid";
  title: string;
  intro?: string;
  clips: (Clip & { caption?: string })[];
  ctas?: Cta[];
}

export interface ScrollNavSection extends Base {
  type: "scrollNav";
  /** the sections the menu scrolls to, in page order */
  items: { id: string; label: string }[];
  /** buttons at the end of the menu (review, tickets) */
  actions?: Cta[];
}

export interface ContactSection extends Base {
  type: "contact";
  title: string;
  intro?: string;
  people: { role: string; name: string; phone: string; email?: string; wechat?: string }[];
  address?: string;
  cta?: Cta;
}

export interface FeaturesSection extends Base {
  type: "features";
  title: string;
  intro?: string;
  columns?: 2 | 3 | 4;
  items: { title: string; text: string; image?: Pic; icon?: string; cta?: Cta }[];
}

export interface SplitSection extends Base {
  type: "split";
  title: string;
  paragraphs: string[];
  bullets?: string[];
  image: Pic;
  reverse?: boolean;
  ctas?: Cta[];
}

export interface StepsSection extends Base {
  type: "steps";
  title: string;
  intro?: string;
  steps: { title: string; text: string }[];
}

export interface StatsSection extends Base {
  type: "stats";
  title?: string;
  items: { value: string; unit?: string; label: string }[];
}

export interface PlansSection extends Base {
  type: "plans";
  title: string;
  intro?: string;
  plans: {
    name: string;
    price: number;
    unit?: string;
    badge?: string;
    perks: string[];
    limit?: string;
    cta: Cta;
    featured?: boolean;
  }[];
  note?: string;
}

export interface AgendaSection extends Base {
  type: "agenda";
  title: string;
  intro?: string;
  blocks: { label: string; items: { time: string; title: string; speaker?: string }[] }[];
}

export interface PeopleSection extends Base {
  type: "people";
  title: string;
  intro?: string;
  people: { name: string; title: string; photo: Pic }[];
}

export interface LogosSection extends Base {
  type: "logos";
  title: string;
  groups: { label?: string; names: string[] }[];
}

export interface GallerySection extends Base {
  type: "gallery";
  title: string;
  intro?: string;
  images: Pic[];
}

export interface LinksSection extends Base {
  type: "links";
  title: string;
  intro?: string;
  items: { title: string; source: string; date?: string; href: string; summary?: string }[];
}

export interface AwardsSection extends Base {
  type: "awards";
  title: string;
  intro?: string;
  awards: { award: string; winners: string[] }[];
}

export interface StepperSection extends Base {
  type: "stepper";
  title: string;
  intro?: string;
  /** switched with previous / next (and the dots) */
  items: { title: string; text: string; image: Pic; cta?: Cta }[];
}

export interface MediaEntriesSection extends Base {
  type: "mediaEntries";
  title: string;
  intro?: string;
  entries: {
    kind: "video" | "article" | "audio";
    title: string;
    text: string;
    poster: Pic;
    href: string;
    clip?: Clip;
    duration?: string;
  }[];
}

export interface LinkTabsSection extends Base {
  type: "linkTabs";
  title: string;
  intro?: string;
  /** each tab opens an external document */
  tabs: { label: string; text: string; href: string }[];
}

export interface LevelsSection extends Base {
  type: "levels";
  title: string;
  intro?: string;
  levels: {
    name: string;
    text: string;
    items: { label: string; href: string; kind: "课程" | "直播" | "文档" }[];
  }[];
}

export interface CtaBandSection extends Base {
  type: "ctaBand";
  title: string;
  text?: string;
  ctas: Cta[];
}

export interface CatalogSection extends Base {
  type: "catalog";
  title: string;
  intro?: string;
  items: { name: string; text: string; price?: number; unit?: string; image: Pic; cta: Cta; tag?: string }[];
}

export type Section =
  | HeroSection
  | BuyStripSection
  | FloatingPanelSection
  | SolutionTabsSection
  | PackageCardsSection
  | ToggleGallerySection
  | HoverSwitcherSection
  | HoverScrollSection
  | HoverVideosSection
  | CaseCarouselSection
  | VideoGridSection
  | ScrollNavSection
  | ContactSection
  | FeaturesSection
  | SplitSection
  | StepsSection
  | StatsSection
  | PlansSection
  | AgendaSection
  | PeopleSection
  | LogosSection
  | GallerySection
  | LinksSection
  | AwardsSection
  | StepperSection
  | MediaEntriesSection
  | LinkTabsSection
  | LevelsSection
  | CtaBandSection
  | CatalogSection;

export type SectionType = Section["type"];

export interface LandingPage {
  /** the route path, e.g. /market/products/strawBag */
  path: string;
  /** document title (docs/product.md §2: the site slogan unless the route sets its own) */
  title: string;
  /** the page's name, shown in the top bar */
  name: string;
  /** meta description and WeChat share text */
  description: string;
  /** share picture (og:image) */
  shareImage?: string;
  sections: Section[];
}

/** The travel shopping lists (/activity/caicai/list, /list2): tabs and items come from the database. */
export interface TravelListPage {
  path: string;
  title: string;
  name: string;
  description: string;
  /** travel_tabs.list_key of this list */
  listKey: "list1" | "list2";
  /** the second list shows each item's destination */
  showDestination: boolean;
  /** the tab names of docs/product.md §2, shown (with the empty state) if the database cannot be read */
  fallbackTabs: string[];
  intro: string;
  /** where 去购买 in the copied dialog leads */
  buy: Cta;
  banner: Pic;
}

/** The marketing article list: the first 4 of 10 articles found for a fixed keyword (docs/product.md §7, §9). */
export interface ArticleListPage {
  path: string;
  title: string;
  name: string;
  description: string;
  keyword: string;
  intro: string;
  /** the product links under the list */
  ctas: Cta[];
}
