import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every way to run this project's code goes through server/private-umask.ts first, so whatever a
 * command creates (DATA_DIR, the database and its WAL, keys, backups) is 0600 in 0700 folders. A new
 * command fails here until it imports that module first or is listed as a build step.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), "utf8");

/** Build steps: they write sources and assets of the build, never data, and keep the usual modes. */
const BUILD_STEPS: Record<string, string> = {
  "scripts/antd-css.ts": "writes app/generated/*.css for the build",
  "scripts/generate-landing-media.ts": "writes the landing pages' media into public/",
  "scripts/generate-mcn-media.ts": "writes the MCN pages' media into public/",
};

/** The launchers and helpers in scripts/ that are not TypeScript, and what they run. */
const LAUNCHERS: Record<string, string> = {
  "scripts/run-ts.mjs": "runs a TypeScript entry point (checked below)",
  "scripts/start.mjs": "runs build/app/main.js, the bundle of server/main.ts",
  "scripts/build-server.mjs": "a build step",
  "scripts/islands.mjs": "a build step: bundles app/islands/ into app/generated/*.js",
  "scripts/audit.sh": "runs npm audit, writes nothing",
};

/** The first import of a module, as written. */
function firstImport(rel: string): string | undefined {
  return /^import\s[^;]*;/m.exec(read(rel))?.[0];
}

function importsUmaskFirst(rel: string): boolean {
  const spec = path.relative(path.dirname(path.join(ROOT, rel)), path.join(ROOT, "server", "private-umask"));
  const wanted = spec.startsWith(".") ? spec : `./${spec}`;
  return firstImport(rel) === `import "${wanted}";`;
}

/** Every TypeScript file run through scripts/run-ts.mjs in package.json, the docs or the scripts. */
function runTsEntries(): Set<string> {
  const texts = [
    read("package.json"),
    read("README.md"),
    ...fs.readdirSync(path.join(ROOT, "docs")).map((f) => read(`docs/${f}`)),
    read("bench/README.md"),
  ];
  const out = new Set<string>();
  for (const t of texts) for (const m of t.matchAll(/run-ts\.mjs\s+([\w./-]+\.ts)\b/g)) out.add(m[1]!);
  return out;
}

/** What one command of a package.json script runs, or undefined when it is not known here. */
function classify(command: string): { entry?: string; what: string } | undefined {
  const c = command.trim().replace(/^(?:[A-Z_]+=\S+\s+)+/, "");
  const runTs = /^node scripts\/run-ts\.mjs ([\w./-]+\.ts)$/.exec(c);
  if (runTs) return { entry: runTs[1]!, what: "a TypeScript entry point" };
  if (/^node scripts\/start\.mjs( --build-only)?$/.test(c) || /^node build\/app\/main\.js( --dev)?$/.test(c))
    return { entry: "server/main.ts", what: "the server" };
  if (c === "node tools/cluster.mjs") return { entry: "server/main.ts", what: "instances of the server" };
  if (/^npm run [\w:-]+( --silent)?$/.test(c)) return { what: "another script (checked itself)" };
  if (
    [
      "react-router build",
      "react-router typegen",
      "node scripts/build-server.mjs",
      "node scripts/islands.mjs",
      "tsc --noEmit",
      "biome check .",
      "biome check --write .",
      "vitest run",
      "bash scripts/audit.sh",
    ].includes(c)
  )
    return { what: "a build or check step" };
  return undefined;
}

describe("one umask for every entry point", () => {
  it("the server imports server/private-umask.ts first", () => {
    expect(importsUmaskFirst("server/main.ts")).toBe(true);
    // npm start and the cluster run its bundle
    expect(read("scripts/start.mjs")).toContain('"main.js"');
    expect(read("tools/cluster.mjs")).toContain('"main.js"');
  });

  it("every command in scripts/ imports it first, or is a listed build step or launcher", () => {
    const wrong: string[] = [];
    for (const name of fs.readdirSync(path.join(ROOT, "scripts"))) {
      const rel = `scripts/${name}`;
      if (BUILD_STEPS[rel] || LAUNCHERS[rel]) continue;
      if (!name.endsWith(".ts") || !importsUmaskFirst(rel))
        wrong.push(`${rel}: first import is ${firstImport(rel) ?? "none"}`);
    }
    expect(wrong).toEqual([]);
  });

  it("every TypeScript entry run through run-ts.mjs (package.json, docs, bench) imports it first", () => {
    const entries = runTsEntries();
    expect(entries.size).toBeGreaterThan(10);
    const wrong = [...entries].filter((e) => !BUILD_STEPS[e] && !importsUmaskFirst(e));
    expect(wrong).toEqual([]);
  });

  it("every package.json script is made of commands known to go through it", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    const unknown: string[] = [];
    const entries = new Set<string>();
    for (const [name, line] of Object.entries(scripts))
      for (const command of line.split("&&")) {
        const c = classify(command);
        if (!c) unknown.push(`${name}: ${command.trim()}`);
        else if (c.entry) entries.add(c.entry);
      }
    expect(unknown).toEqual([]);
    const wrong = [...entries].filter((e) => !BUILD_STEPS[e] && !importsUmaskFirst(e));
    expect(wrong).toEqual([]);
    // the check can fail: a script that forgets the import is found
    expect(importsUmaskFirst("scripts/antd-css.ts")).toBe(false);
  });
});
