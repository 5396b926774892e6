/**
 * The site's carousel (app/components/Carousel.tsx draws it, every slide on the server): dots and
 * arrows move it; with `data-autoplay` (ms) it moves on by itself, paused on hover and focus and
 * never for visitors who prefer reduced motion. Hidden slides are inert and aria-hidden, so keyboard
 * and screen-reader users only meet the visible one. Returns what detaches it.
 */
export function attachCarousel(root: HTMLElement): () => void {
  const track = root.querySelector<HTMLElement>(":scope > [data-carousel-track]");
  const slides = [...root.querySelectorAll<HTMLElement>(":scope > [data-carousel-track] > *")];
  const dots = [...root.querySelectorAll<HTMLElement>(":scope > [data-carousel-dots] > [data-go]")];
  const count = slides.length;
  const off = new AbortController();
  if (!track || count < 2) return () => {};
  let index = 0;
  let paused = false;

  const show = (i: number) => {
    index = ((i % count) + count) % count;
    track.style.transform = `translateX(${-100 * index}%)`;
    slides.forEach((s, n) => {
      s.setAttribute("aria-hidden", String(n !== index));
      s.inert = n !== index;
    });
    dots.forEach((d, n) => {
      d.setAttribute("aria-current", String(n === index));
    });
  };

  const on = (type: string, fn: (e: Event) => void) =>
    root.addEventListener(type, fn, { signal: off.signal });
  on("click", (e) => {
    const button = (e.target as Element).closest<HTMLElement>("[data-go], [data-step]");
    if (!button || button.closest("[data-carousel]") !== root) return;
    show(button.dataset.go !== undefined ? Number(button.dataset.go) : index + Number(button.dataset.step));
  });
  on("mouseenter", () => {
    paused = true;
  });
  on("mouseleave", () => {
    paused = false;
  });
  on("focusin", () => {
    paused = true;
  });
  on("focusout", () => {
    paused = false;
  });

  const ms = Number(root.dataset.autoplay);
  const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  const timer = ms > 0 && !still ? setInterval(() => paused || show(index + 1), ms) : undefined;
  return () => {
    off.abort();
    clearInterval(timer);
  };
}
