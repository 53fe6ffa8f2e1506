// The documents link into each other: README.md to docs/, docs/ to CONTRIBUTING.md and back. A link to a file that
// was moved, or to a heading that was renamed, sends the reader nowhere, so every relative link is checked here: the
// file it names exists, and so does the anchor, where it gives one. Paths written in a code span are not links and
// are not checked (CONTRIBUTING.md names source paths that way).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { anchorsOf } from "./decisions.js";

/** README.md, CONTRIBUTING.md, every Markdown file under docs/ and the contract suite's READMEs, relative to `root`. */
function documents(root: string): string[] {
  const found = ["README.md", "CONTRIBUTING.md"].filter((file) => existsSync(join(root, file)));
  const suite = join(root, "contract-tests");
  if (existsSync(join(suite, "README.md"))) found.push(join("contract-tests", "README.md"));
  if (existsSync(suite)) {
    for (const entry of readdirSync(suite, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const readme = join("contract-tests", entry.name, "README.md");
      if (entry.isDirectory() && existsSync(join(root, readme))) found.push(readme);
    }
  }
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = join(dir, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith(".md")) found.push(path);
    }
  };
  if (existsSync(join(root, "docs"))) walk("docs");
  return found;
}

/** The link targets of a Markdown text, outside fenced code blocks and code spans. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(([, target]) => target as string);
}

/** What is wrong with each relative link of `file` (relative to `root`): a missing file, or a missing anchor. */
function brokenLinks(root: string, file: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(readFileSync(join(root, file), "utf8"))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …: not a file of this repository
    const [path = "", anchor] = target.split("#");
    const resolved = path === "" ? file : join(dirname(file), decodeURIComponent(path));
    if (relative(root, join(root, resolved)).startsWith("..")) {
      broken.push(`${file}: ${target}: outside the repository`);
      continue;
    }
    if (!existsSync(join(root, resolved))) {
      broken.push(`${file}: ${target}: no file ${resolved}`);
      continue;
    }
    if (anchor === undefined || statSync(join(root, resolved)).isDirectory()) continue;
    if (!anchorsOf(readFileSync(join(root, resolved), "utf8")).has(anchor)) {
      broken.push(`${file}: ${target}: ${resolved} has no anchor #${anchor}`);
    }
  }
  return broken;
}

describe("links between the documents", () => {
  it("every relative link in README.md, CONTRIBUTING.md, docs/ and the contract suite's READMEs names a file and an anchor that exist", () => {
    const root = process.cwd();
    const files = documents(root);
    expect(files).toEqual(
      expect.arrayContaining([
        "README.md",
        "CONTRIBUTING.md",
        join("docs", "testing.md"),
        join("contract-tests", "README.md"),
      ]),
    );
    expect(files.flatMap((file) => brokenLinks(root, file))).toEqual([]);
  });
});

describe("brokenLinks", () => {
  const work = mkdtempSync(join(tmpdir(), "bss-mock-docs-links-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(work, file)), { recursive: true });
    writeFileSync(join(work, file), text);
  };

  it("finds a missing file, a missing anchor and a path that leaves the repository, and nothing else", () => {
    write("docs/a.md", "# A\n\n## Two words\n");
    write(
      "README.md",
      [
        "[ok](docs/a.md#two-words) [ok](docs/a.md) [ok](#b) [ok](https://example.org/x.md) ![ok](docs/a.md)",
        "[gone](docs/b.md) [no anchor](docs/a.md#three) [own](#nope) [out](../x.md)",
        "`[in a code span](docs/c.md)`",
        "```md\n[in a block](docs/d.md)\n```",
        "## B",
      ].join("\n"),
    );
    expect(brokenLinks(work, "README.md")).toEqual([
      "README.md: docs/b.md: no file docs/b.md",
      "README.md: docs/a.md#three: docs/a.md has no anchor #three",
      "README.md: #nope: README.md has no anchor #nope",
      "README.md: ../x.md: outside the repository",
    ]);
  });
});
