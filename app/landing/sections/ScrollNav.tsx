import { useEffect, useRef, useState } from "react";
import { CtaLink, scrollToSection } from "../kit";
import type { ScrollNavSection } from "../types";

/**
 * The conference menu: sticks to the top, scrolls to its sections and marks the one being read.
 * Plain anchors underneath, so it works before (and without) JavaScript.
 */
export function ScrollNav({ s }: { s: ScrollNavSection }) {
  const [active, setActive] = useState(s.items[0]?.id ?? "");
  const nav = useRef<HTMLElement>(null);
  const ids = s.items.map((i) => i.id).join(",");

  useEffect(() => {
    const list = ids.split(",");
    let frame = 0;
    const spy = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        // A section is being read once its top passes under the stuck menu.
        const line = (nav.current?.offsetHeight ?? 0) + 24;
        let current = list[0] ?? "";
        for (const id of list) {
          const el = document.getElementById(id);
          if (el && el.getBoundingClientRect().top <= line) current = id;
        }
        // At the very bottom the last section is the one being read, however short it is.
        if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2)
          current = list[list.length - 1] ?? current;
        setActive(current);
      });
    };
    spy();
    window.addEventListener("scroll", spy, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", spy);
    };
  }, [ids]);

  return (
    <nav ref={nav} className="lp-scrollnav" aria-label="页面导航">
      <div className="lp-scrollnav-inner">
        <ul>
          {s.items.map((it) => (
            <li key={it.id}>
              <a
                href={`#${it.id}`}
                aria-current={active === it.id ? "location" : undefined}
                onClick={(e) => {
                  const el = document.getElementById(it.id);
                  if (!el) return;
                  e.preventDefault();
                  setActive(it.id);
                  scrollToSection(el);
                  history.replaceState(history.state, "", `#${it.id}`);
                }}
              >
                {it.label}
              </a>
            </li>
          ))}
        </ul>
        {s.actions && (
          <p className="lp-scrollnav-actions">
            {s.actions.map((c) => (
              <CtaLink
                key={c.label}
                cta={c}
                className={`lp-btn lp-btn--small lp-btn--${c.variant ?? "primary"}`}
              />
            ))}
          </p>
        )}
      </div>
    </nav>
  );
}
