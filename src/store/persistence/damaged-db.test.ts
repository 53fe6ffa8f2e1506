/**
 * `bss-mock serve --db …` on damaged files, as an operator meets them (issue 24): a file deleted, cut, a byte flipped,
 * a line edited. Damage is found at the start and refused in one line that says how many acknowledged records a
 * repair would drop; `bss-mock repair` keeps every record that passes its check; a refused start changes no file.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { runCli, type ServedCli, serveCli, useBuiltCli } from "./__fixtures__/built-cli.js";

const cli = useBuiltCli("bss-mock-damaged-");
const AUTH = { authorization: "Bearer db@damaged", "content-type": "application/json" };
let db: string;
beforeEach(() => {
  db = path.join(cli.dir, "world.json");
});

/** Every file of the folder with its bytes and modification time: what "changes no file" compares. */
function folder(): Record<string, { bytes: string; mtime: number }> {
  const out: Record<string, { bytes: string; mtime: number }> = {};
  for (const name of fs.readdirSync(cli.dir).sort()) {
    const file = path.join(cli.dir, name);
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
    const served = await serveCli(cli.built, ["--db", db]);
    await createProjects(served, ["one", "two"]);
    served.child.kill("SIGKILL");
    await served.exited;
    expect(fs.existsSync(`${db}.lock`)).toBe(true);
    const journal = `${db}.journal-1.jsonl`;
    fs.writeFileSync(journal, `garbage line\n${fs.readFileSync(journal, "utf8")}`);
    const before = folder();
    const refused = await runCli(cli.built, ["serve", "--port", "0", "--db", db]);
    expect(refused.code).toBe(2);
    expect(folder()).toEqual(before);
  });
});

/** Stops a served mock the way an operator does. */
async function stop(served: ServedCli) {
  served.child.kill("SIGTERM");
  expect((await served.exited).code).toBe(0);
}

async function listProjects(served: ServedCli): Promise<string[]> {
  const response = await fetch(`${served.url}/v1/projects`, { headers: AUTH });
  expect(response.status).toBe(200);
  return ((await response.json()) as Array<{ name: string }>).map((p) => p.name).sort();
}

/** A compaction, as the running mock makes one: snapshot and the next journal (through the library). */
async function compact() {
  const { ChangeLog } = await import("./change-log.js");
  const { JournalAdapter } = await import("./journal-adapter.js");
  const adapter = new JournalAdapter(db, new ChangeLog(), { compaction: "manual" });
  await adapter.read();
  await adapter.compact();
  await adapter.close();
}

function refusalOf(result: { code: number | null; stdout: string; stderr: string }): string {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  const lines = result.stderr.split("\n");
  expect(lines).toHaveLength(2); // one line
  return lines[0] as string;
}

