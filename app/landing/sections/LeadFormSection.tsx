import { useEffect, useId, useRef, useState } from "react";
import { BusinessForm, ExpertForm } from "../../components/lead-forms/LeadForms";
import { SectionHead } from "../kit";
import type { LeadFormSection as Section } from "../types";

/**
 * The MCN page's merchant or influencer form on a landing page (the same component). A lead sent
 * from here records this page as its source (the API reads the page's address from the request).
 * The influencer form's picture upload loads when the form comes within 600px of the screen, not
 * with the page.
 */
export default function LeadFormSection({ s }: { s: Section }) {
  const name = `lead-${s.form}-${useId().replace(/[^\w-]/g, "")}`;
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || s.form !== "expert") return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: "600px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [s.form]);
  return (
    <div className="lp-wrap lp-lead-form" ref={ref}>
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <div className="lp-lead-form-card">
        {s.form === "business" ? <BusinessForm name={name} /> : <ExpertForm name={name} active={near} />}
      </div>
    </div>
  );
}
