import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM, CHROMIUM_ARGS } from "../tests/e2e/browser";

export interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
}

/**
 * One Lighthouse 12 run (mobile, simulated throttling, performance only) in Debian's Chromium,
 * written to `outFile`; the parsed report, or null when lighthouse is missing or the run failed.
 */
export async function runLighthouse(url: string, outFile: string): Promise<LighthouseReport | null> {
  const bin = path.join(process.cwd(), "node_modules", ".bin", "lighthouse");
  if (!fs.existsSync(bin)) return null;
  fs.rmSync(outFile, { force: true });
  const child = spawn(
    bin,
    [
      url,
      "--only-categories=performance",
      "--output=json",
      `--output-path=${outFile}`,
      "--quiet",
      `--chrome-flags=${CHROMIUM_ARGS.join(" ")}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ["ignore", "ignore", "inherit"] },
  );
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0 || !fs.existsSync(outFile)) return null;
  return JSON.parse(fs.readFileSync(outFile, "utf8")) as LighthouseReport;
}