describe("damaged files at a start", () => {
  it("should refuse a world whose newest journal was deleted, and repair it to a world that starts", async () => {
    let served = await serveCli(cli.built, ["--db", db]);
    await createProjects(served, ["kept-1", "kept-2"]);
    await stop(served);
    await compact(); // world.json (generation 1) and world.json.journal-2.jsonl
    served = await serveCli(cli.built, ["--db", db]);
    await createProjects(served, ["lost"]);
    await stop(served);
    fs.rmSync(`${db}.journal-2.jsonl`); // a cleanup script
    const before = folder();
    const refused = refusalOf(await runCli(cli.built, ["serve", "--port", "0", "--db", db]));
    expect(refused).toBe(
      `bss-mock: --db ${db}: world.json.journal-2.jsonl: is missing: the changes it held are lost; a repair would drop 0 acknowledged records besides what the lost part held: \`bss-mock repair --db ${db}\` keeps every other, after copying the damaged files aside; nothing was changed`,
    );
    expect(folder()).toEqual(before);
    const repaired = await runCli(cli.built, ["repair", "--db", db]);
    expect(repaired.code).toBe(0);
    expect(repaired.stdout).toContain("lost: world.json.journal-2.jsonl: is missing");
    served = await serveCli(cli.built, ["--db", db]);
    expect(await listProjects(served)).toEqual(["kept-1", "kept-2"]);
    await stop(served);
  });

  it("should refuse a record edited after its index keys, and a repair keeps every other record, also those after it", async () => {
    let served = await serveCli(cli.built, ["--db", db]);
    await createProjects(served, ["a", "b", "c", "d"]);
    await stop(served);
    const journal = `${db}.journal-1.jsonl`;
    const text = fs.readFileSync(journal, "utf8");
    const edited = text.replace('"name":"b"', '"name"!"b"');
    fs.writeFileSync(journal, edited);
    const lineNumber = edited.slice(0, edited.indexOf('"name"!"b"')).split("\n").length;
    const refused = refusalOf(await runCli(cli.built, ["serve", "--port", "0", "--db", db]));
    expect(refused).toMatch(
      new RegExp(
        `^bss-mock: --db .*: world\\.json\\.journal-1\\.jsonl line ${lineNumber} \\(byte [0-9]+\\): the record projects/[-0-9a-f]+: its checksum does not match \\(the line was changed\\); a repair would drop 1 acknowledged record: .*nothing was changed$`,
      ),
    );
    const repaired = await runCli(cli.built, ["repair", "--db", db]);
    expect(repaired.code).toBe(0);
    const aside = fs.readdirSync(cli.dir).find((name) => name.startsWith("world.json.damaged-"));
    expect(fs.readFileSync(path.join(cli.dir, aside as string, "world.json.journal-1.jsonl"), "utf8")).toBe(edited);
    expect(repaired.stdout.split("\n").filter((line) => line.includes("dropped"))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^bss-mock repair: dropped: world\\.json\\.journal-1\\.jsonl line ${lineNumber} \\(byte [0-9]+\\): the record projects/`,
        ),
      ),
      expect.stringMatching(/^bss-mock repair: dropped 1 acknowledged record; kept [0-9]+ records in world\.json/),
    ]);
    served = await serveCli(cli.built, ["--db", db]);
    expect(await listProjects(served)).toEqual(["a", "c", "d"]);
    await createProjects(served, ["e"]); // ids go on: "e" is no project of those kept
    expect(await listProjects(served)).toEqual(["a", "c", "d", "e"]);
    await stop(served);
  });

  it("should hand out no id twice after a repair dropped the line that counted it", async () => {
    let served = await serveCli(cli.built, ["--db", db]);
    await createProjects(served, ["a", "b"]);
    await stop(served);
    const journal = `${db}.journal-1.jsonl`;
    const text = fs.readFileSync(journal, "utf8");
    const counter = text.lastIndexOf('"sequence":');
    fs.writeFileSync(journal, `${text.slice(0, counter)}"sequence"!${text.slice(counter + 11)}`);
    expect((await runCli(cli.built, ["repair", "--db", db])).code).toBe(0);
    served = await serveCli(cli.built, ["--db", db]);
    await createProjects(served, ["c"]); // the count says b's id is next: c takes the one after
    expect(await listProjects(served)).toEqual(["a", "b", "c"]);
    await stop(served);
  });

  it("should refuse files of an earlier bss-mock with advice, and a repair rewrites them to a world that starts", async () => {
    let served = await serveCli(cli.built, ["--db", db]);
    await createProjects(served, ["a", "b"]);
    await stop(served);
    // The same journal as an earlier version wrote it: no header, no checksums, commit lines with their count only.
    const journal = `${db}.journal-1.jsonl`;
    const lines = fs.readFileSync(journal, "utf8").trimEnd().split("\n").slice(1);
    const old = lines.map((line) => line.slice(0, -9).replace(/^\["commit",([0-9]+),.*$/, '["commit",$1]'));
    fs.writeFileSync(journal, `${old.join("\n")}\n`);
    expect(refusalOf(await runCli(cli.built, ["serve", "--port", "0", "--db", db]))).toBe(
      `bss-mock: --db ${db}: world.json.journal-1.jsonl was written by an earlier bss-mock, without checksums: run \`bss-mock repair --db ${db}\` once to rewrite the world with them (it copies the old files aside first); nothing was changed`,
    );
    const repaired = await runCli(cli.built, ["repair", "--db", db]);
    expect(repaired.stdout).toContain(
      "rewrote world.json.journal-1.jsonl (written by an earlier bss-mock) with checksums",
    );
    served = await serveCli(cli.built, ["--db", db]);
    expect(await listProjects(served)).toEqual(["a", "b"]);
    await stop(served);
  });

  it("should refuse a snapshot cut short, naming it", async () => {
    let served = await serveCli(cli.built, ["--db", db]);
    await createProjects(served, ["a", "b"]);
    await stop(served);
    await compact();
    const snapshot = fs.readFileSync(db);
    fs.writeFileSync(db, snapshot.subarray(0, snapshot.length - 40));
    expect(refusalOf(await runCli(cli.built, ["serve", "--port", "0", "--db", db]))).toMatch(
      /^bss-mock: --db .*: world\.json line [0-9]+ \(byte [0-9]+\): the file ends in the middle of a line \(it was cut short\) \(and 1 more problem\); a repair would drop 0 acknowledged records besides what the lost part held: /,
    );
    served = await serveCli(cli.built, ["--db", db]).catch(() => undefined as never);
    expect(served).toBeUndefined();
  });
});

describe("a record damaged after the start", () => {
  it("should be left out with a warning, and lists, resets and later writes go on without it", async () => {
    let served = await serveCli(cli.built, ["--db", db]);
    const [, bId] = await createProjects(served, ["a", "b", "c"]);
    await stop(served);
    served = await serveCli(cli.built, ["--db", db]); // the records are read from the file when first asked for
    try {
      const journal = `${db}.journal-1.jsonl`;
      const text = fs.readFileSync(journal, "utf8");
      fs.writeFileSync(journal, text.replace('"name":"b"', '"name":"x"')); // a bad disk, while it runs
      const read = await fetch(`${served.url}/v1/projects/${bId}`, { headers: AUTH });
      expect(read.status).toBe(404);
      expect(await listProjects(served)).toEqual(["a", "c"]);
      const reset = await fetch(`${served.url}/__mock/reset`, { method: "POST", headers: AUTH, body: "{}" });
      expect(reset.status).toBe(204);
      expect(served.stderr()).toMatch(
        new RegExp(
          `^bss-mock: --db ${db}: world\\.json\\.journal-1\\.jsonl byte [0-9]+: the record projects/${bId} does not match its checksum \\(changed on disk since the start\\); it is left out \\(its line is kept in world\\.json\\.quarantine\\.jsonl\\)\\n$`,
        ),
      );
      const kept = JSON.parse(fs.readFileSync(`${db}.quarantine.jsonl`, "utf8")) as { text: string };
      expect(kept.text).toContain('"name":"x"');
    } finally {
      await stop(served);
    }
  });
});
