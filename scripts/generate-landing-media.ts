/**
 * Draws every picture the landing pages name (server/seed/landing, app/landing/pages) into public/landing/, plus
 * the placeholder clips and their captions (they are committed; run again after adding a picture):
 *
 *   node scripts/run-ts.mjs scripts/generate-landing-media.ts
 *
 * - pictures: flat gradients in brand-friendly hues; posters carry their Chinese caption, hero
 *   backgrounds none (the headline is HTML on top), portraits a surname, feeds a tall note screenshot
 * - video/portrait-N.mp4, video/wide-N.mp4: 4-second H.264 clips recorded from a canvas with
 *   Chromium's MediaRecorder (no ffmpeg needed); video/placeholder.vtt their captions
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { page as travel1 } from "../app/landing/pages/travel-list1";
import { page as travel2 } from "../app/landing/pages/travel-list2";
import type { Pic } from "../app/landing/types";
import { LANDING_SEED as LANDING_PAGES } from "../server/seed/landing";
import { LANDSCAPE_CLIPS, PLACEHOLDER_CAPTIONS, PORTRAIT_CLIPS } from "../server/seed/landing/shared";
import { CHROMIUM, CHROMIUM_ARGS } from "../tools/chromium";

const PUBLIC = path.resolve("public");
const FONT = "PingFang SC, Hiragino Sans GB, Microsoft YaHei, Noto Sans CJK SC, sans-serif";
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Brand vermilion first, then warm and cool companions. */
const HUES = [14, 24, 200, 340, 168, 262, 36, 212, 190, 28];
/** indexes into HUES of the warm hues that keep white text readable (14, 24, 340) */
const WARM = [0, 1, 3];
function hash(s: string): number {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

function collectPics(value: unknown, out: Map<string, Pic>) {
  if (Array.isArray(value)) {
    for (const v of value) collectPics(v, out);
    return;
  }
  if (!value || typeof value !== "object") return;
  const o = value as Record<string, unknown>;
  if (
    typeof o.src === "string" &&
    o.src.startsWith("/landing/") &&
    o.src.endsWith(".svg") &&
    typeof o.w === "number"
  ) {
    out.set(o.src, o as unknown as Pic);
    return;
  }
  for (const v of Object.values(o)) collectPics(v, out);
}

function gradient(seed: number, w: number, h: number, spread?: number) {
  const a = HUES[seed % HUES.length]!;
  const b = (a + (spread ?? 22 + (seed % 4) * 9)) % 360;
  return {
    a,
    b,
    defs: `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${a},78%,56%)"/><stop offset="1" stop-color="hsl(${b},72%,40%)"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>`,
  };
}

function background(p: Pic, seed: number): string {
  const { w, h } = p;
  const g = gradient(seed, w, h, 16);
  // Floating "content cards" on the right half, where the hotspots sit.
  const cards = [0, 1, 2, 3, 4]
    .map((k) => {
      const x = Math.round(w * 0.56 + k * 120 + (k % 2) * 16);
      const y = Math.round(h * 0.16 + (k % 2) * 70 + (k === 4 ? 90 : 0));
      return `<g transform="translate(${x} ${y}) rotate(${k % 2 ? 6 : -5})" opacity=".5">
<rect width="112" height="176" rx="14" fill="#fff" fill-opacity=".85"/>
<rect x="10" y="10" width="92" height="96" rx="8" fill="hsl(${(g.a + k * 40) % 360},70%,62%)"/>
<rect x="10" y="118" width="76" height="9" rx="4.5" fill="#1F2329" fill-opacity=".45"/>
<rect x="10" y="135" width="52" height="9" rx="4.5" fill="#1F2329" fill-opacity=".2"/>
</g>`;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<title>${esc(p.alt)}</title>${g.defs}
<circle cx="${Math.round(w * 0.86)}" cy="${Math.round(h * 0.1)}" r="${Math.round(h * 0.55)}" fill="#fff" fill-opacity=".07"/>
<circle cx="${Math.round(w * 0.08)}" cy="${Math.round(h * 1.02)}" r="${Math.round(h * 0.45)}" fill="#fff" fill-opacity=".06"/>
<path d="M0 ${Math.round(h * 0.78)} C ${Math.round(w * 0.3)} ${Math.round(h * 0.62)}, ${Math.round(w * 0.6)} ${Math.round(h * 0.95)}, ${w} ${Math.round(h * 0.7)} L ${w} ${h} L 0 ${h} Z" fill="#fff" fill-opacity=".06"/>
${cards}
</svg>
`;
}

function poster(p: Pic, seed: number): string {
  const { w, h } = p;
  const g = gradient(seed, w, h);
  const size = Math.round(Math.min((w * 0.8) / Math.max(p.alt.length, 4), h / 5.5));
  const sub = p.sub
    ? `<rect x="${Math.round(w / 2 - (p.sub.length * size * 0.42 + 24) / 2)}" y="${Math.round(h / 2 + size * 0.75)}" width="${Math.round(p.sub.length * size * 0.42 + 24)}" height="${Math.round(size * 0.7)}" rx="${Math.round(size * 0.35)}" fill="#fff" fill-opacity=".2"/>
<text x="50%" y="${Math.round(h / 2 + size * 1.25)}" font-family="${FONT}" font-size="${Math.round(size * 0.4)}" fill="#fff" text-anchor="middle">${esc(p.sub)}</text>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<title>${esc(p.alt)}</title>${g.defs}
<circle cx="${Math.round(w * 0.85)}" cy="${Math.round(h * 0.18)}" r="${Math.round(Math.min(w, h) * 0.42)}" fill="#fff" fill-opacity=".09"/>
<circle cx="${Math.round(w * 0.1)}" cy="${Math.round(h * 0.95)}" r="${Math.round(Math.min(w, h) * 0.32)}" fill="#fff" fill-opacity=".07"/>
<rect x="${Math.round(w * 0.06)}" y="${Math.round(h * 0.08)}" width="${Math.round(w * 0.14)}" height="6" rx="3" fill="#fff" fill-opacity=".6"/>
<text x="50%" y="${Math.round(h / 2 + size * 0.3)}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${esc(p.alt)}</text>
${sub}</svg>
`;
}

function portrait(p: Pic, seed: number): string {
  const { w, h } = p;
  const g = gradient(seed, w, h);
  const surname = [...p.alt][0] ?? "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<title>${esc(p.alt)}</title>${g.defs}
<circle cx="${w / 2}" cy="${h * 0.4}" r="${w * 0.2}" fill="#fff" fill-opacity=".9"/>
<path d="M${w * 0.16} ${h} C ${w * 0.18} ${h * 0.68}, ${w * 0.82} ${h * 0.68}, ${w * 0.84} ${h} Z" fill="#fff" fill-opacity=".9"/>
<text x="50%" y="${h * 0.4 + w * 0.08}" font-family="${FONT}" font-size="${Math.round(w * 0.22)}" font-weight="700" fill="hsl(${g.a},70%,45%)" text-anchor="middle">${esc(surname)}</text>
</svg>
`;
}

function feed(p: Pic, seed: number): string {
  const { w, h } = p;
  const g = gradient(seed, w, h);
  const blocks: string[] = [];
  let y = 96;
  for (let k = 0; y < h - 40; k++) {
    const tall = k % 3 === 0;
    const ih = tall ? 260 : 180;
    blocks.push(`<rect x="16" y="${y}" width="${w - 32}" height="${ih + 92}" rx="12" fill="#fff"/>
<rect x="28" y="${y + 12}" width="${w - 56}" height="${ih}" rx="8" fill="hsl(${(g.a + k * 37) % 360},70%,${tall ? 62 : 70}%)"/>
<circle cx="${w - 60}" cy="${y + 40}" r="${tall ? 26 : 18}" fill="#fff" fill-opacity=".35"/>
<rect x="28" y="${y + ih + 24}" width="${Math.round((w - 56) * (0.7 + (k % 3) * 0.1))}" height="12" rx="6" fill="#1F2329" fill-opacity=".7"/>
<rect x="28" y="${y + ih + 46}" width="${Math.round((w - 56) * 0.55)}" height="10" rx="5" fill="#1F2329" fill-opacity=".25"/>
<circle cx="40" cy="${y + ih + 74}" r="9" fill="hsl(${g.b},70%,55%)"/>
<rect x="56" y="${y + ih + 69}" width="60" height="10" rx="5" fill="#1F2329" fill-opacity=".25"/>
<path d="M${w - 64} ${y + ih + 72}c0-5 7-7 9-1 2-6 9-4 9 1 0 6-9 11-9 11s-9-5-9-11z" fill="#E8380D"/>`);
    y += ih + 108;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<title>${esc(p.alt)}</title>
<rect width="${w}" height="${h}" fill="#F5F6F7"/>
${g.defs.replace(`<rect width="${w}" height="${h}" fill="url(#g)"/>`, `<rect width="${w}" height="80" fill="url(#g)"/>`)}
<text x="20" y="50" font-family="${FONT}" font-size="22" font-weight="700" fill="#fff">${esc(p.alt.replace(/长图$/, ""))}</text>
${blocks.join("\n")}
</svg>
`;
}

function draw(p: Pic): string {
  const seed = hash(p.src);
  switch (p.art ?? "poster") {
    case "bg":
      // Hero backgrounds stay in the warm brand family: vermilion, orange, rose.
      return background(p, WARM[hash(path.dirname(p.src)) % WARM.length]!);
    case "portrait":
      return portrait(p, seed);
    case "feed":
      return feed(p, seed);
    default:
      return poster(p, seed);
  }
}

const VTT = `WEBVTT

00:00:00.000 --> 00:00:04.000
（示意短片，无对白）
`;

async function recordClips() {
  const jobs = [
    ...PORTRAIT_CLIPS.map((src, i) => ({
      src,
      w: 360,
      h: 640,
      title: ["开箱测评", "场景种草", "达人口播"][i] ?? "示意短片",
      seed: i,
    })),
    ...LANDSCAPE_CLIPS.map((src, i) => ({
      src,
      w: 640,
      h: 360,
      title: ["大会现场", "嘉宾访谈", "案例回顾"][i] ?? "示意短片",
      seed: i + 3,
    })),
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    for (const job of jobs) {
      const a = HUES[job.seed % HUES.length]!;
      const b = (a + 30) % 360;
      const base64 = await page.evaluate(
        async ({ w, h, title, a, b, font }) => {
          const type = "video/mp4;codecs=avc1.42E01E";
          if (!MediaRecorder.isTypeSupported(type)) throw new Error(`this Chromium cannot record ${type}`);
          const canvas = document.createElement("canvas");
          canvas.width = w;
          canvas.height = h;
          document.body.append(canvas);
          const ctx = canvas.getContext("2d")!;
          const rec = new MediaRecorder(canvas.captureStream(25), {
            mimeType: type,
            videoBitsPerSecond: 250_000,
          });
          const chunks: Blob[] = [];
          rec.ondataavailable = (e) => chunks.push(e.data);
          rec.start();
          const t0 = performance.now();
          await new Promise<void>((done) => {
            const frame = () => {
              const t = (performance.now() - t0) / 1000;
              const g = ctx.createLinearGradient(0, 0, w, h);
              g.addColorStop(0, `hsl(${a + t * 8},78%,56%)`);
              g.addColorStop(1, `hsl(${b + t * 8},72%,40%)`);
              ctx.fillStyle = g;
              ctx.fillRect(0, 0, w, h);
              // A play-like ring that breathes, and cards drifting upwards like a feed.
              ctx.fillStyle = "rgba(255,255,255,.12)";
              ctx.beginPath();
              ctx.arc(w * 0.78, h * 0.22, Math.min(w, h) * (0.28 + 0.03 * Math.sin(t * 3)), 0, Math.PI * 2);
              ctx.fill();
              for (let k = 0; k < 3; k++) {
                const cw = Math.min(w, h) * 0.42;
                const x = w * 0.08 + k * (cw * 0.75);
                const y = h * 0.85 - ((t * 60 + k * 70) % (h * 0.9));
                ctx.fillStyle = "rgba(255,255,255,.88)";
                ctx.beginPath();
                ctx.roundRect(x, y, cw, cw * 1.2, 12);
                ctx.fill();
                ctx.fillStyle = `hsl(${(a + k * 40) % 360},70%,62%)`;
                ctx.fillRect(x + 8, y + 8, cw - 16, cw * 0.7);
              }
              ctx.fillStyle = "#fff";
              ctx.globalAlpha = Math.min(1, t / 1.2);
              ctx.font = `700 ${Math.round(Math.min(w, h) * 0.09)}px ${font}`;
              ctx.fillText(title, w * 0.08, h * 0.16);
              ctx.font = `${Math.round(Math.min(w, h) * 0.05)}px ${font}`;
              ctx.fillText("示意短片", w * 0.08, h * 0.16 + Math.min(w, h) * 0.08);
              ctx.globalAlpha = 1;
              if (t < 4) requestAnimationFrame(frame);
              else done();
            };
            frame();
          });
          rec.stop();
          await new Promise((r) => {
            rec.onstop = r;
          });
          const buf = new Uint8Array(await new Blob(chunks, { type }).arrayBuffer());
          let bin = "";
          for (const x of buf) bin += String.fromCharCode(x);
          canvas.remove();
          return btoa(bin);
        },
        { w: job.w, h: job.h, title: job.title, a, b, font: FONT },
      );
      const file = path.join(PUBLIC, job.src);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, Buffer.from(base64, "base64"));
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  const pics = new Map<string, Pic>();
  collectPics([LANDING_PAGES, travel1, travel2], pics);
  for (const p of pics.values()) {
    const file = path.join(PUBLIC, p.src);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, draw(p));
  }
  const vtt = path.join(PUBLIC, PLACEHOLDER_CAPTIONS);
  fs.mkdirSync(path.dirname(vtt), { recursive: true });
  fs.writeFileSync(vtt, VTT);
  if (!process.argv.includes("--no-video")) await recordClips();
  let total = 0;
  let count = 0;
  for (const f of fs.readdirSync(path.join(PUBLIC, "landing"), { recursive: true, withFileTypes: true })) {
    if (f.isFile()) {
      total += fs.statSync(path.join(f.parentPath, f.name)).size;
      count++;
    }
  }
  console.info(`public/landing: ${count} files, ${Math.round(total / 1024)} KB (${pics.size} pictures)`);
}

await main();
