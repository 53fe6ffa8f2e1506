import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DbLocked, lockDb, lockPathOf } from "./db-lock.js";

let dir: string;
let file: string;
let child: ChildProcess | undefined;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bss-mock-lock-"));
  file = path.join(dir, "world.json");
});
afterEach(() => {
  child?.kill("SIGKILL");
  child = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A pid no process has any more. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ["-e", ""]);
  return pid;
}

async function livingProcess(): Promise<number> {
  child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  await new Promise((resolve) => child?.once("spawn", resolve));
  return child.pid as number;
}

const startOf = (pid: number) => fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[19];

describe("lockDb", () => {
  it("should refuse a second lock while the first is held, and allow one after release", () => {
    const first = lockDb(file);
    expect(fs.readFileSync(lockPathOf(file), "utf8")).toBe(`${process.pid} ${startOf(process.pid)}\n`);
    expect(() => lockDb(file)).toThrow(new DbLocked("is already open in this process (one mock per --db file)"));
    first.release();
    first.release();
    expect(fs.existsSync(lockPathOf(file))).toBe(false);
    lockDb(file).release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("should refuse a lock held by another living process, naming it", async () => {
    const pid = await livingProcess();
    fs.writeFileSync(lockPathOf(file), `${pid} ${startOf(pid)}\n`);
    expect(() => lockDb(file)).toThrow(
      `is in use by process ${pid} (one process per --db file; if that is not a bss-mock, remove ${lockPathOf(file)})`,
    );
    expect(fs.readFileSync(lockPathOf(file), "utf8")).toBe(`${pid} ${startOf(pid)}\n`);
  });

  it("should take over a lock whose process is gone, names nobody, or whose pid another process reuses", async () => {
    const living = await livingProcess();
    for (const stale of [`${deadPid()}\n`, `${deadPid()} 123\n`, "", "garbage\n", `${living} 1\n`]) {
      fs.writeFileSync(lockPathOf(file), stale);
      const lock = lockDb(file);
      expect(fs.readFileSync(lockPathOf(file), "utf8"), stale).toMatch(new RegExp(`^${process.pid} `));
      lock.confirm();
      lock.release();
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });

  it("should put a stale lock it took over back when released before the start is confirmed", () => {
    const stale = `${deadPid()} 123\n`;
    fs.writeFileSync(lockPathOf(file), stale);
    const before = fs.statSync(lockPathOf(file)).mtimeMs;
    const lock = lockDb(file);
    expect(fs.readFileSync(lockPathOf(file), "utf8")).toMatch(new RegExp(`^${process.pid} `));
    lock.release();
    expect(fs.readdirSync(dir)).toEqual(["world.json.lock"]);
    expect(fs.readFileSync(lockPathOf(file), "utf8")).toBe(stale);
    expect(fs.statSync(lockPathOf(file)).mtimeMs).toBe(before);
  });

  it("should lock the file a symlink names, also one that does not exist yet, so every path to it gets one lock", () => {
    fs.mkdirSync(path.join(dir, "real"));
    fs.symlinkSync("real", path.join(dir, "folder-link"));
    const target = path.join(dir, "real", "world.json");
    fs.symlinkSync("real/world.json", path.join(dir, "link.json")); // dangling: world.json is not written yet
    fs.symlinkSync("link.json", path.join(dir, "link-to-link.json"));
    fs.symlinkSync(path.join(dir, "folder-link", "world.json"), path.join(dir, "absolute.json"));
    const lock = lockDb(target);
    for (const other of ["link.json", "link-to-link.json", "absolute.json", "folder-link/world.json"]) {
      expect(lockPathOf(path.join(dir, other)), other).toBe(`${target}.lock`);
      expect(() => lockDb(path.join(dir, other)), other).toThrow(/is already open in this process/);
    }
    lock.release();
    fs.writeFileSync(target, "");
    const again = lockDb(path.join(dir, "link.json"));
    expect(fs.existsSync(`${target}.lock`)).toBe(true);
    expect(() => lockDb(target)).toThrow(/is already open in this process/);
    again.release();
  });

  it("should give up on a loop of symlinks where opening it would, rather than follow it forever", () => {
    fs.symlinkSync("b.json", path.join(dir, "a.json"));
    fs.symlinkSync("a.json", path.join(dir, "b.json"));
    expect(lockPathOf(path.join(dir, "a.json"))).toBe(`${path.join(dir, "a.json")}.lock`);
  });

  it("should not remove a lock it no longer holds", () => {
    const lock = lockDb(file);
    fs.writeFileSync(lockPathOf(file), "1 1\n");
    lock.release();
    expect(fs.readFileSync(lockPathOf(file), "utf8")).toBe("1 1\n");
  });
});
