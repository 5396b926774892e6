import { CtaLink, SectionHead } from "../kit";
import type { BuyButtonSection } from "../types";

/** The online sign-up page of a 报名产品 (app/routes.ts: /tzyx/zebra/product/:id). */
export const signupPath = (productId: number) => `/tzyx/zebra/product/${productId}`;

/**
 * A buy button: a 报名产品's sign-up page (this window) or an outside shop's page (a new window,
 * rel=noopener). The page's loader leaves out a button whose product is gone, so a visitor never
 * reaches a dead sign-up page.
 */
export function BuyButton({ s }: { s: BuyButtonSection }) {
  const cta =
    s.source === "product" && s.productId !== undefined
      ? { label: s.label, href: signupPath(s.productId), sameWindow: true }
      : s.href
        ? { label: s.label, href: s.href }
        : null;
  if (!cta) return null;
  return (
    <div className="lp-wrap lp-buy-button">
      {s.title ? <SectionHead id={s.id} title={s.title} intro={s.text} /> : s.text && <p>{s.text}</p>}
      <p className="lp-actions">
        <CtaLink cta={cta} />
        {s.priceNote && <span className="lp-buy-note">{s.priceNote}</span>}
      </p>
    </div>
  );
}
