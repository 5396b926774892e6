import { type ComponentType, lazy, memo, Suspense } from "react";
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

/**
 * One section: a band of the page (`tone`), or chrome drawn as it is (`tone` null). Memoised on the
 * section object, so a page changed in one section redraws that one only (the console's preview
 * follows typing this way). `index` marks the section's element for the preview to find it.
 */
const SectionView = memo(function SectionView({
  s,
  first,
  tone,
  index,
}: {
  s: Section;
  first: boolean;
  tone: string | null;
  index?: number;
}) {
  if (tone === null) {
    if (index === undefined) return renderOne(s, first);
    return (
      <div data-lp-index={index} style={{ display: "contents" }}>
        {renderOne(s, first)}
      </div>
    );
  }
  return (
    <section id={s.id} className={`lp-section lp-tone-${tone}`} data-section={s.type} data-lp-index={index}>
      {s.reveal ? <Reveal className="lp-reveal">{renderOne(s, first)}</Reveal> : renderOne(s, first)}
    </section>
  );
});

/**
 * The sections of a page in order; hidden ones are kept in the page but not drawn. `marked` (the
 * console's preview only) gives each drawn section's element `data-lp-index`, its place in `sections`.
 */
export function RenderSections({ sections, marked = false }: { sections: Section[]; marked?: boolean }) {
  let band = 0;
  let first = true;
  return (
    <>
      {sections.map((s, i) => {
        if (s.hidden) return null;
        const key = `${s.type}-${s.id ?? i}`;
        const opens = first;
        first = false;
        const tone = CHROME.has(s.type)
          ? null
          : s.type === "hero"
            ? "hero"
            : (s.tone ?? (band++ % 2 === 0 ? "white" : "grey"));
        return <SectionView key={key} s={s} first={opens} tone={tone} index={marked ? i : undefined} />;
      })}
    </>
  );
}
