import { LandingShell } from "./kit";
import { NewsFrame } from "./NewsFrame";
import { RenderSections } from "./RenderSections";
import type { Section } from "./types";

/** A stored page drawn in its frame (the public route and a preview link). */
export function LandingBody({
  page,
}: {
  page: { name: string; layout: "landing" | "news"; sections: Section[] };
}) {
  if (page.layout === "news")
    return (
      <NewsFrame>
        <RenderSections sections={page.sections} />
      </NewsFrame>
    );
  return (
    <LandingShell name={page.name}>
      <RenderSections sections={page.sections} />
    </LandingShell>
  );
}
