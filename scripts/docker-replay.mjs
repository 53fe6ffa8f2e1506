// Replays the Dockerfile's build and run without Docker (`npm run test:docker`; CI has no Docker engine), so a broken
// step fails CI: each stage gets a clean folder standing for its file system, COPY copies what the build context
// (.dockerignore) lets through, COPY --from copies from the earlier stage's folder, RUN runs with the stage's WORKDIR
// and ENV (absolute paths such as /app, /tmp, /data mapped into the stage's folder, `npm install --global` into its
// /usr/local), then the final stage's ENTRYPOINT + CMD starts and its HEALTHCHECK must pass. What needs root or the
// Debian mirror (apt-get, chown, tini) and USER are skipped and listed. The host's Node runs it, not the image's.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { DockerfileParser } from "dockerfile-ast";
import { contextFiles } from "./docker-context.mjs";

const root = mkdtempSync(join(tmpdir(), "bss-mock-docker-"));
const skipped = [];
const SKIP = [/\bapt-get\b/, /\bchown\b/, /^rm -rf \/var\/lib\/apt/];

const instructions = DockerfileParser.parse(readFileSync("Dockerfile", "utf8"))
  .getInstructions()
  .map((i) => ({
    keyword: i.getKeyword(),
    args: i.getArguments().map((a) => a.getValue()),
    text: i,
    line: i.getRange().start.line + 1,
  }));

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The stage's folder for a container path. */
const inStage = (stage, path) => join(stage.root, path);

