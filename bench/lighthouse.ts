import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM, CHROMIUM_ARGS } from "../tools/chromium";
import { own } from "../tools/kit";

export interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
}

const LIGHTHOUSE = path.join(process.cwd(), "node_modules", ".bin", "lighthouse");

/** What Lighthouse runs need and this machine lacks, in one line; null when nothing is missing. */
export function lighthouseMissing(): string | null {
  if (!fs.existsSync(CHROMIUM))
    return `Chromium is not installed at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`;
  if (!fs.existsSync(LIGHTHOUSE)) return "lighthouse is not installed: run `npm ci` (it is a devDependency)";
  return null;
}

/**
 * One Lighthouse 12 run (mobile, simulated throttling, performance only) in Debian's Chromium,
 * written to `outFile`; the parsed report, or null when lighthouse is missing or the run failed.
 */
export async function runLighthouse(url: string, outFile: string): Promise<LighthouseReport | null> {
  if (lighthouseMissing()) return null;
  fs.rmSync(outFile, { force: true });
  const child = own(
    spawn(
      LIGHTHOUSE,
      [
        url,
        "--only-categories=performance",
        "--output=json",
        `--output-path=${outFile}`,
        "--quiet",
        `--chrome-flags=${CHROMIUM_ARGS.join(" ")}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ["ignore", "ignore", "inherit"] },
    ),
    // Lighthouse closes the Chromium it started (in a session of its own) on SIGINT only.
    "SIGINT",
  );
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0 || !fs.existsSync(outFile)) return null;
  return JSON.parse(fs.readFileSync(outFile, "utf8")) as LighthouseReport;
}
