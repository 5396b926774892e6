import type { Section, SectionType } from "./types";

/**
 * Which sections need React in the browser: their behaviour is written as components (tabs,
 * hovers, carousels, the floating panel, the menu that follows the page, the lead form). Every other
 * section is markup only; its links and in-page anchors work as plain anchors. A new section type
 * must say which it is here.
 */
const SCRIPTED: Record<SectionType, boolean> = {
  hero: false,
  buyStrip: false,
  floatingPanel: true,
  solutionTabs: true,
  packageCards: true,
  toggleGallery: true,
  hoverSwitcher: true,
  hoverScroll: true,
  hoverVideos: true,
  caseCarousel: true,
  videoGrid: false,
  scrollNav: true,
  contact: false,
  features: false,
  split: false,
  steps: false,
  stats: false,
  plans: false,
  agenda: false,
  people: false,
  logos: false,
  gallery: false,
  links: false,
  awards: false,
  stepper: true,
  mediaEntries: false,
  linkTabs: false,
  levels: false,
  ctaBand: false,
  catalog: false,
  liveFrame: false,
  articleList: false,
  leadForm: true,
  buyButton: false,
};

/**
 * Whether a landing page hydrates (app/hydration.ts): only when a section it shows needs script. The
 * others are drawn by the server alone, with the islands (app/islands/): the news chrome, sections
 * that reveal as they scroll into view, WeChat's share config.
 */
export function landingHydrates(page: { sections: readonly Section[] }): boolean {
  return page.sections.some((s) => !s.hidden && SCRIPTED[s.type]);
}
