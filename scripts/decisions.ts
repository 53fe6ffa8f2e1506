// Reading docs/decisions/: the anchors a page offers, whether a link into it resolves, and which files still cite the
// notes that were kept outside the repository before the decisions moved here. Used by scripts/decisions.test.ts.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors a page offers: each explicit `<a id="...">`, and its headings' slugs (repeats numbered as on GitHub). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, id] of markdown.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(id as string);
  const seen = new Map<string, number>();
  for (const [, text] of markdown.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(text as string);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** What is wrong with a link to a decision page, with or without an anchor; undefined if nothing. */
export function brokenLink(link: string, base: string): string | undefined {
  const [path = "", anchor] = link.split("#");
  const file = join(base, path);
  if (!existsSync(file)) return `${link}: no file ${path}`;
  if (anchor !== undefined && !anchorsOf(readFileSync(file, "utf8")).has(anchor))
    return `${link}: no anchor #${anchor}`;
  return undefined;
}

export const DECISION_LINK = /docs\/decisions\/[\w-]+\.md(?:#[\w-]+)?/g;

/** Files git tracks, relative to `base` with forward slashes. */
export function trackedFiles(base: string): string[] {
  const listed = spawnSync("git", ["ls-files", "-z"], { cwd: base, encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout.split("\0").filter(Boolean);
}

export function isText(file: string): boolean {
  return !/\.(gz|png|jpe?g|ico|woff2?|ttf)$/.test(file);
}

/** The files that name the old notes on purpose, to find them. */
const SELF = ["scripts/decisions.ts", "scripts/decisions.test.ts"];
// A folder named for what it tests (contract-tests/fastapi-fidelity/) is no citation.
const OUTSIDE_NOTES = /mock-decisions|fastapi-fidelity(?!\/)|pydantic-errors\.json/;

/**
 * `file:line` of every line outside docs/ that cites a note kept outside the repository (mock-decisions.md,
 * fastapi-fidelity.md, pydantic-errors.json). Empty once the citations point at docs/decisions/;
 * scripts/decisions.test.ts shows the check to switch on then.
 */
export function citationsOfOutsideNotes(base: string, files = trackedFiles(base)): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (file.startsWith("docs/") || file.startsWith("node_modules/") || SELF.includes(file) || !isText(file)) continue;
    const path = join(base, file);
    if (!existsSync(path)) continue;
    readFileSync(path, "utf8")
      .split("\n")
      .forEach((line, index) => {
        if (OUTSIDE_NOTES.test(line)) found.push(`${file}:${index + 1}`);
      });
  }
  return found;
}
