// The package's commands and snippets as the docs show them, read by the tests that run what they show: the README's
// install, its quick starts that run the mock and the contract suite, and docs/serving.md's "The package". scripts/test-package.mjs runs its commands from
// the installed package and compiles and runs its TypeScript (kept identical to scripts/package-consumer/readme-*.ts
// by scripts/readme-package.test.ts); scripts/docker-replay.mjs runs its Docker steps.
import { readFileSync } from "node:fs";

/** The text of the `## title` section of `markdown`, up to the next heading of its level. */
function section(markdown, title) {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start === -1) throw new Error(`no "## ${title}" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

export function packageSection(
  readme = readFileSync("README.md", "utf8"),
  serving = readFileSync("docs/serving.md", "utf8"),
) {
  const text = [
    section(readme, "Install"),
    section(readme, "Quick start: run the mock"),
    section(readme, "Quick start: check your implementation"),
    section(serving, "The package"),
  ].join("\n");
  const blocks = [...text.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, body]) => ({ lang, body }));
  const commands = blocks
    .filter((b) => b.lang === "sh")
    .flatMap((b) => b.body.split("\n"))
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter(Boolean);
  const inline = [...text.matchAll(/`((?:npx|docker) [^`]+)`/g)].map(([, command]) => command);
  return {
    // A command the README and docs/serving.md both show is run once.
    commands: [...new Set([...commands, ...inline])],
    typescript: blocks.filter((b) => b.lang === "ts").map((b) => b.body),
  };
}
