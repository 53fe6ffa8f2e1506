/**
 * `bss-mock repair --db FILE`: rewrites a damaged world (or one of an earlier version, without checksums) from every
 * line that passes its check, as SQLite's `.recover` saves every readable row. The damaged files are copied aside
 * first (FILE.damaged-<time>/), what is dropped is said line by line, and what is left is a world that starts: a
 * snapshot of everything kept, and the next journal after it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { DbLocked, dbTarget, lockDb } from "./db-lock.js";
import {
  type FsDeps,
  fsyncDirectory,
  journalPath,
  listDbFiles,
  type Salvage,
  salvageWorld,
  writeJournalHeader,
  writeSnapshotTemp,
} from "./journal-format.js";
import { DbUnusable, dbPathProblem } from "./persistent-world.js";

export interface RepairReport {
  /** False when nothing was damaged: no file was changed. */
  readonly changed: boolean;
  /** What it found and did, one sentence a line. */
  readonly lines: string[];
}

const deps: FsDeps = {
  fs,
  path,
  get zlib() {
    return process.getBuiltinModule("node:zlib");
  },
};

/** Repairs the world of `file` (see the top). Throws DbUnusable for a path it cannot use or a world in use. */
export function repairDb(file: string, now: Date = new Date()): RepairReport {
  const target = dbTarget(file);
  const problem = dbPathProblem(target);
  if (problem) throw new DbUnusable(file, problem);
  let lock: ReturnType<typeof lockDb>;
  try {
    lock = lockDb(target);
  } catch (error) {
    if (error instanceof DbLocked) throw new DbUnusable(file, error.message);
    throw error;
  }
  let salvage: Salvage | undefined;
  try {
    salvage = salvageWorld(deps, target, Number.POSITIVE_INFINITY, true);
    if (salvage.problems.length === 0 && salvage.old.length === 0) {
      return { changed: false, lines: [`${path.basename(target)}: nothing is damaged; nothing was changed`] };
    }
    const report = rewrite(target, salvage, now);
    lock.confirm();
    return report;
  } finally {
    for (const fd of salvage?.fds ?? []) fs.closeSync(fd);
    lock.release();
  }
}

function rewrite(file: string, salvage: Salvage, now: Date): RepairReport {
  const name = (p: string) => path.basename(p);
  const lines: string[] = [];
  const aside = `${file}.damaged-${now.toISOString().replace(/[:.]/g, "-")}`;
  fs.mkdirSync(aside);
  for (const damaged of new Set([...salvage.damaged, ...salvage.old])) {
    if (!fs.existsSync(damaged)) continue;
    fs.copyFileSync(damaged, path.join(aside, name(damaged)));
    lines.push(`copied ${name(damaged)} to ${name(aside)}/`);
  }
  fsyncDirectory(deps, aside);
  for (const problem of salvage.problems) {
    const at =
      problem.line === 0 ? name(problem.file) : `${name(problem.file)} line ${problem.line} (byte ${problem.byte})`;
    lines.push(`${problem.line === 0 ? "lost" : "dropped"}: ${at}: ${problem.what}`);
  }
  if (salvage.old.length > 0) {
    lines.push(`rewrote ${salvage.old.map(name).join(", ")} (written by an earlier bss-mock) with checksums`);
  }
  // Every file there is now is older than the new snapshot: the next start deletes what this does not.
  const generation = Math.max(salvage.generation, 1);
  const written = writeSnapshotTemp(deps, file, salvage.collections, generation, salvage.seq);
  for (const fd of salvage.fds.splice(0)) fs.closeSync(fd);
  writeJournalHeader(deps, journalPath(file, generation + 1), generation + 1, salvage.seq);
  fs.renameSync(written.temp, file);
  fsyncDirectory(deps, path.dirname(file));
  const files = listDbFiles(deps, file);
  for (const journal of files.journals) if (journal.generation <= generation) fs.rmSync(journal.path, { force: true });
  for (const temp of files.temps) if (temp !== written.temp) fs.rmSync(temp, { force: true });
  fsyncDirectory(deps, path.dirname(file));
  const lost = salvage.unknownLoss ? ", and what the lost parts held" : "";
  lines.push(
    `dropped ${salvage.dropped} acknowledged ${salvage.dropped === 1 ? "record" : "records"}${lost}; kept ` +
      `${written.records} ${written.records === 1 ? "record" : "records"} in ${name(file)} (generation ${generation}), ` +
      `which starts`,
  );
  return { changed: true, lines };
}
