import fs from "node:fs";
import path from "node:path";

/**
 * Demo pictures: flat gradients in brand-friendly hues with a short Chinese caption, written as
 * small SVG files under DATA_DIR/uploads/demo. Ours, served locally, no hot-linking.
 */
const HUES = [14, 24, 36, 200, 212, 168, 262, 340, 190, 28];

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function svgPicture(opts: {
  width: number;
  height: number;
  caption: string;
  seed: number;
  sub?: string;
}) {
  const h1 = HUES[opts.seed % HUES.length]!;
  const h2 = (h1 + 24 + (opts.seed % 5) * 8) % 360;
  const { width: w, height: h } = opts;
  const size = Math.round(Math.min(w / Math.max(opts.caption.length + 2, 6), h / 3.2));
  const sub = opts.sub
    ? `<text x="50%" y="${Math.round(h / 2 + size * 1.1)}" font-size="${Math.round(size * 0.42)}" fill="#fff" fill-opacity=".85" text-anchor="middle">${esc(opts.sub)}</text>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<title>${esc(opts.caption)}</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h1},78%,56%)"/><stop offset="1" stop-color="hsl(${h2},72%,42%)"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${Math.round(w * 0.85)}" cy="${Math.round(h * 0.2)}" r="${Math.round(h * 0.45)}" fill="#fff" fill-opacity=".08"/>
<circle cx="${Math.round(w * 0.1)}" cy="${Math.round(h * 0.95)}" r="${Math.round(h * 0.35)}" fill="#fff" fill-opacity=".06"/>
<text x="50%" y="${Math.round(h / 2 + size * 0.35)}" font-family="PingFang SC, Hiragino Sans GB, Microsoft YaHei, Noto Sans CJK SC, sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${esc(opts.caption)}</text>
${sub}</svg>
`;
}

export class DemoPictures {
  constructor(private readonly uploadsDir: string) {
    fs.mkdirSync(path.join(uploadsDir, "demo"), { recursive: true });
  }

  /** Writes the picture and returns its public path. */
  write(name: string, opts: Parameters<typeof svgPicture>[0]): string {
    fs.writeFileSync(path.join(this.uploadsDir, "demo", `${name}.svg`), svgPicture(opts));
    return `/uploads/demo/${name}.svg`;
  }
}