/** A shell command with the container's absolute paths (first segment app, tmp, data, usr) moved into the stage. */
const mapPaths = (stage, command) =>
  command.replace(
    /(^|[\s=:"'])(\/(?:app|tmp|data|usr\/local)(?:\/[^\s"';&|]*)?)/g,
    (_, lead, path) => lead + inStage(stage, path),
  );

function execForm(instruction) {
  const raw = instruction.text.getTextContent().replace(/^\s*\w+\s+/, "");
  const cmd = raw.replace(/^(--\S+\s+)*CMD\s+/, "");
  if (cmd.trim().startsWith("[")) return JSON.parse(cmd);
  return ["/bin/sh", "-c", cmd.trim()];
}

function copy(from, to) {
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to, { recursive: true });
}

const stages = [];
let stage;
let healthcheck;
let entrypoint = [];
let cmd = [];
const port = await freePort();

for (const instruction of instructions) {
  const { keyword, args, line } = instruction;
  const where = `Dockerfile:${line} ${keyword}`;
  if (keyword === "FROM") {
    const name = args[2] ?? String(stages.length);
    stage = { name, root: join(root, `stage-${stages.length}-${name}`), cwd: "/", env: {} };
    mkdirSync(join(stage.root, "tmp"), { recursive: true });
    stages.push(stage);
    console.log(`\n== stage ${name} (${args[0]}) in ${stage.root}`);
    continue;
  }
  if (keyword === "WORKDIR") {
    stage.cwd = args[0].startsWith("/") ? args[0] : join(stage.cwd, args[0]);
    mkdirSync(inStage(stage, stage.cwd), { recursive: true });
  } else if (keyword === "ENV") {
    // KEY=VALUE pairs; the replay listens on a free port instead of the image's fixed one.
    for (const pair of args) {
      const [key, ...value] = pair.split("=");
      stage.env[key] = key === "PORT" ? String(port) : value.join("=");
    }
  } else if (keyword === "COPY") {
    // dockerfile-ast keeps flags out of the arguments.
    const fromStage = /--from=(\S+)/.exec(instruction.text.getTextContent())?.[1];
    const paths = args.filter((a) => !a.startsWith("--"));
    const dest = paths.pop();
    const target = dest.startsWith("/") ? dest : join(stage.cwd, dest);
    const intoFolder = dest.endsWith("/") || paths.length > 1;
    for (const source of paths) {
      if (fromStage) {
        const from = stages.find((s) => s.name === fromStage);
        const path = inStage(from, source);
        copy(path, intoFolder ? join(inStage(stage, target), basename(source)) : inStage(stage, target));
        continue;
      }
      const files = contextFiles(source);
      if (files.length === 0) throw new Error(`${where}: '${source}' is not in the build context`);
      const folder = statSync(source).isDirectory();
      for (const file of files) {
        const to = folder
          ? join(inStage(stage, target), relative(source, file))
          : intoFolder
            ? join(inStage(stage, target), basename(file))
            : inStage(stage, target);
        copy(file, to);
      }
    }
  } else if (keyword === "RUN") {
    const command = instruction.text
      .getTextContent()
      .replace(/^\s*RUN\s+/, "")
      .replace(/\\\n/g, " ");
    for (const part of command.split("&&").map((p) => p.trim())) {
      if (SKIP.some((pattern) => pattern.test(part))) {
        skipped.push(`${where}: ${part}`);
        continue;
      }
      const mapped = mapPaths(stage, part);
      console.log(`$ ${part}`);
      const env = {
        ...process.env,
        ...stage.env,
        npm_config_prefix: inStage(stage, "/usr/local"),
        PATH: `${inStage(stage, "/usr/local/bin")}:${process.env.PATH}`,
      };
      const result = spawnSync("/bin/sh", ["-c", mapped], { cwd: inStage(stage, stage.cwd), env, stdio: "inherit" });
      if (result.status !== 0) throw new Error(`${where}: '${part}' exited ${result.status}`);
    }
  } else if (keyword === "VOLUME") {
    for (const path of args.map((a) => a.replace(/[[\]",]/g, "")).filter(Boolean)) {
      mkdirSync(inStage(stage, path), { recursive: true });
    }
  } else if (keyword === "HEALTHCHECK") {
    healthcheck = execForm(instruction).map((arg) => mapPaths(stage, arg));
  } else if (keyword === "ENTRYPOINT") {
    entrypoint = execForm(instruction);
  } else if (keyword === "CMD") {
    cmd = execForm(instruction);
  } else if (keyword === "USER") {
    skipped.push(`${where} ${args[0]}: runs as the current user`);
  }
}

// ---- run the final stage --------------------------------------------------------------------------------------
let command = [...entrypoint, ...cmd];
if (command[0] === "/usr/bin/tini") {
  skipped.push("ENTRYPOINT /usr/bin/tini: installed by apt-get, skipped; the command runs without it");
  command = command.slice(command[1] === "--" ? 2 : 1);
}
const env = {
  ...process.env,
  ...stage.env,
  PATH: `${inStage(stage, "/usr/local/bin")}:${process.env.PATH}`,
};
/**
 * Starts the image's command (with `extra` arguments), waits for its HEALTHCHECK, runs `whileUp`, stops it. The
 * health check reads the command line of PID 1 in the image (tini and the mock's arguments): here, of the child.
 */
async function runImage(extra, whileUp = async () => {}) {
  const args = [...command, ...extra];
  console.log(`\n== run: ${args.join(" ")} (PORT=${env.PORT})`);
  const child = spawn(args[0], args.slice(1), { cwd: inStage(stage, stage.cwd), env, stdio: "inherit" });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  let healthy = false;
  const deadline = Date.now() + 30_000;
  while (!healthy && !exited && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const probe = { ...env, BSS_MOCK_HEALTH_PID: String(child.pid) };
    healthy = spawnSync(healthcheck[0], healthcheck.slice(1), { env: probe, stdio: "ignore" }).status === 0;
  }
  let failure;
  if (healthy) await whileUp().catch((error) => (failure = error));
  const stopped = new Promise((resolve) => (exited ? resolve(child.exitCode) : child.once("exit", resolve)));
  if (!exited) child.kill("SIGTERM");
  const code = await stopped;
  console.log(`HEALTHCHECK ${healthy ? "passed" : "never passed"}; exit after SIGTERM: ${code}`);
  if (failure) console.log(`FAILED: ${failure.message}`);
  return healthy && code === 0 && !failure;
}

const base = `http://127.0.0.1:${env.PORT}`;
const results = [];
results.push(
  await runImage([], async () => {
    const version = spawnSync("bss-mock", ["--version"], { env, encoding: "utf8" });
    if (version.status !== 0) throw new Error(`bss-mock --version exited ${version.status}`);
    // The package's declarations (written at pack time) are installed as a user's npm install gets them.
    for (const types of ["types/index.d.ts", "types/browser.d.ts", "types/client.d.ts"]) {
      const installed = inStage(stage, `/usr/local/lib/node_modules/bss-mock/${types}`);
      if (!existsSync(installed)) throw new Error(`the image's package has no ${types}`);
    }
    // The contract command works in the image: its suite against the image itself, read-only (the image's realistic
    // timing would make the creating tests wait minutes for each background phase).
    const contract = spawnSync("bss-mock", ["contract", "--base-url", base], { env, encoding: "utf8" });
    if (contract.status !== 0) {
      throw new Error(`bss-mock contract exited ${contract.status}\n${contract.stdout.slice(-2000)}${contract.stderr}`);
    }
    console.log(contract.stdout.trim().split("\n").at(-1));
  }),
);
// As docs/serving.md documents it: state in the volume, kept across a restart.
const db = "/data/bss-mock.json";
let project;
results.push(
  await runImage(["--db", inStage(stage, db)], async () => {
    const created = await fetch(`${base}/v1/projects`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer replay@docker" },
      body: JSON.stringify({ name: "Kept in /data" }),
    });
    if (created.status !== 201) throw new Error(`POST /v1/projects answered ${created.status}`);
    project = (await created.json()).id;
  }),
);
results.push(
  await runImage(["--db", inStage(stage, db)], async () => {
    const read = await fetch(`${base}/v1/projects/${project}`, { headers: { authorization: "Bearer replay@docker" } });
    if (read.status !== 200) throw new Error(`the project made before the restart answered ${read.status}`);
  }),
);
// `serve --port N` as a user overrides the port: the health check follows it, not PORT.
const otherPort = await freePort();
results.push(
  await runImage(["--port", String(otherPort)], async () => {
    const health = await fetch(`http://127.0.0.1:${otherPort}/healthz`);
    if (health.status !== 200) throw new Error(`/healthz on --port ${otherPort} answered ${health.status}`);
  }),
);
const ok = results.every(Boolean);

console.log("\nSkipped (need root, the Debian mirror or a user switch):");
for (const line of skipped) console.log(`  ${line}`);
const passed = results.filter(Boolean).length;
console.log(`\ndocker replay: ${passed} passed, ${results.length - passed} failed`);
if (ok) rmSync(root, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
