import { useState } from "react";
import { Link } from "react-router";
import { Carousel } from "./Carousel";
import { CaseVideo } from "./CaseVideo";
import {
  ADVANTAGES,
  CASES,
  CONTACT,
  PAIN_POINTS,
  PARTNER_PDFS,
  PROCESS,
  RESOURCE_PLATFORMS,
  type ResourceAccount,
  STATS,
  TOP_SLIDES,
} from "./data";

const chunk = <T,>(list: T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / n) }, (_v, i) => list.slice(i * n, i * n + n));

export function Stats() {
  return (
    <ul className="mcn-stats" aria-label="资源数据">
      {STATS.map((s) => (
        <li key={s.label}>
          <strong>
            {s.value}
            <small>{s.unit}</small>
          </strong>
          <span>{s.label}</span>
        </li>
      ))}
    </ul>
  );
}

export function Steps(props: { which: keyof typeof PROCESS }) {
  const p = PROCESS[props.which];
  return (
    <div className="mcn-process">
      <h3>{p.title}</h3>
      <ol>
        {p.steps.map((s, i) => (
          <li key={s.title}>
            <span className="mcn-step-no">{i + 1}</span>
            <b>{s.title}</b>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

function AccountCard({ a, hue }: { a: ResourceAccount; hue: number }) {
  return (
    <div className="mcn-account">
      <span className="mcn-avatar" style={{ background: `hsl(${hue},70%,55%)` }} aria-hidden="true">
        {a.name.slice(0, 1)}
      </span>
      <b>{a.name}</b>
      <span className="mcn-tag">{a.category}</span>
      <span className="mcn-fans">粉丝 {a.fans}</span>
    </div>
  );
}

function Resources() {
  const [active, setActive] = useState(RESOURCE_PLATFORMS[0]!.key);
  const platform = RESOURCE_PLATFORMS.find((p) => p.key === active)!;
  return (
    <>
      <div className="mcn-platform-tabs" role="tablist" aria-label="平台">
        {RESOURCE_PLATFORMS.map((p) => (
          <button
            key={p.key}
            type="button"
            role="tab"
            id={`mcn-tab-${p.key}`}
            aria-selected={p.key === active}
            aria-controls="mcn-platform-panel"
            className={p.key === active ? "mcn-platform-tab active" : "mcn-platform-tab"}
            onClick={() => setActive(p.key)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div id="mcn-platform-panel" role="tabpanel" aria-labelledby={`mcn-tab-${active}`}>
        <p className="mcn-platform-summary">{platform.summary}</p>
        <Carousel
          key={platform.key}
          label={`${platform.label}达人资源`}
          className="mcn-resources"
          slides={chunk(platform.accounts, 4).map((group, g) => (
            <div className="mcn-accounts" key={group[0]!.name}>
              {group.map((a, i) => (
                <AccountCard key={a.name} a={a} hue={(g * 4 + i) * 45 + 10} />
              ))}
            </div>
          ))}
        />
      </div>
    </>
  );
}

/** A row of four cards, each a title and a text; `numbered` puts 01, 02, … above the titles. */
function TextCards(props: {
  cards: { title: string; text: string }[];
  numbered?: boolean;
  cardClass?: string;
}) {
  return (
    <ul className="mcn-cards four">
      {props.cards.map((c, i) => (
        <li key={c.title} className={props.cardClass}>
          {props.numbered && <span className="mcn-card-no">{String(i + 1).padStart(2, "0")}</span>}
          <h3>{c.title}</h3>
          <p>{c.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The two buttons that open the merchant and the influencer tab of this page. */
function TabButtons(props: { business: string; expert: string; expertStyle: "ghost" | "outline" }) {
  return (
    <>
      <Link to="?tab=business" className="mcn-btn primary">
        {props.business}
      </Link>
      <Link to="?tab=expert" className={`mcn-btn ${props.expertStyle}`}>
        {props.expert}
      </Link>
    </>
  );
}

function Section(props: {
  id: string;
  title: string;
  sub?: string;
  alt?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section className={`mcn-section${props.alt ? " alt" : ""}`} aria-labelledby={`${props.id}-title`}>
      <div className="mcn-inner">
        <h2 id={`${props.id}-title`}>{props.title}</h2>
        {props.sub && <p className="mcn-sub">{props.sub}</p>}
        {props.children}
      </div>
    </section>
  );
}

/** The MCN intro (docs/product.md §2 MCN page): everything a merchant or an influencer reads before signing up. */
export function Intro() {
  return (
    <div className="mcn-intro">
      <Carousel
        label="电商报 MCN"
        className="mcn-top"
        autoplayMs={5000}
        slides={TOP_SLIDES.map((s, i) => (
          <div className="mcn-top-slide" key={s.image} style={{ backgroundImage: `url(${s.image})` }}>
            <div className="mcn-inner">
              {i === 0 ? <h1>{s.title}</h1> : <p className="mcn-top-title">{s.title}</p>}
              <p>{s.text}</p>
              <div className="mcn-cta">
                <TabButtons business="我是商家，立即合作" expert="我是达人，申请入驻" expertStyle="ghost" />
              </div>
            </div>
          </div>
        ))}
      />

      <Section id="mcn-stats" title="资源实力" sub="全平台达人矩阵与专业内容团队">
        <Stats />
      </Section>

      <Section id="mcn-pain" title="商家痛点" sub="做内容种草，你是否也遇到这些问题？" alt>
        <TextCards cards={PAIN_POINTS} numbered />
      </Section>

      <Section id="mcn-adv" title="我们的优势" sub="电商报 MCN 为品牌提供一站式内容营销服务">
        <TextCards cards={ADVANTAGES} cardClass="mcn-adv-card" />
      </Section>

      <Section id="mcn-res" title="达人资源" sub="按平台查看部分合作达人" alt>
        <Resources />
      </Section>

      <Section id="mcn-process" title="合作流程" sub="流程清晰，全程专人对接">
        <div className="mcn-process-wrap">
          <Steps which="business" />
          <Steps which="expert" />
        </div>
      </Section>

      <Section id="mcn-cases" title="合作案例" sub="点击封面播放案例视频" alt>
        <ul className="mcn-cases">
          {CASES.map((c) => (
            <li key={c.key}>
              <CaseVideo title={c.title} poster={c.poster} src={c.video} />
              <h3>{c.title}</h3>
              <span className="mcn-tag">{c.brand}</span>
              <p>{c.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="mcn-brands" title="合作品牌" sub="查看品牌合作案例资料（PDF，新窗口打开）">
        <ul className="mcn-pdfs">
          {PARTNER_PDFS.map((p) => (
            <li key={p.key}>
              <a href={p.file} target="_blank" rel="noopener noreferrer">
                <span className="mcn-pdf-icon" aria-hidden="true">
                  PDF
                </span>
                <span>
                  <b>{p.title}</b>
                  <small>{p.summary}</small>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="mcn-contact" title={CONTACT.title} alt>
        <div className="mcn-contact">
          <dl>
            {CONTACT.lines.map((l) => (
              <div key={l.label}>
                <dt>{l.label}</dt>
                <dd>{l.value}</dd>
              </div>
            ))}
          </dl>
          <div className="mcn-cta">
            <TabButtons business="商家合作" expert="达人合作" expertStyle="outline" />
          </div>
        </div>
      </Section>
    </div>
  );
}
