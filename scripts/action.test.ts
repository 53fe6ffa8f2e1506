// The GitHub Action (action.yml, action/): its entry points run as the runner runs them, with inputs in INPUT_*
// variables and outputs, state and environment in the files GITHUB_OUTPUT, GITHUB_STATE and GITHUB_ENV name, the post
// step getting the state back as STATE_* variables. The mock they start is this repository's built package (dist/,
// made by npm ci's prepare step), found as bss-mock in the working directory; scripts/test-package.mjs runs them
// against the installed tarball.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

const root = process.cwd();
const work = mkdtempSync(join(tmpdir(), "bss-mock-action-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** name=value lines of a runner file, later ones winning. */
function readPairs(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

interface Job {
  dir: string;
  env: Record<string, string>;
  outputs(): Record<string, string>;
  exported(): Record<string, string>;
  state(): Record<string, string>;
}

function newJob(): Job {
  const dir = mkdtempSync(join(work, "job-"));
  const files = { GITHUB_OUTPUT: "output", GITHUB_STATE: "state", GITHUB_ENV: "env" } as const;
  const env = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, join(dir, file)]));
  return {
    dir,
    env: { ...env, GITHUB_WORKSPACE: dir, RUNNER_TEMP: dir },
    outputs: () => readPairs(join(dir, "output")),
    exported: () => readPairs(join(dir, "env")),
    state: () => readPairs(join(dir, "state")),
  };
}

/** Runs an entry point as the runner does: node on the file, with the job's files and these variables. */
function step(entry: "main" | "post", job: Job, variables: Record<string, string>) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", ...job.env, ...variables };
  const result = spawnSync(process.execPath, [join(root, "action", `${entry}.mjs`)], {
    cwd: job.dir,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const inputs = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitUntilGone(pid: number) {
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 25));
  return !alive(pid);
}

describe("the GitHub Action", () => {
  it("should declare every input its steps read, and run them on node20", () => {
    const action = parse(readFileSync(join(root, "action.yml"), "utf8")) as {
      inputs: Record<string, unknown>;
      outputs: Record<string, unknown>;
      runs: { using: string; main: string; post: string };
    };
    expect(action.runs).toEqual({ using: "node20", main: "action/main.mjs", post: "action/post.mjs" });
    const code = ["main", "post", "mock"].map((name) => readFileSync(join(root, "action", `${name}.mjs`), "utf8"));
    const read = new Set(code.flatMap((text) => [...text.matchAll(/input\("([\w-]+)"\)/g)].map((m) => m[1])));
    expect([...read].sort()).toEqual(Object.keys(action.inputs).sort());
    const set = new Set(code.flatMap((text) => [...text.matchAll(/setOutput\("([\w-]+)"/g)].map((m) => m[1])));
    expect([...set].sort()).toEqual(Object.keys(action.outputs).sort());
  });

  it("should start the mock with the given flags and scenario files, give its URL, and on post save the journal and stop it", async () => {
    const job = newJob();
    const scenarios = join(job.dir, "scenarios");
    mkdirSync(scenarios);
    const teapot = {
      name: "models-teapot",
      description: "The user model list is 418.",
      rules: [{ match: { method: "GET", path: "/v1/user-models" }, answer: { status: 418, detail: "I'm a teapot" } }],
    };
    writeFileSync(join(scenarios, "teapot.json"), JSON.stringify(teapot));
    const main = step("main", job, {
      ...inputs({
        args: "--clock manual --timing instant",
        port: "0",
        "scenario-files": "scenarios/teapot.json\n",
        scenarios: "models-teapot",
        "working-directory": root,
        "artifacts-dir": "artefacts",
      }),
    });
    expect(main, main.stdout).toMatchObject({ code: 0 });
    const { url, pid } = job.outputs();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(job.exported()).toMatchObject({ BSS_MOCK_URL: url, BSS_MOCK_PID: pid });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/__mock/clock`).then((r) => r.json() as Promise<{ kind: string }>)).kind).toBe("manual");
    expect((await fetch(`${url}/v1/user-models`, { headers: { authorization: "Bearer ci@action" } })).status).toBe(418);

    const state = Object.fromEntries(Object.entries(job.state()).map(([name, value]) => [`STATE_${name}`, value]));
    const post = step("post", job, state);
    expect(post, post.stdout).toMatchObject({ code: 0 });
    expect(await waitUntilGone(Number(pid))).toBe(true);
    const saved = join(job.dir, "artefacts");
    const journal = JSON.parse(readFileSync(join(saved, "requests.json"), "utf8"));
    // This test's own requests, and none of the action's /healthz polls.
    expect(journal.requests).toEqual([
      expect.objectContaining({ method: "GET", path: "/healthz" }),
      expect.objectContaining({ method: "GET", path: "/v1/user-models", caller: "ci@action", status: 418 }),
    ]);
    expect(JSON.parse(readFileSync(join(saved, "info.json"), "utf8")).name).toBe("bss-mock");
    expect(existsSync(join(saved, "bss-mock.log"))).toBe(true);
  });

  it("should stop the mock and save its files at a step with stop: true, leaving the post step nothing to do", async () => {
    const job = newJob();
    const main = step("main", job, inputs({ port: "0", "working-directory": root, args: "--control-token t0k" }));
    expect(main, main.stdout).toMatchObject({ code: 0 });
    const { url, pid } = job.outputs();
    await fetch(`${url}/v1/projects`, { headers: { authorization: "Bearer stop@action" } });
    const stop = step("main", job, { ...job.exported(), ...inputs({ stop: "true", "artifacts-dir": "early" }) });
    expect(stop, stop.stdout).toMatchObject({ code: 0 });
    expect(await waitUntilGone(Number(pid))).toBe(true);
    expect(job.outputs()["artifacts-dir"]).toBe(join(job.dir, "early"));
    const journal = JSON.parse(readFileSync(join(job.dir, "early", "requests.json"), "utf8"));
    expect(journal.requests.map((entry: { path: string }) => entry.path)).toEqual(["/v1/projects"]);
    const state = Object.fromEntries(Object.entries(job.state()).map(([name, value]) => [`STATE_${name}`, value]));
    const post = step("post", job, state);
    expect(post.code).toBe(0);
    expect(post.stdout).toContain("bss-mock had stopped already");
  });

  it("should fail the step with an error annotation when bss-mock is not installed, or does not start", () => {
    const job = newJob();
    const missing = step("main", job, inputs({ "working-directory": job.dir }));
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(
      /^::error title=bss-mock::no bss-mock installed in .*npm install --save-dev bss-mock/m,
    );
    const bad = step("main", job, inputs({ "working-directory": root, args: "--prot 1" }));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("unknown flag --prot (did you mean --port?)");
    expect(job.outputs().url).toBeUndefined();
  });
});
