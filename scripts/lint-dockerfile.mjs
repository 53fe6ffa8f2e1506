// Lints the Dockerfile without Docker (`npm run lint:docker`). hadolint's npm wrappers download a binary, which these
// machines cannot; dockerfile-utils (the validator behind VS Code's Dockerfile support, plain JavaScript) checks the
// syntax of every instruction and flag, and the rules below check what this image promises.
import { existsSync, readFileSync } from "node:fs";
import { DockerfileParser } from "dockerfile-ast";
import { validate } from "dockerfile-utils";
import { dockerIgnored } from "./docker-context.mjs";

const file = process.argv[2] ?? "Dockerfile";
const text = readFileSync(file, "utf8");
const problems = [];
const at = (instruction) => `${file}:${instruction.getRange().start.line + 1}`;

for (const d of validate(text)) {
  problems.push(`${file}:${d.range.start.line + 1}: ${d.severity === 1 ? "error" : "warning"}: ${d.message}`);
}

const dockerfile = DockerfileParser.parse(text);
const instructions = dockerfile.getInstructions();
const stages = [];
for (const instruction of instructions) {
  if (instruction.getKeyword() === "FROM") stages.push({ from: instruction, body: [] });
  else stages.at(-1)?.body.push(instruction);
}
const stageNames = new Set(stages.map((s) => s.from.getArguments()[2]?.getValue()).filter(Boolean));
const final = stages.at(-1);
const keyword = (i) => i.getKeyword();
const args = (i) => i.getArguments().map((a) => a.getValue());

for (const { from } of stages) {
  const image = args(from)[0] ?? "";
  // An exact release (node:24.21.0-…) so a rebuild gets the same Node; a floating tag or `latest` does not.
  if (!/^[\w./-]+:\d+\.\d+\.\d+[\w.-]*(@sha256:[0-9a-f]{64})?$/.test(image) && !stageNames.has(image)) {
    problems.push(`${at(from)}: base image '${image}' is not pinned to an exact version`);
  }
}

/** The HEALTHCHECK's text, with that of a script it runs that the Dockerfile copies in from the build context. */
function healthcheckText(healthcheck) {
  const text = healthcheck.getTextContent();
  const copied = instructions
    .filter((i) => keyword(i) === "COPY" && !i.getTextContent().includes("--from="))
    .map((i) => args(i).filter((a) => !a.startsWith("--")))
    .find((paths) => paths.length === 2 && text.includes(paths[1]));
  return copied && existsSync(copied[0]) ? `${text}\n${readFileSync(copied[0], "utf8")}` : text;
}

if (!final) problems.push(`${file}: no FROM`);
else {
  const body = final.body;
  const last = (name) => body.filter((i) => keyword(i) === name).at(-1);
  const user = last("USER");
  if (!user || ["root", "0"].includes(args(user)[0])) problems.push(`${file}: the image must run as a non-root USER`);
  if (!last("HEALTHCHECK")) problems.push(`${file}: no HEALTHCHECK`);
  else if (!healthcheckText(last("HEALTHCHECK")).includes("/healthz")) {
    problems.push(`${at(last("HEALTHCHECK"))}: the HEALTHCHECK should ask /healthz`);
  }
  if (!body.some((i) => keyword(i) === "VOLUME" && args(i).some((a) => a.replace(/[[\]",]/g, "") === "/data"))) {
    problems.push(`${file}: no VOLUME /data`);
  }
  if (!body.some((i) => keyword(i) === "RUN" && /chown\s+\S+\s+\/data\b/.test(i.getTextContent()))) {
    problems.push(`${file}: /data must be owned by the runtime user (chown before VOLUME)`);
  }
}

for (const instruction of instructions) {
  const content = instruction.getTextContent();
  if (keyword(instruction) === "RUN" && /apt-get install/.test(content)) {
    if (!/--no-install-recommends/.test(content))
      problems.push(`${at(instruction)}: apt-get install without --no-install-recommends`);
    if (!/rm -rf \/var\/lib\/apt\/lists/.test(content)) problems.push(`${at(instruction)}: apt lists not removed`);
    // A rebuild must install what was tested: every package as name=version.
    const packages = (/apt-get install((?:\s+[^\s&;|]+)+)/.exec(content)?.[1] ?? "").split(/\s+/).filter(Boolean);
    for (const name of packages.filter((p) => !p.startsWith("-") && !p.includes("="))) {
      problems.push(`${at(instruction)}: apt package '${name}' is not pinned (name=version)`);
    }
  }
  // npm pack --ignore-scripts skips prepack, which writes types/: run it (build:types) before, or the image has none.
  if (keyword(instruction) === "RUN" && /npm pack[^&;|]*--ignore-scripts/.test(content)) {
    if (!/npm run build:types\b[\s\S]*npm pack/.test(content)) {
      problems.push(`${at(instruction)}: npm pack --ignore-scripts without npm run build:types first (no types/)`);
    }
  }
  if (keyword(instruction) === "ADD") problems.push(`${at(instruction)}: use COPY (ADD fetches and unpacks)`);
  if (keyword(instruction) === "COPY" && !instruction.getTextContent().includes("--from=")) {
    // Every source must exist and be in the build context (.dockerignore), or `docker build` fails.
    for (const source of args(instruction)
      .filter((a) => !a.startsWith("--"))
      .slice(0, -1)) {
      if (!existsSync(source)) problems.push(`${at(instruction)}: COPY source '${source}' does not exist`);
      else if (dockerIgnored(source)) problems.push(`${at(instruction)}: COPY source '${source}' is in .dockerignore`);
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`\ndockerfile: 0 passed, ${problems.length} failed`);
  process.exit(1);
}
console.log(`${file}: no problems (${instructions.length} instructions, ${stages.length} stages)`);
