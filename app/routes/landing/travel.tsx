import { useEffect, useId, useRef, useState } from "react";
import { data } from "react-router";
import type { RouteCache } from "../../../contract/cache-tags";
import { useWechatShare } from "../../components/useWechatShare";
import {
  CtaLink,
  DATA_LANDING_HEADERS,
  LandingShell,
  landingMeta,
  NO_STORE_HEADERS,
  Picture,
  prefersReducedMotion,
} from "../../landing/kit";
import { travelListFor } from "../../landing/travel-lists.server";
import type { Route } from "./+types/travel";

/** Page cache: the query parameters the loader reads and what the page shows (contract/cache-tags.ts). */
export const handle: { cache: RouteCache } = { cache: { tags: () => ["travel-tabs", "travel-items"] } };

/**
 * The travel shopping lists (docs/product.md §2): tabs of items with image, name, destination (list 2), the
 * lowest promo price and a copy-code button. Tabs and items come from the database (the travel
 * list); when they cannot be read the page shows an empty state instead of breaking (docs/product.md §8).
 */
interface Row {
  id: number;
  picUrl: string;
  name: string;
  location: string;
  price: number;
  password: string;
}
interface Tab {
  tabId: number;
  tabName: string;
  items: Row[];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const page = travelListFor(url.pathname);
  if (!page) throw data(null, { status: 404 });
  const origin = context.origin;
  try {
    const { tabs, items } = await context.services.site.travelLists();
    const list: Tab[] = tabs
      .filter((t) => t.listKey === page.listKey)
      .map((t) => ({
        tabId: t.tabId,
        tabName: t.tabName,
        items: items
          .filter((i) => i.tabId === t.tabId)
          .map(({ id, picUrl, name, location, price, password }) => ({
            id,
            picUrl,
            name,
            location,
            price,
            password,
          })),
      }));
    return { page, origin, tabs: list, failed: false };
  } catch (err) {
    context.services.logger.warn(
      { err: (err as Error).message, path: url.pathname },
      "travel list unavailable",
    );
    const tabs: Tab[] = page.fallbackTabs.map((tabName, i) => ({ tabId: -(i + 1), tabName, items: [] }));
    return data({ page, origin, tabs, failed: true }, { headers: NO_STORE_HEADERS });
  }
}

/** Console edits show at once: the news pages' short micro-cache; a failed read is not kept. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.get("Cache-Control") ? loaderHeaders : DATA_LANDING_HEADERS;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, origin } = loaderData;
  return landingMeta({ ...page, origin, shareImage: page.banner.src });
}

/** Clipboard API where there is one; otherwise a selected textarea and execCommand("copy"). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the textarea
  }
  const ta = document.createElement("textarea");
  ta.value = text;
  ta.setAttribute("readonly", "");
  ta.style.position = "fixed";
  ta.style.top = "0";
  ta.style.opacity = "0";
  document.body.append(ta);
  ta.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  ta.remove();
  return ok;
}

const ROW_HEIGHT = 100;
/** Auto-scroll speed of the endless list, in px per second. */
const SPEED = 24;

/**
 * The endless list: the tab's rows twice, 100px each. It drifts upwards on its own (paused while
 * hovered, focused or touched, and never for reduced-motion visitors) and, auto or by hand, jumps
 * back by one copy's height whenever it passes the first copy, so the loop has no seam.
 */
