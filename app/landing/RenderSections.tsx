import { type ComponentType, Fragment, lazy, Suspense } from "react";
import { Reveal } from "./kit";
import { ArticleListSection } from "./sections/ArticleListSection";
import { BuyButton } from "./sections/BuyButton";
import {
  Agenda,
  Awards,
  BuyStrip,
  Catalog,
  Contact,
  CtaBand,
  Features,
  Gallery,
  Hero,
  Levels,
  Links,
  LinkTabs,
  Logos,
  People,
  Plans,
  Split,
  Stats,
  Steps,
} from "./sections/basic";
import { FloatingPanel } from "./sections/FloatingPanel";
import { LiveFrame } from "./sections/LiveFrame";
import { MediaEntries, Stepper, VideoGrid } from "./sections/media";
import {
  CaseCarousel,
  HoverScroll,
  HoverSwitcher,
  HoverVideos,
  PackageCards,
  ToggleGallery,
} from "./sections/package";
import { ScrollNav } from "./sections/ScrollNav";
import { SolutionTabs } from "./sections/SolutionTabs";
import type { Section, SectionType } from "./types";

/**
 * The lead form brings the forms' validation rules (zod) with it: its code loads only on pages
 * that show one (drawn on the server all the same, and hydrated once its code has arrived).
 */
const LeadFormSection = lazy(() => import("./sections/LeadFormSection"));
function LeadForm(props: { s: Extract<Section, { type: "leadForm" }> }) {
  return (
    <Suspense fallback={null}>
      <LeadFormSection {...props} />
    </Suspense>
  );
}

/** A section's component; `first`: it opens the page (its title is the page's heading). */
type ComponentMap = {
  [K in SectionType]: ComponentType<{ s: Extract<Section, { type: K }>; first?: boolean }>;
};

/** The one lookup: section type → component (Payload's RenderBlocks pattern). */
const COMPONENTS: ComponentMap = {
  hero: Hero,
  buyStrip: BuyStrip,
  floatingPanel: FloatingPanel,
  solutionTabs: SolutionTabs,
  packageCards: PackageCards,
  toggleGallery: ToggleGallery,
  hoverSwitcher: HoverSwitcher,
  hoverScroll: HoverScroll,
  hoverVideos: HoverVideos,
  caseCarousel: CaseCarousel,
  videoGrid: VideoGrid,
  scrollNav: ScrollNav,
  contact: Contact,
  features: Features,
  split: Split,
  steps: Steps,
  stats: Stats,
  plans: Plans,
  agenda: Agenda,
  people: People,
  logos: Logos,
  gallery: Gallery,
  links: Links,
  awards: Awards,
  stepper: Stepper,
  mediaEntries: MediaEntries,
  linkTabs: LinkTabs,
  levels: Levels,
  ctaBand: CtaBand,
  catalog: Catalog,
  liveFrame: LiveFrame,
  articleList: ArticleListSection,
  leadForm: LeadForm,
  buyButton: BuyButton,
};

/** Sections that are not bands of the page: they render their own landmark. */
const CHROME: ReadonlySet<SectionType> = new Set(["scrollNav", "floatingPanel"]);

function renderOne(s: Section, first: boolean) {
  const Component = COMPONENTS[s.type] as ComponentType<{ s: Section; first?: boolean }>;
  return <Component s={s} first={first} />;
}

export function RenderSections({ sections }: { sections: Section[] }) {
  let band = 0;
  return (
    <>
      {sections.map((s, i) => {
        const key = `${s.type}-${s.id ?? i}`;
        const first = i === 0;
        if (CHROME.has(s.type)) return <Fragment key={key}>{renderOne(s, first)}</Fragment>;
        const tone = s.type === "hero" ? "hero" : (s.tone ?? (band++ % 2 === 0 ? "white" : "grey"));
        return (
          <section key={key} id={s.id} className={`lp-section lp-tone-${tone}`} data-section={s.type}>
            {s.reveal ? <Reveal className="lp-reveal">{renderOne(s, first)}</Reveal> : renderOne(s, first)}
          </section>
        );
      })}
    </>
  );
}
