import { LandingShell } from "./kit";
import { NewsFrame } from "./NewsFrame";
import { RenderSections } from "./RenderSections";
import type { Section } from "./types";

/**
 * A stored page drawn in its frame (the public route, a preview link and the console's live
 * preview, which marks the sections to find them: RenderSections `marked`).
 */
export function LandingBody({
  page,
  marked = false,
}: {
  page: { name: string; layout?: "landing" | "news"; sections: Section[] };
  marked?: boolean;
}) {
  if (page.layout === "news")
    return (
      <NewsFrame>
        <RenderSections sections={page.sections} marked={marked} />
      </NewsFrame>
    );
  return (
    <LandingShell name={page.name}>
      <RenderSections sections={page.sections} marked={marked} />
    </LandingShell>
  );
}
