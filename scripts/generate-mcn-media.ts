/**
 * Draws the pictures, case videos and partner-brand PDFs of the MCN page into public/mcn/ (they are
 * committed; run again after changing app/routes/mcn/data.ts):
 *
 *   node scripts/run-ts.mjs scripts/generate-mcn-media.ts
 *
 * - banner-N.svg: top-carousel backgrounds (the slide text is HTML on top of them)
 * - case-<key>.svg: video posters; case-<key>.mp4: a 4-second H.264 clip recorded from a canvas
 *   with Chromium's MediaRecorder (no ffmpeg needed)
 * - pdf/<key>-case.pdf: one-page case sheets printed by Chromium (page.pdf)
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CASES, PARTNER_PDFS, TOP_SLIDES } from "../app/routes/mcn/data";
import { CHROMIUM, CHROMIUM_ARGS } from "../tools/chromium";

const OUT = path.resolve("public", "mcn");
const FONT = "PingFang SC, Hiragino Sans GB, Microsoft YaHei, Noto Sans CJK SC, sans-serif";
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Hues per picture: brand vermilion first, then warm and cool companions. */
const HUES = [
  [14, 32],
  [200, 226],
  [340, 14],
  [24, 44],
  [168, 196],
  [262, 290],
] as const;

function bannerSvg(i: number): string {
  const [a, b] = HUES[i % HUES.length]!;
  const w = 1440;
  const h = 400;
  // Abstract "content feed" cards floating on the right: notes, videos, likes.
  const cards = [0, 1, 2, 3]
    .map((k) => {
      const x = 860 + k * 130 + (k % 2) * 20;
      const y = 70 + (k % 2) * 60;
      return `<g transform="translate(${x} ${y}) rotate(${k % 2 ? 6 : -5})">
<rect width="120" height="200" rx="14" fill="#fff" fill-opacity=".92"/>
<rect x="10" y="10" width="100" height="110" rx="8" fill="hsl(${(a + k * 40) % 360},70%,62%)"/>
<rect x="10" y="132" width="84" height="10" rx="5" fill="#1F2329" fill-opacity=".55"/>
<rect x="10" y="150" width="60" height="10" rx="5" fill="#1F2329" fill-opacity=".25"/>
<circle cx="20" cy="180" r="8" fill="hsl(${b},70%,55%)"/><rect x="34" y="175" width="40" height="10" rx="5" fill="#1F2329" fill-opacity=".25"/>
<path d="M96 176c0-4 6-6 8-1 2-5 8-3 8 1 0 5-8 9-8 9s-8-4-8-9z" fill="#E8380D"/>
</g>`;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<title>${esc(TOP_SLIDES[i]!.title)}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${a},80%,52%)"/><stop offset="1" stop-color="hsl(${b},75%,40%)"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="1240" cy="40" r="260" fill="#fff" fill-opacity=".07"/>
<circle cx="120" cy="420" r="220" fill="#fff" fill-opacity=".06"/>
<circle cx="760" cy="360" r="90" fill="#fff" fill-opacity=".05"/>
${cards}
</svg>
`;
}

function posterSvg(i: number, title: string, brand: string): string {
  const [a, b] = HUES[(i + 2) % HUES.length]!;
  const w = 640;
  const h = 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<title>${esc(title)}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${a},78%,56%)"/><stop offset="1" stop-color="hsl(${b},72%,40%)"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="560" cy="60" r="150" fill="#fff" fill-opacity=".08"/>
<circle cx="60" cy="340" r="120" fill="#fff" fill-opacity=".06"/>
<text x="32" y="302" font-family="${FONT}" font-size="30" font-weight="700" fill="#fff">${esc(title)}</text>
<text x="32" y="336" font-family="${FONT}" font-size="18" fill="#fff" fill-opacity=".85">${esc(brand)} · 案例视频</text>
</svg>
`;
}

function pdfHtml(p: (typeof PARTNER_PDFS)[number], caseText: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>
body{font-family:${FONT};color:#1F2329;margin:0;padding:48px 56px}
h1{font-size:28px;margin:0 0 8px;color:#E8380D}
h2{font-size:18px;margin:28px 0 8px}
p,li{font-size:14px;line-height:1.8;color:#646A73}
.tag{display:inline-block;background:#FFF1EC;color:#E8380D;border-radius:4px;padding:2px 10px;font-size:13px}
.grid{display:flex;gap:16px;margin-top:12px}
.grid div{flex:1;border:1px solid #E5E6EB;border-radius:8px;padding:16px;text-align:center}
.grid b{display:block;font-size:26px;color:#E8380D}
footer{margin-top:40px;font-size:12px;color:#8F959E;border-top:1px solid #E5E6EB;padding-top:12px}
</style></head><body>
<h1>${esc(p.title)}</h1><span class="tag">${esc(p.summary)}</span>
<h2>合作背景</h2><p>${esc(p.brand)}（示例品牌）希望在新一轮推广中提升品牌认知与转化，委托电商报 MCN 制定全平台内容种草方案。</p>
<h2>执行方案</h2><ul><li>按品类与人群画像筛选达人，分层组合头部、腰部与素人账号；</li><li>内容团队共创选题与脚本，统一品牌信息、保留达人风格；</li><li>分阶段排期发布，实时监测互动与舆情并及时调整。</li></ul>
<h2>合作成果</h2><p>${esc(caseText)}</p>
<div class="grid"><div><b>60+</b>合作达人</div><div><b>480万+</b>内容曝光</div><div><b>3.2倍</b>转化提升</div></div>
<footer>电商报 MCN · 本文件为示例案例资料，数据仅作展示。</footer>
</body></html>`;
}

async function main() {
  fs.mkdirSync(path.join(OUT, "pdf"), { recursive: true });
  TOP_SLIDES.forEach((_s, i) => {
    fs.writeFileSync(path.join(OUT, `banner-${i + 1}.svg`), bannerSvg(i));
  });
  CASES.forEach((c, i) => {
    fs.writeFileSync(path.join(OUT, path.basename(c.poster)), posterSvg(i, c.title, c.brand));
  });

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    for (const [i, p] of PARTNER_PDFS.entries()) {
      await page.setContent(pdfHtml(p, CASES[i]?.text ?? ""), { waitUntil: "load" });
      const pdf = await page.pdf({ format: "A4", printBackground: true });
      fs.writeFileSync(path.join(OUT, "pdf", path.basename(p.file)), pdf);
    }
    for (const [i, c] of CASES.entries()) {
      const [a, b] = HUES[(i + 2) % HUES.length]!;
      const base64 = await page.evaluate(
        async ({ title, a, b, font }) => {
          const type = "video/mp4;codecs=avc1.42E01E";
          if (!MediaRecorder.isTypeSupported(type)) throw new Error(`this Chromium cannot record ${type}`);
          const canvas = document.createElement("canvas");
          canvas.width = 640;
          canvas.height = 360;
          document.body.append(canvas);
          const ctx = canvas.getContext("2d")!;
          const rec = new MediaRecorder(canvas.captureStream(25), {
            mimeType: type,
            videoBitsPerSecond: 300_000,
          });
          const chunks: Blob[] = [];
          rec.ondataavailable = (e) => chunks.push(e.data);
          rec.start();
          const t0 = performance.now();
          await new Promise<void>((done) => {
            const frame = () => {
              const t = (performance.now() - t0) / 1000;
              const g = ctx.createLinearGradient(0, 0, 640, 360);
              g.addColorStop(0, `hsl(${a + t * 6},78%,56%)`);
              g.addColorStop(1, `hsl(${b + t * 6},72%,40%)`);
              ctx.fillStyle = g;
              ctx.fillRect(0, 0, 640, 360);
              // Cards sliding in like a content feed.
              for (let k = 0; k < 4; k++) {
                const x = 40 + k * 150 - Math.max(0, 1.2 - t + k * 0.3) * 400;
                ctx.fillStyle = "rgba(255,255,255,.9)";
                ctx.beginPath();
                ctx.roundRect(x, 60 + (k % 2) * 20, 130, 170, 12);
                ctx.fill();
                ctx.fillStyle = `hsl(${(a + k * 40) % 360},70%,62%)`;
                ctx.fillRect(x + 10, 70 + (k % 2) * 20, 110, 90);
              }
              ctx.fillStyle = "#fff";
              ctx.font = `700 32px ${font}`;
              ctx.globalAlpha = Math.min(1, t / 1.5);
              ctx.fillText(title, 40, 300);
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
          return btoa(bin);
        },
        { title: c.title, a, b, font: FONT },
      );
      fs.writeFileSync(path.join(OUT, path.basename(c.video)), Buffer.from(base64, "base64"));
    }
  } finally {
    await browser.close();
  }
  for (const f of fs.readdirSync(OUT, { recursive: true, withFileTypes: true })) {
    if (f.isFile()) {
      const p = path.join(f.parentPath, f.name);
      console.info(`${path.relative(process.cwd(), p)}\t${fs.statSync(p).size} bytes`);
    }
  }
}

await main();
