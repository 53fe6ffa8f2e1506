// The decision records in docs/decisions/ are what code, tests and the rule catalogue cite. A link to an anchor that
// does not exist sends the reader nowhere, so every link into these pages is checked here: the right column of
// the links between the pages, and any `docs/decisions/<page>.md#<anchor>` written in a tracked file; and nothing
// cites the notes the decisions were first kept in, outside the repository.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { brokenLink, citationsOfOutsideNotes, DECISION_LINK, isText, trackedFiles } from "./decisions.js";

const root = process.cwd();
const DECISIONS = "docs/decisions";
const PAGES = ["README.md", "mock-choices.md", "fastapi-behaviour.md"];

it("nothing outside docs/ cites a note kept outside the repository", () => {
  expect(citationsOfOutsideNotes(root)).toEqual([]);
});

describe("docs/decisions anchors", () => {
  it("every page offers each explicit anchor once", () => {
    for (const page of PAGES) {
      const ids = [...readFileSync(join(root, DECISIONS, page), "utf8").matchAll(/<a id="([^"]+)"><\/a>/g)].map(
        ([, id]) => id,
      );
      expect(
        ids.filter((id, i) => ids.indexOf(id) !== i),
        page,
      ).toEqual([]);
    }
  });

  it("every link between the decision pages resolves", () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      const text = readFileSync(join(root, DECISIONS, page), "utf8");
      for (const [, target, hash] of text.matchAll(/\]\(([\w-]+\.md)?(#[\w-]+)?\)/g)) {
        const problem = brokenLink(`${posix.join(DECISIONS, target ?? page)}${hash ?? ""}`, root);
        if (problem) broken.push(`${page}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every docs/decisions link written in a tracked file resolves", () => {
    const broken: string[] = [];
    for (const file of trackedFiles(root).filter(isText)) {
      if (!existsSync(join(root, file))) continue;
      for (const [link] of readFileSync(join(root, file), "utf8").matchAll(DECISION_LINK)) {
        const problem = brokenLink(link, root);
        if (problem) broken.push(`${file}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("citationsOfOutsideNotes", () => {
  const work = mkdtempSync(join(tmpdir(), "bss-mock-decisions-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(work, file)), { recursive: true });
    writeFileSync(join(work, file), text);
  };

  it("finds a citation outside docs/ by file and line, and leaves docs/ and node_modules/ alone", () => {
    write("src/a.ts", "// fine\n// see fastapi-fidelity.md §6\n");
    write("docs/decisions/README.md", "formerly mock-decisions.md\n");
    write("node_modules/x/index.js", "// mock-decisions\n");
    write("src/b.ts", "// docs/decisions/mock-choices.md#visibility\n");
    const files = ["src/a.ts", "docs/decisions/README.md", "node_modules/x/index.js", "src/b.ts"];
    expect(citationsOfOutsideNotes(work, files)).toEqual(["src/a.ts:2"]);
  });
});
