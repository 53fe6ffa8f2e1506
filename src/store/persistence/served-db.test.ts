/**
 * `bss-mock serve --db …` as a real process: a path it cannot use stops the start with one line and exit code 2; a
 * journal that can no longer be written turns writes into 503s (reads go on) and is reported once.
 */
import { execSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type BuiltCli, buildCli, runCli, type ServedCli, serveCli } from "./__fixtures__/built-cli.js";

let built: BuiltCli;
let dir: string;
const AUTH = { authorization: "Bearer db@served" };

// Each test starts the built command line a few times: seconds each on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  built = await buildCli();
}, 60_000);
afterAll(() => built?.remove());
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-served-db-"));
  fs.chmodSync(dir, 0o755);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("an unusable --db path", () => {
  it("should stop the start with one line naming --db and exit code 2", async () => {
    const missing = path.join(dir, "gone", "world.json");
    const cases: Array<[string, string]> = [
      [dir, `bss-mock: --db ${dir}: is a folder; give a file in it, e.g. --db state/world.json\n`],
      [missing, `bss-mock: --db ${missing}: its folder ${path.dirname(missing)} does not exist\n`],
    ];
    for (const [db, line] of cases) {
      const result = await runCli(built, ["serve", "--port", "0", "--db", db]);
      expect(result.code, db).toBe(2);
      expect(result.stderr).toBe(line);
      expect(result.stdout).toBe("");
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("should stop the start with one line when the folder is read-only", async () => {
    const readOnly = path.join(dir, "read-only");
    fs.mkdirSync(readOnly, { mode: 0o555 });
    fs.chmodSync(readOnly, 0o555);
    const db = path.join(readOnly, "world.json");
    // root may write anywhere: run as an ordinary user then.
    const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const result = await runCli(built, ["serve", "--port", "0", "--db", db], user);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`bss-mock: --db ${db}: cannot write there (EACCES)\n`);
  });
});

describe("one process per --db file", () => {
  it("should refuse a second process on the same file with exit code 2, and take over the lock of a killed one", async () => {
    const db = path.join(dir, "world.json");
    const first = await serveCli(built, ["--db", db]);
    try {
      const second = await runCli(built, ["serve", "--port", "0", "--db", db]);
      expect(second.code).toBe(2);
      expect(second.stderr).toBe(
        `bss-mock: --db ${db}: is in use by process ${first.child.pid} (one process per --db file; if that is not a bss-mock, remove ${db}.lock)\n`,
      );
      expect(second.stdout).toBe("");
      const created = await fetch(`${first.url}/v1/projects`, {
        method: "POST",
        headers: { ...AUTH, "content-type": "application/json" },
        body: JSON.stringify({ name: "kept" }),
      });
      expect(created.status).toBe(201);
    } finally {
      first.child.kill("SIGKILL");
      await first.exited;
    }
    // kill -9 left the lock behind: the next start takes it over, and finds what the first acknowledged.
    expect(fs.existsSync(`${db}.lock`)).toBe(true);
    const again = await serveCli(built, ["--db", db]);
    try {
      const listed = (await (await fetch(`${again.url}/v1/projects`, { headers: AUTH })).json()) as Array<{
        name: string;
      }>;
      expect(listed.map((project) => project.name)).toEqual(["kept"]);
      expect(fs.readFileSync(`${db}.lock`, "utf8")).toMatch(new RegExp(`^${again.child.pid} `));
    } finally {
      again.child.kill("SIGTERM");
      expect((await again.exited).code).toBe(0);
    }
    // A clean stop removes it.
    expect(fs.existsSync(`${db}.lock`)).toBe(false);
  });
});

describe("the files of a --db world", () => {
  it("should come back whole from a copy of every FILE* file, and refuse a damaged or partial one with exit 2", async () => {
    const readme = fs.readFileSync(fileURLToPath(new URL("../../../docs/persistence.md", import.meta.url)), "utf8");
    const backup = "cp state/world.json* backup/"; // the backup command of docs/persistence.md, run as written
    expect(readme).toContain(`\`${backup}\``);
    fs.mkdirSync(path.join(dir, "state"));
    fs.mkdirSync(path.join(dir, "backup"));
    const served = await serveCli(built, ["--db", path.join(dir, "state", "world.json")]);
    try {
      for (const name of ["one", "two"]) {
        const created = await fetch(`${served.url}/v1/projects`, {
          method: "POST",
          headers: { ...AUTH, "content-type": "application/json" },
          body: JSON.stringify({ name }),
        });
        expect(created.status).toBe(201);
      }
    } finally {
      served.child.kill("SIGTERM");
      expect((await served.exited).code).toBe(0);
    }
    execSync(backup, { cwd: dir, shell: "/bin/sh" });
    const db = path.join(dir, "backup", "world.json");
    const again = await serveCli(built, ["--db", db]);
    try {
      const listed = (await (await fetch(`${again.url}/v1/projects`, { headers: AUTH })).json()) as Array<{
        name: string;
      }>;
      expect(listed.map((project) => project.name).sort()).toEqual(["one", "two"]);
    } finally {
      again.child.kill("SIGTERM");
      await again.exited;
    }

    // A bad line before the last batch: refused, naming the line, and the file left as it was.
    const journal = `${db}.journal-1.jsonl`;
    const text = fs.readFileSync(journal, "utf8");
    const second = text.indexOf("\n") + 1;
    const damaged = `${text.slice(0, second)}garbage line\n${text.slice(second)}`;
    fs.writeFileSync(journal, damaged);
    const refused = await runCli(built, ["serve", "--port", "0", "--db", db]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `bss-mock: --db ${db}: world.json.journal-1.jsonl line 2 (byte ${second}): its checksum does not match (the line was changed) (and 1 more problem); a repair would drop 0 acknowledged records: \`bss-mock repair --db ${db}\` keeps every other, after copying the damaged files aside; nothing was changed\n`,
    );
    expect(fs.readFileSync(journal, "utf8")).toBe(damaged);

    // A journal without the snapshot it continues (as if world.json had not been copied).
    fs.writeFileSync(journal, text);
    fs.renameSync(journal, `${db}.journal-2.jsonl`);
    const partial = await runCli(built, ["serve", "--port", "0", "--db", db]);
    expect(partial.code).toBe(2);
    expect(partial.stderr).toBe(
      `bss-mock: --db ${db}: world.json.journal-2.jsonl continues the snapshot of generation 1, but world.json does not exist: restore the missing file, or to start afresh remove every world.json* file; nothing was changed\n`,
    );
    expect(fs.readdirSync(path.dirname(db))).toEqual(["world.json.journal-2.jsonl"]);
  });
});

describe("a journal that can no longer be written", () => {
  let served: ServedCli | undefined;
  afterEach(async () => {
    served?.child.kill("SIGKILL");
    await served?.exited;
    served = undefined;
  });

  async function call(method: string, url: string, body?: unknown) {
    const response = await fetch(url, {
      method,
      headers: { ...AUTH, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("should answer writes 503 in the route's error format, keep reads working and say so once", async () => {
    const folder = path.join(dir, "state");
    fs.mkdirSync(folder);
    served = await serveCli(built, ["--db", path.join(folder, "world.json")]);
    const url = served.url;
    const models = (await call("GET", `${url}/v1/user-models`)).body as unknown as Array<{ id: string }>;
    const simulation = { mode: "research", goal: "concept_test", inputs: { concept: "A cup" }, user_model_ids: [] };
    simulation.user_model_ids = [models[0]?.id] as never;
    const kept = await call("POST", `${url}/v1/simulations`, simulation);
    expect(kept.status).toBe(201);
    const population = ((await call("GET", `${url}/v1/populations`)).body.data as Array<{ id: string }>)[0]?.id;

    fs.rmSync(folder, { recursive: true, force: true });
    for (let i = 0; i < 3; i++) {
      const refused = await call("POST", `${url}/v1/simulations`, simulation);
      expect(refused.status).toBe(503);
      expect(Object.keys(refused.body)).toEqual(["detail"]);
      // Only a restart writes again (docs/persistence.md): the detail says so, never "try again later".
      expect(refused.body.detail).toMatch(
        /^--db .*: its journal world\.json\.journal-1\.jsonl was removed while in use; nothing was changed, restart the mock to write again$/,
      );
    }
    const enveloped = await call("POST", `${url}/v1/predictions`, {
      population_id: population,
      question: "Tea or coffee?",
      answer_options: ["Tea", "Coffee"],
    });
    expect(enveloped.status).toBe(503);
    expect(enveloped.body).toEqual({
      data: null,
      errors: [{ code: "unavailable", message: expect.stringMatching(/nothing was changed/) }],
    });

    // Reads keep working, and the refused creates left nothing behind.
    expect((await call("GET", `${url}/v1/simulations/${kept.body.id}`)).status).toBe(200);
    const listed = (await call("GET", `${url}/v1/simulations`)).body as unknown as Array<{ id: string }>;
    expect(listed.map((s) => s.id)).toEqual([kept.body.id]);
    expect(fs.existsSync(folder)).toBe(false);
    const log = served.stderr().trim().split("\n");
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(
      /^bss-mock: --db .*was removed while in use: write requests are answered 503 and change nothing until the mock is restarted$/,
    );
  });
});
