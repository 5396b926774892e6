import type { Partner } from "../../contract/entities";
import { Carousel } from "./Carousel";

const PER_SLIDE = 8;
const SLIDES = 4;

/** Partner logos: 30 logos, 8 per slide, 4 slides, 190px high (docs/product.md §9). */
export function PartnersCarousel({ partners }: { partners: Partner[] }) {
  if (partners.length === 0) return null;
  const slides: Partner[][] = [];
  for (let i = 0; i < Math.min(SLIDES, Math.ceil(partners.length / PER_SLIDE)); i++) {
    slides.push(partners.slice(i * PER_SLIDE, (i + 1) * PER_SLIDE));
  }
  return (
    <div className="partners">
      <h2 className="section-title">合作伙伴</h2>
      <Carousel
        label="合作伙伴"
        className="partners-carousel"
        autoplayMs={4000}
        slides={slides.map((group, s) => (
          <ul key={group[0]?.thumb ?? s} className="partner-grid">
            {group.map((p, i) => {
              const img = (
                <img
                  src={p.thumb}
                  alt={p.name || `合作伙伴 ${s * PER_SLIDE + i + 1}`}
                  width={240}
                  height={120}
                  loading="lazy"
                  decoding="async"
                />
              );
              return (
                <li key={p.thumb}>
                  {p.link ? (
                    <a href={p.link} target="_blank" rel="noopener noreferrer">
                      {img}
                    </a>
                  ) : (
                    img
                  )}
                </li>
              );
            })}
          </ul>
        ))}
      />
    </div>
  );
}
