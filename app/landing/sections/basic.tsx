import { CtaLink, Picture, Price, SectionHead } from "../kit";
import type {
  AgendaSection,
  AwardsSection,
  BuyStripSection,
  CatalogSection,
  ContactSection,
  CtaBandSection,
  FeaturesSection,
  GallerySection,
  HeroSection,
  LevelsSection,
  LinksSection,
  LinkTabsSection,
  LogosSection,
  PeopleSection,
  PlansSection,
  SplitSection,
  StatsSection,
  StepsSection,
} from "../types";

/** Header image with the page's headline, the buy anchor and two or three product hotspots. */
export function Hero({ s }: { s: HeroSection }) {
  return (
    <div className="lp-hero">
      <Picture pic={s.image} eager className="lp-hero-bg" />
      <div className="lp-hero-inner">
        <div className="lp-hero-text">
          {s.eyebrow && <p className="lp-hero-eyebrow">{s.eyebrow}</p>}
          <h1>{s.title}</h1>
          {s.subtitle && <p className="lp-hero-sub">{s.subtitle}</p>}
          {s.facts && (
            <ul className="lp-hero-facts">
              {s.facts.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}
          {(s.buyAnchor || s.ctas) && (
            <p className="lp-actions">
              {s.buyAnchor && <CtaLink cta={s.buyAnchor} className="lp-btn lp-btn--primary lp-buy-anchor" />}
              {s.ctas?.map((c) => (
                <CtaLink key={c.label} cta={{ variant: "light", ...c }} />
              ))}
            </p>
          )}
        </div>
        {s.hotspots && (
          <ul className="lp-hotspots" aria-label="热门产品">
            {s.hotspots.map((h) => (
              <li key={h.label} style={{ left: `${h.x}%`, top: `${h.y}%` }}>
                <CtaLink cta={{ label: h.label, href: h.href }} className="lp-hotspot">
                  <span className="lp-hotspot-dot" aria-hidden="true" />
                  <span className="lp-hotspot-label">{h.label}</span>
                  {h.price !== undefined && <Price value={h.price} />}
                </CtaLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export function BuyStrip({ s }: { s: BuyStripSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.note} />
      <ul className="lp-buy-strip">
        {s.buttons.map((b) => (
          <li key={b.label}>
            {b.caption && <p className="lp-buy-caption">{b.caption}</p>}
            {b.price !== undefined && <Price value={b.price} />}
            <CtaLink cta={b} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Features({ s }: { s: FeaturesSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul className={`lp-grid lp-grid--${s.columns ?? 3}`}>
        {s.items.map((it) => (
          <li key={it.title} className="lp-card">
            {it.image && <Picture pic={it.image} className="lp-card-img" />}
            {it.icon && (
              <span className="lp-card-icon" aria-hidden="true">
                {it.icon}
              </span>
            )}
            <h3>{it.title}</h3>
            <p>{it.text}</p>
            {it.cta && <CtaLink cta={{ variant: "ghost", ...it.cta }} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Split({ s }: { s: SplitSection }) {
  return (
    <div className={s.reverse ? "lp-wrap lp-split lp-split--reverse" : "lp-wrap lp-split"}>
      <div className="lp-split-text">
        <h2>{s.title}</h2>
        {s.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {s.bullets && (
          <ul className="lp-ticks">
            {s.bullets.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        )}
        {s.ctas && (
          <p className="lp-actions">
            {s.ctas.map((c) => (
              <CtaLink key={c.label} cta={c} />
            ))}
          </p>
        )}
      </div>
      <Picture pic={s.image} className="lp-split-img" />
    </div>
  );
}

export function Steps({ s }: { s: StepsSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ol className="lp-steps">
        {s.steps.map((st, i) => (
          <li key={st.title}>
            <span className="lp-step-no" aria-hidden="true">
              {String(i + 1).padStart(2, "0")}
            </span>
            <h3>{st.title}</h3>
            <p>{st.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function Stats({ s }: { s: StatsSection }) {
  return (
    <div className="lp-wrap">
      {s.title && <SectionHead id={s.id} title={s.title} />}
      <ul className="lp-stats">
        {s.items.map((it) => (
          <li key={it.label}>
            <strong>
              {it.value}
              {it.unit && <small>{it.unit}</small>}
            </strong>
            <span>{it.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Plans({ s }: { s: PlansSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul className="lp-plans">
        {s.plans.map((p) => (
          <li key={p.name} className={p.featured ? "lp-plan is-featured" : "lp-plan"}>
            {p.badge && <span className="lp-plan-badge">{p.badge}</span>}
            <h3>{p.name}</h3>
            <Price value={p.price} unit={p.unit} />
            {p.limit && <p className="lp-plan-limit">{p.limit}</p>}
            <ul className="lp-ticks">
              {p.perks.map((perk) => (
                <li key={perk}>{perk}</li>
              ))}
            </ul>
            <CtaLink cta={p.cta} />
          </li>
        ))}
      </ul>
      {s.note && <p className="lp-note">{s.note}</p>}
    </div>
  );
}

export function CtaBand({ s }: { s: CtaBandSection }) {
  return (
    <div className="lp-wrap lp-cta-band">
      <div>
        <h2>{s.title}</h2>
        {s.text && <p>{s.text}</p>}
      </div>
      <p className="lp-actions">
        {s.ctas.map((c) => (
          <CtaLink key={c.label} cta={c} />
        ))}
      </p>
    </div>
  );
}

export function Catalog({ s }: { s: CatalogSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul className="lp-catalog">
        {s.items.map((it) => (
          <li key={it.name} className="lp-card lp-catalog-item">
            <Picture pic={it.image} className="lp-card-img" />
            {it.tag && <span className="lp-tag">{it.tag}</span>}
            <h3>{it.name}</h3>
            <p>{it.text}</p>
            <div className="lp-catalog-foot">
              {it.price !== undefined ? <Price value={it.price} unit={it.unit} /> : <span />}
              <CtaLink cta={it.cta} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Contact({ s }: { s: ContactSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul className="lp-contact">
        {s.people.map((p) => (
          <li key={p.role} className="lp-card">
            <h3>{p.role}</h3>
            <p className="lp-contact-name">{p.name}</p>
            <p>
              电话：<a href={`tel:${p.phone.replace(/[^\d+]/g, "")}`}>{p.phone}</a>
            </p>
            {p.email && (
              <p>
                邮箱：<a href={`mailto:${p.email}`}>{p.email}</a>
              </p>
            )}
            {p.wechat && <p>微信：{p.wechat}</p>}
          </li>
        ))}
      </ul>
      {s.address && <p className="lp-note">地址：{s.address}</p>}
      {s.cta && (
        <p className="lp-actions lp-center">
          <CtaLink cta={s.cta} />
        </p>
      )}
    </div>
  );
}

export function Logos({ s }: { s: LogosSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} />
      {s.groups.map((g) => (
        <div key={g.label ?? g.names[0]} className="lp-logo-group">
          {g.label && <h3>{g.label}</h3>}
          <ul className="lp-logos">
            {g.names.map((n, i) => (
              // Placeholder names repeat (媒体名称): their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: names need not be unique
              <li key={i}>{n}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function Gallery({ s }: { s: GallerySection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul className="lp-gallery">
        {s.images.map((p) => (
          <li key={p.src}>
            <figure>
              <Picture pic={p} />
              <figcaption>{p.alt}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Links({ s }: { s: LinksSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul className="lp-links">
        {s.items.map((it) => (
          <li key={it.href}>
            <a href={it.href} target="_blank" rel="noopener noreferrer">
              <h3>{it.title}</h3>
              {it.summary && <p>{it.summary}</p>}
              <span className="lp-links-meta">
                {it.source}
                {it.date && ` · ${it.date}`}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Awards({ s }: { s: AwardsSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul className="lp-awards">
        {s.awards.map((a) => (
          <li key={a.award} className="lp-card">
            <h3>
              <span aria-hidden="true">🏆</span> {a.award}
            </h3>
            <ul>
              {a.winners.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function People({ s }: { s: PeopleSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul className="lp-people">
        {s.people.map((p, i) => (
          // Two guests may share a name (a template's 嘉宾姓名): their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: names need not be unique
          <li key={i}>
            <Picture pic={p.photo} className="lp-people-photo" />
            <h3>{p.name}</h3>
            <p>{p.title}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Agenda({ s }: { s: AgendaSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <div className="lp-agenda">
        {s.blocks.map((b) => (
          <section key={b.label} className="lp-agenda-block" aria-label={b.label}>
            <h3>{b.label}</h3>
            <ol>
              {b.items.map((it) => (
                <li key={`${it.time}${it.title}`}>
                  <time>{it.time}</time>
                  <div>
                    <p className="lp-agenda-title">{it.title}</p>
                    {it.speaker && <p className="lp-agenda-speaker">{it.speaker}</p>}
                  </div>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}

/** Handbook tabs: each opens an external document (docs/product.md §2). */
export function LinkTabs({ s }: { s: LinkTabsSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ul className="lp-link-tabs">
        {s.tabs.map((t) => (
          <li key={t.label}>
            <a href={t.href} target="_blank" rel="noopener noreferrer">
              <strong>{t.label}</strong>
              <span>{t.text}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Handbook levels: three levels of four items, each opening a course or a live lesson. */
export function Levels({ s }: { s: LevelsSection }) {
  return (
    <div className="lp-wrap">
      <SectionHead id={s.id} title={s.title} intro={s.intro} />
      <ol className="lp-levels">
        {s.levels.map((l, i) => (
          <li key={l.name} className="lp-card">
            <p className="lp-level-no">第 {i + 1} 阶</p>
            <h3>{l.name}</h3>
            <p>{l.text}</p>
            <ul>
              {l.items.map((it) => (
                <li key={it.label}>
                  <a href={it.href} target="_blank" rel="noopener noreferrer">
                    <span className="lp-tag">{it.kind}</span>
                    {it.label}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
