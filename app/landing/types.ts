/**
 * Landing pages are data (docs/architecture.md): rows of landing_pages, each a list of sections
 * rendered by a small set of section components looked up by `type` (see RenderSections.tsx). The
 * catch-all route's loader reads the page of the requested path and hands it to the page.
 *
 * The page and its sections are described once, by the zod schemas of contract/landing.ts; their
 * types are inferred there and only re-exported here (types only: the schemas stay out of the
 * client bundle).
 */

import type { Cta, Pic } from "../../contract/landing";

export type {
  AgendaSection,
  ArticleListSection,
  AwardsSection,
  BuyButtonSection,
  BuyStripSection,
  CaseCarouselSection,
  CatalogSection,
  Clip,
  ContactSection,
  Cta,
  CtaBandSection,
  FeaturesSection,
  FloatingPanelSection,
  GallerySection,
  HeroSection,
  HoverScrollSection,
  HoverSwitcherSection,
  HoverVideosSection,
  LandingPage,
  LeadFormSection,
  LevelsSection,
  LinksSection,
  LinkTabsSection,
  LiveFrameSection,
  LogosSection,
  MediaEntriesSection,
  PackageCardsSection,
  PeopleSection,
  Pic,
  PlansSection,
  ScrollNavSection,
  Section,
  SectionType,
  SolutionTabsSection,
  SplitSection,
  StatsSection,
  StepperSection,
  StepsSection,
  ToggleGallerySection,
  VideoGridSection,
} from "../../contract/landing";

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