function EndlessList({
  tab,
  showDestination,
  onCopy,
}: {
  tab: Tab;
  showDestination: boolean;
  onCopy: (r: Row) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const held = useRef(false);
  const loop = tab.items.length * ROW_HEIGHT;

  // Changing tab resets the scroll to the top (docs/product.md §2).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on tab change only
  useEffect(() => {
    if (box.current) box.current.scrollTop = 0;
  }, [tab.tabId]);

  useEffect(() => {
    const el = box.current;
    if (!el || loop === 0 || prefersReducedMotion()) return;
    let raf = 0;
    let last = performance.now();
    let carry = 0;
    const step = (now: number) => {
      const dt = Math.min(now - last, 100);
      last = now;
      if (!held.current && el.scrollHeight > el.clientHeight) {
        carry += (SPEED * dt) / 1000;
        const px = Math.floor(carry);
        if (px > 0) {
          carry -= px;
          el.scrollTop += px;
        }
      }
      raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [loop]);

  if (tab.items.length === 0) {
    return (
      <div className="tl-empty" role="status">
        <p>暂时没有可领取的口令商品</p>
        <p className="lp-note">清单正在更新，请稍后刷新再看，或先逛逛其他分类。</p>
        <a href="/">返回首页</a>
      </div>
    );
  }
  const hold = (v: boolean) => () => {
    held.current = v;
  };
  return (
    <div
      ref={box}
      className="tl-scroll"
      data-testid="travel-scroll"
      role="region"
      aria-label={`${tab.tabName} 商品列表`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        if (loop > 0 && el.scrollTop >= loop) el.scrollTop -= loop;
      }}
      onPointerEnter={hold(true)}
      onPointerLeave={hold(false)}
      onFocus={hold(true)}
      onBlur={hold(false)}
      onTouchStart={hold(true)}
      onTouchEnd={hold(false)}
    >
      <ul className="tl-rows">
        {[0, 1].flatMap((copy) =>
          tab.items.map((r) => (
            <li key={`${copy}-${r.id}`} className="tl-row" style={{ height: ROW_HEIGHT }}>
              <img src={r.picUrl} alt="" width={120} height={80} loading="lazy" decoding="async" />
              <span className="tl-name">{r.name}</span>
              {showDestination && <span className="tl-dest">{r.location}</span>}
              <span className="tl-price">
                <small>最低 ¥</small>
                {r.price}
              </span>
              <button type="button" className="lp-btn lp-btn--primary tl-copy" onClick={() => onCopy(r)}>
                复制口令
              </button>
            </li>
          )),
        )}
      </ul>
    </div>
  );
}

export default function TravelList({ loaderData }: Route.ComponentProps) {
  useWechatShare();
  const { page, tabs, failed } = loaderData;
  const [active, setActive] = useState(0);
  const [copied, setCopied] = useState<{ code: string; ok: boolean } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const uid = useId();
  const tab = tabs[active] ?? tabs[0];

  useEffect(() => {
    const d = dialog.current;
    if (copied && d && !d.open) d.showModal();
  }, [copied]);

  const onCopy = async (r: Row) => {
    const ok = await copyText(r.password);
    setCopied({ code: r.password, ok });
  };

  return (
    <LandingShell name={page.name}>
      <div className="tl-banner">
        <Picture pic={page.banner} eager className="tl-banner-bg" />
        <div className="tl-banner-text">
          <h1>{page.name}</h1>
          <p>{page.intro}</p>
        </div>
      </div>
      <section className="tl-list lp-wrap" aria-label={page.name}>
        <div className="tl-tabs" role="tablist" aria-label="分类">
          {tabs.map((t, i) => (
            <button
              key={t.tabId}
              id={`${uid}-tab-${i}`}
              type="button"
              role="tab"
              aria-selected={i === active}
              aria-controls={`${uid}-panel`}
              onClick={() => setActive(i)}
            >
              {t.tabName}
            </button>
          ))}
        </div>
        <div
          id={`${uid}-panel`}
          role="tabpanel"
          aria-labelledby={`${uid}-tab-${active}`}
          className="tl-panel"
        >
          <div className={page.showDestination ? "tl-head tl-head--dest" : "tl-head"} aria-hidden="true">
            <span>商品</span>
            <span />
            {page.showDestination && <span>目的地</span>}
            <span>最低优惠价</span>
            <span>口令</span>
          </div>
          {failed || !tab ? (
            <div className="tl-empty" role="status">
              <p>清单暂时无法加载</p>
              <p className="lp-note">请稍后刷新页面重试。</p>
              <a href="/">返回首页</a>
            </div>
          ) : (
            <EndlessList tab={tab} showDestination={page.showDestination} onCopy={(r) => void onCopy(r)} />
          )}
        </div>
      </section>
      <dialog
        ref={dialog}
        className="tl-dialog"
        aria-labelledby={`${uid}-dialog-title`}
        onClose={() => setCopied(null)}
      >
        {copied && (
          <>
            <h2 id={`${uid}-dialog-title`}>{copied.ok ? "复制成功" : "请手动复制"}</h2>
            <p>
              {copied.ok ? "口令已复制：" : "浏览器不允许自动复制，请长按选择口令："}
              <strong className="tl-code">{copied.code}</strong>
            </p>
            <p className="lp-note">
              {copied.ok ? "快去旅行 App 粘贴口令购买吧！" : "复制后打开旅行 App 粘贴口令购买。"}
            </p>
            <p className="tl-dialog-actions">
              <CtaLink cta={{ ...page.buy, variant: "ghost" }} />
              <button
                type="button"
                className="lp-btn lp-btn--primary"
                onClick={() => dialog.current?.close()}
              >
                确定
              </button>
            </p>
          </>
        )}
      </dialog>
    </LandingShell>
  );
}
