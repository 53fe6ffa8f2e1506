/**
 * `bss-mock serve --db …` on damaged files, as an operator meets them (issue 24): a file deleted, cut, a byte flipped,
 * a line edited. Damage is found at the start and refused in one line that says how many acknowledged records a
 * repair would drop; `bss-mock repair` keeps every record that passes its check; a refused start changes no file.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BuiltCli, buildCli, runCli, type ServedCli, serveCli } from "./__fixtures__/built-cli.js";

let built: BuiltCli;
let dir: string;
let db: string;
const AUTH = { authorization: "Bearer db@damaged", "content-type": "application/json" };

beforeAll(async () => {
  built = await buildCli();
}, 60_000);
afterAll(() => built?.remove());
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-damaged-"));
  db = path.join(dir, "world.json");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every file of the folder with its bytes and modification time: what "changes no file" compares. */
function folder(): Record<string, { bytes: string; mtime: number }> {
  const out: Record<string, { bytes: string; mtime: number }> = {};
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    out[name] = { bytes: fs.readFileSync(file).toString("base64"), mtime: fs.statSync(file).mtimeMs };
  }
  return out;
}

async function createProjects(served: ServedCli, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const response = await fetch(`${served.url}/v1/projects`, {
      method: "POST",
      headers: AUTH,
      body: JSON.stringify({ name }),
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

describe("a refused start", () => {
  it("should leave the stale lock of a killed process, and every other file, as it found them", async () => {
    const served = await serveCli(built, ["--db", db]);
    await createProjects(served, ["one", "two"]);
    served.child.kill("SIGKILL");
    await served.exited;
    expect(fs.existsSync(`${db}.lock`)).toBe(true);
    const journal = `${db}.journal-1.jsonl`;
    fs.writeFileSync(journal, `garbage line\n${fs.readFileSync(journal, "utf8")}`);
    const before = folder();
    const refused = await runCli(built, ["serve", "--port", "0", "--db", db]);
    expect(refused.code).toBe(2);
    expect(folder()).toEqual(before);
  });
});
