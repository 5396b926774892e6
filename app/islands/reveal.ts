/**
 * docs/product.md §9: a marked section (app/landing/kit.tsx, Reveal) reveals with a short animation
 * when it comes within 600px of the viewport. Sections already that close when the page starts are
 * never hidden, nothing is hidden without JavaScript, and reduced-motion visitors get no animation
 * at all. Returns what detaches it.
 */
export function attachReveal(el: HTMLElement): () => void {
  if (
    window.matchMedia("(prefers-reduced-motion: reduce)").matches ||
    typeof IntersectionObserver === "undefined"
  )
    return () => {};
  let first = true;
  const io = new IntersectionObserver(
    (entries) => {
      const hit = entries.some((e) => e.isIntersecting);
      if (first) {
        first = false;
        if (hit) io.disconnect();
        else el.dataset.reveal = "pending";
        return;
      }
      if (hit) {
        el.dataset.reveal = "shown";
        io.disconnect();
      }
    },
    { rootMargin: "0px 0px 600px 0px" },
  );
  io.observe(el);
  return () => io.disconnect();
}
