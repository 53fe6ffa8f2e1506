// The README's "Using the package" section, read by the tests that run what it shows: scripts/test-package.mjs runs
// its commands from the installed package and compiles and runs its TypeScript (kept identical to
// scripts/package-consumer/readme-*.ts by scripts/readme-package.test.ts); scripts/docker-replay.mjs runs its Docker
// steps.
import { readFileSync } from "node:fs";

export function packageSection(readme = readFileSync("README.md", "utf8")) {
  const start = readme.indexOf("## Using the package");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, body]) => ({ lang, body }));
  const commands = blocks
    .filter((b) => b.lang === "sh")
    .flatMap((b) => b.body.split("\n"))
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter(Boolean);
  const inline = [...section.matchAll(/`((?:npx|docker) [^`]+)`/g)].map(([, command]) => command);
  return {
    commands: [...commands, ...inline],
    typescript: blocks.filter((b) => b.lang === "ts").map((b) => b.body),
  };
}
