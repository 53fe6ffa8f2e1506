// The GitHub Action (action.yml at the repository's root): what its main and post steps share. Plain Node, no
// dependencies and no build: the runner runs these files from a checkout of the repository. It speaks the runner's
// file protocol itself (inputs in INPUT_* variables, outputs, state and environment appended to the files named by
// GITHUB_OUTPUT, GITHUB_STATE and GITHUB_ENV), as @actions/core does.
import { spawn } from "node:child_process";
import {
  appendFileSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";

/** An input as the runner passes it: INPUT_ and the name in upper case (hyphens kept), trimmed; "" when unset. */
export function input(name) {
  return (process.env[`INPUT_${name.replaceAll(" ", "_").toUpperCase()}`] ?? "").trim();
}

/** Appends `name=value` to one of the runner's files (GITHUB_OUTPUT, GITHUB_STATE, GITHUB_ENV). */
function appendTo(variable, name, value) {
  const file = process.env[variable];
  if (!file) throw new Error(`${variable} is not set: run this as a step of a GitHub Actions job`);
  if (/[\r\n]/.test(value)) throw new Error(`${name}: a value on one line only`);
  appendFileSync(file, `${name}=${value}\n`);
}

export const setOutput = (name, value) => appendTo("GITHUB_OUTPUT", name, String(value));
export const saveState = (name, value) => appendTo("GITHUB_STATE", name, String(value));
export const exportVariable = (name, value) => appendTo("GITHUB_ENV", name, String(value));

/** The runner's log: an error annotation, and the step fails. */
export function fail(message) {
  process.stdout.write(`::error title=bss-mock::${message.replaceAll("%", "%25").replaceAll("\n", "%0A")}\n`);
  process.exitCode = 1;
}

const workspace = () => process.env.GITHUB_WORKSPACE ?? process.cwd();

/** The installed package's command line (bin), from `folder`'s node_modules, as npm would resolve it. */
export function installedBin(folder) {
  let manifestPath;
  try {
    manifestPath = createRequire(join(folder, "package.json")).resolve("bss-mock/package.json");
  } catch {
    throw new Error(
      `no bss-mock installed in ${folder}: add it to your devDependencies (npm install --save-dev bss-mock) and run npm ci before this step, or set working-directory`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  return { bin: join(dirname(manifestPath), manifest.bin["bss-mock"]), version: manifest.version };
}

/** Splits the args input at white space (no quoting: a flag's value has no spaces). */
export const splitArgs = (text) => text.split(/\s+/).filter(Boolean);

/** The value of `--flag V` or `--flag=V` in args, if given. */
function flagValue(args, flag) {
  let value;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === flag) value = args[i + 1];
    else if (args[i].startsWith(`${flag}=`)) value = args[i].slice(flag.length + 1);
  }
  return value;
}

/**
 * Starts `node <bin> serve` detached, its output in a log file, and waits until it prints where it listens and
 * answers /healthz. The process started is the server itself (node, not npx or a shell), so its PID stops it.
 */
export async function startMock({ folder, args, port, scenarioFiles, scenarios, waitMs }) {
  const { bin, version } = installedBin(folder);
  const serveArgs = ["serve", "--port", port, ...args];
  if (scenarioFiles.length > 0) {
    if (flagValue(args, "--scenarios") !== undefined)
      throw new Error("give scenario-files or --scenarios in args, not both");
    // --scenarios takes one folder (or one file): the files go into a folder of their own.
    const dir = mkdtempSync(join(process.env.RUNNER_TEMP ?? tmpdir(), "bss-mock-scenarios-"));
    for (const file of scenarioFiles) {
      const from = resolve(workspace(), file);
      if (!existsSync(from)) throw new Error(`scenario-files: ${file} does not exist`);
      copyFileSync(from, join(dir, basename(from)));
    }
    serveArgs.push("--scenarios", dir);
  }
  if (scenarios !== "") serveArgs.push("--scenario", scenarios);
  const logDir = mkdtempSync(join(process.env.RUNNER_TEMP ?? tmpdir(), "bss-mock-log-"));
  const log = join(logDir, "bss-mock.log");
  const fd = openSync(log, "a");
  const child = spawn(process.execPath, [bin, ...serveArgs], {
    cwd: folder,
    detached: true,
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  let exited = null;
  child.once("exit", (code, signal) => {
    exited = signal ?? code;
  });
  child.unref();
  const deadline = Date.now() + waitMs;
  let url;
  while (Date.now() < deadline) {
    if (exited !== null) {
      throw new Error(`bss-mock serve exited (${exited}) before it answered:\n${readFileSync(log, "utf8").trim()}`);
    }
    url ??= /(?:listening on |"url":")(http:\/\/[^\s"]+)/.exec(readFileSync(log, "utf8"))?.[1];
    if (url && (await healthy(url))) {
      const controlToken = flagValue(args, "--control-token");
      // The journal then starts with the job's own requests, not this step's /healthz polls.
      await answers(`${url}/__mock/requests`, { method: "DELETE", headers: tokenHeader(controlToken) });
      return { url, pid: child.pid, log, version, controlToken };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  process.kill(child.pid, "SIGTERM");
  throw new Error(
    `bss-mock did not answer ${url ?? "(no URL printed)"}/healthz within ${waitMs} ms:\n${readFileSync(log, "utf8").trim()}`,
  );
}

const tokenHeader = (token) => (token ? { "x-mock-control-token": token } : {});

/** Whether anything answers at `url` (whatever the status). */
async function answers(url, init) {
  try {
    await fetch(url, init);
    return true;
  } catch {
    return false;
  }
}

async function healthy(url) {
  try {
    return (await fetch(`${url}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Saves the mock's request journal (requests.json), what it was (info.json) and its log into `dir`, then stops it
 * (SIGTERM, then SIGKILL after 10 s). Returns false when it was not running any more (nothing to save but its log;
 * the runner ends what a job left running anyway).
 */
export async function stopMock({ pid, url, log, controlToken, dir }) {
  mkdirSync(dir, { recursive: true });
  // Alive and answering at its URL (the control API, which the journal leaves out): a PID alone may have been reused
  // once an earlier step stopped the mock.
  const running = alive(pid) && (await answers(`${url}/__mock`, { headers: tokenHeader(controlToken) }));
  if (running) {
    const headers = tokenHeader(controlToken);
    for (const [file, path] of [
      ["info.json", "/__mock"],
      ["requests.json", "/__mock/requests"],
    ]) {
      try {
        const response = await fetch(`${url}${path}`, { headers });
        writeFileSync(join(dir, file), `${JSON.stringify(await response.json(), null, 2)}\n`);
      } catch (error) {
        writeFileSync(join(dir, file), `${JSON.stringify({ error: `GET ${path}: ${error.message}` })}\n`);
      }
    }
    process.kill(pid, "SIGTERM");
    const deadline = Date.now() + 10_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (alive(pid)) process.kill(pid, "SIGKILL");
  }
  if (log && existsSync(log)) copyFileSync(log, join(dir, "bss-mock.log"));
  return running;
}

/** The folder files are saved to: artifacts-dir, relative to the workspace. */
export const artifactsDir = () => resolve(workspace(), input("artifacts-dir") || "bss-mock-artifacts");

/** The folder whose node_modules holds bss-mock: working-directory, relative to the workspace. */
export const workingDirectory = () => resolve(workspace(), input("working-directory") || ".");

/**
 * Stops the mock a main step recorded (its pid, url, log file and control token, as text from the runner's variables)
 * and says so; false when no mock was recorded (a main step that failed).
 */
export async function stopRecorded({ pid, url, log, token, dir }) {
  const id = Number(pid);
  if (!Number.isInteger(id) || id <= 0) return false;
  const stopped = await stopMock({ pid: id, url, log, controlToken: token || undefined, dir });
  console.log(
    stopped
      ? `bss-mock stopped; its request journal and log are in ${dir}`
      : `bss-mock had stopped already; its log is in ${dir}`,
  );
  return true;
}
