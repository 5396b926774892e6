import { Link, useSearchParams } from "react-router";
import type { RouteCache } from "../../../contract/cache-tags";
import { BusinessForm, ExpertForm } from "../../components/lead-forms/LeadForms";
import { useWechatShare } from "../../components/useWechatShare";
import { SITE_NAME } from "../../root";
import type { Route } from "./+types/page";
import { CONTACT, MCN_MENU, type McnTab } from "./data";
import { Intro, Stats, Steps } from "./Intro";
import "./mcn.css";

/** Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = { cache: { query: ["tab"], tags: () => [] } };

const TITLE = `电商报 MCN · 达人营销与内容种草 - ${SITE_NAME}`;
const DESCRIPTION =
  "电商报 MCN：小红书、微博、抖音 13000+ 达人账号，200+ 写手与专业拍摄团队，为品牌提供内容种草一站式服务；达人入驻可获商单推荐与流量扶持。";

export function meta(): Route.MetaDescriptors {
  return [
    { title: TITLE },
    { name: "description", content: DESCRIPTION },
    { property: "og:title", content: TITLE },
    { property: "og:description", content: DESCRIPTION },
    { property: "og:image", content: "/mcn/banner-1.svg" },
  ];
}

/** Nothing on this page differs per visitor: the page micro-cache may keep it for a minute. */
export function headers() {
  return { "Cache-Control": "public, max-age=0, s-maxage=60" };
}

const tabOf = (v: string | null): McnTab => (v === "business" || v === "expert" ? v : "intro");

function FormPanel(props: { which: "business" | "expert"; active: boolean }) {
  const business = props.which === "business";
  return (
    <div className="mcn-form-page">
      <div className="mcn-inner mcn-form-layout">
        <div className="mcn-form-card">
          <h1>{business ? "商家合作" : "达人合作"}</h1>
          <p className="mcn-sub">
            {business
              ? "留下您的联系方式与品牌信息，商务同事将在 1 个工作日内与您联系。"
              : "加入电商报 MCN，获得品牌商单推荐、内容指导与流量扶持。"}
          </p>
          {business ? <BusinessForm /> : <ExpertForm active={props.active} />}
        </div>
        <aside className="mcn-form-aside">
          <Steps which={props.which} />
          <div className="mcn-aside-contact">
            <h3>{CONTACT.title}</h3>
            <p>{CONTACT.lines[business ? 0 : 1]!.value}</p>
            <p>{CONTACT.lines[2]!.value}</p>
          </div>
        </aside>
      </div>
      <div className="mcn-inner">
        <Stats />
      </div>
    </div>
  );
}

/** /wxmcn — docs/product.md §2 MCN page: a three-item menu (intro, merchant form, influencer form), exactly one active. */
export default function McnPage() {
  const [params] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  useWechatShare();
  return (
    <div className="mcn-page">
      <header className="mcn-header">
        <div className="mcn-inner mcn-header-row">
          <Link to="/" className="mcn-logo">
            {SITE_NAME}
            <span>MCN</span>
          </Link>
          <nav className="mcn-menu" aria-label="MCN 菜单">
            {MCN_MENU.map((m) => (
              <Link
                key={m.tab}
                to={m.tab === "intro" ? "/wxmcn" : `/wxmcn?tab=${m.tab}`}
                aria-current={m.tab === tab ? "page" : undefined}
                className={m.tab === tab ? "active" : undefined}
              >
                {m.label}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      <main>
        {/* Both forms stay mounted so switching the menu keeps what was typed. */}
        <div hidden={tab !== "intro"}>
          <Intro />
        </div>
        <div hidden={tab !== "business"}>
          <FormPanel which="business" active={tab === "business"} />
        </div>
        <div hidden={tab !== "expert"}>
          <FormPanel which="expert" active={tab === "expert"} />
        </div>
      </main>
      <footer className="mcn-footer">
        <div className="mcn-inner">
          <p>
            {SITE_NAME} MCN · {CONTACT.lines[0]!.label} {CONTACT.lines[0]!.value} · {CONTACT.lines[2]!.value}
          </p>
          <p>
            <Link to="/">返回{SITE_NAME}首页</Link>
          </p>
        </div>
      </footer>
    </div>
  );
}
