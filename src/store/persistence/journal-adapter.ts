/**
 * lowdb adapter that persists the world as a snapshot plus append-only journals.
 *
 * ON-DISK FORMAT, version 3 (for `--db world.json`; all files live in the directory of world.json). Every line ends in
 * <TAB> and the 8 lower-case hex digits of the CRC-32 of what precedes it (shown as <crc> below): a line that does not
 * match is damage, never applied or served (journal-format.ts, checkLine).
 *
 *   world.json                       Snapshot, UTF-8 lines:
 *                                      {"format":"bss-mock-world","version":3,"generation":G,"seq":S}<TAB><crc>
 *                                      ["put","<collection>","<id>",<index keys>]<TAB><record><TAB><crc>
 *                                      ...
 *                                      ["end",<number of records>,"<digest>"]<TAB><crc>
 *                                    It holds everything written up to and including journal generation G, whose
 *                                    last batch is number S; <digest> is the CRC-32 of its record lines' <crc>s in
 *                                    order. <index keys> is the record's key in each of its collection's indexes
 *                                    ({"owner":"…","round":null}), so a start builds the indexes without parsing any
 *                                    record: records are parsed when first read (see Unparsed in world/collection.ts),
 *                                    and their line checked again then. Journal G+1 exists whenever the snapshot
 *                                    does (a compaction creates it before the snapshot). Missing or empty file =
 *                                    empty world, generation 0. Only ever replaced by rename.
 *   world.json.journal-<N>.jsonl     Journal of generation N (decimal, >= 1), UTF-8 lines:
 *                                      {"format":"bss-mock-journal","version":3,"generation":N,"after":S}<TAB><crc>
 *                                      ["put","<collection>","<id>",<index keys>]<TAB><record><TAB><crc>
 *                                      ["del","<collection>","<id>"]<TAB><crc>
 *                                      ["commit",<put/del lines since the previous commit>,<batch number>,"<digest>"]<TAB><crc>
 *                                      ...
 *                                      ["next",N+1]<TAB><crc>            (once journal N+1 exists)
 *                                    The header names the batch before its first (S: the snapshot's, or the last of
 *                                    journal N-1); batches are numbered on across journals; <digest> is the CRC-32
 *                                    of the batch's lines' <crc>s. One flush appends one batch (its put/del lines,
 *                                    then its commit line) with one write. Replay applies a batch only when its
 *                                    commit line is complete and matches; so a batch is applied entirely or not at
 *                                    all. After the last complete batch of the newest journal only what an
 *                                    interrupted append leaves is dropped (put/del lines without their commit, then
 *                                    a line without its newline, NUL padding included); anything else that does not
 *                                    check (a changed byte, a line or batch missing, added or moved, a journal
 *                                    without its "next" line before a newer one, a "next" or a snapshot without the
 *                                    journal it names) refuses the load with what `bss-mock repair` would drop
 *                                    (salvageWorld) and changes no file. Version 1 and 2 files (no checksums) are
 *                                    refused with the advice to run the repair, which reads them by their rules.
 *   world.json.snapshot-<N>.tmp      A snapshot being written by a compaction. Never read; deleted at load.
 *
 * LOAD: read the snapshot (generation G); delete temp files and journals with N <= G (already merged); replay
 * journals with N > G in ascending order. They must be G+1, G+2, ... without a gap: journal N continues snapshot N-1,
 * so a gap means a lost part (a snapshot deleted or not copied with its journals) and refuses the load. The newest journal becomes the active one: a torn or uncommitted tail is
 * truncated away before anything is appended after it. With no journal newer than G, the active generation is G+1
 * (its file is created by the first flush). The files loaded stay open for reading: their records are read from them
 * when parsed (RecordFile in journal-format.ts), so a compaction's rename or delete of one frees its disk space only
 * once no loaded record refers to it any more (every one replaced or deleted), or when the mock stops.
 *
 * FLUSH (`write()`): drain the ChangeLog and append one batch to the active journal: O(changed records), independent
 * of the world's size. The `data` argument lowdb passes (the whole world) is ignored. Without `fsync: true` the batch
 * is in the OS page cache when write() resolves: that survives SIGKILL of the process, not a power cut or kernel
 * crash. With `fsync: true` each flush also calls fdatasync (slower on the flush, not on the event loop). The
 * ChangeLog is told how it went (`committed` / `failed`); the request path waits for that. If the append fails, the
 * changes are undone in memory (ChangeLog.failed) and whatever part of the batch reached the file is truncated away,
 * or, when that fails too, left as a harmless torn tail while appends go on in the next generation's file (created by
 * the next append, so a disk that keeps failing does not collect files). Nothing creates a missing folder, and a
 * journal found deleted after an append (its link count is 0) refuses every later append: writes there are lost.
 *
 * COMPACTION (off the request path): when the active journal holds `compactAfterOps` operations and the unmerged
 * journals are a quarter of the snapshot's size, or they outgrow max(snapshot size, `compactMinBytes`), the adapter
 * rotates (creates generation N+1's journal, where
 * new flushes go; when it cannot, flushes stay in N and the compaction is retried later) and a worker thread loads
 * snapshot + journals <= N from disk itself, writes world.json.snapshot-N.tmp, fsyncs it, renames it over world.json
 * (generation N), fsyncs the directory, then deletes the journals <= N.
 *
 * ROTATION: journal N+1 is created with its header first, then ["next",N+1] appended to journal N: a crash between
 * leaves N without its "next" line before an N+1 holding only its header, which a load takes for what it is.
 *
 * CRASH POINTS, each loading cleanly to the state of the last completed flush:
 *   - during an append: torn tail ignored and truncated at the next load (the batch is lost as a whole; nothing an
 *     interrupted append cannot leave is ever cut away);
 *   - while the temp snapshot is written: old snapshot + all journals are intact; the temp file is deleted;
 *   - after the rename, before/while deleting journals: they have N <= G, so they are skipped (generation numbers
 *     make replay idempotent even for deletes) and deleted at load;
 *   - after rotation, before the first append to N+1: nothing to do.
 *
 * NOT SUPPORTED: two processes on the same file (openPersistence refuses the second: see db-lock.ts); files larger
 * than a Buffer (2 GiB on 64-bit Node 20); power loss without `fsync: true` (the journal tail may be lost, or garbled
 * by a lost page: the load then refuses, naming the line, and `bss-mock repair` keeps what checks); going back to a
 * bss-mock version that reads only version 1 or 2 files.
 */
import * as fs from "node:fs";
import type { FileHandle } from "node:fs/promises";
import * as path from "node:path";
import type { Adapter } from "lowdb";
import { type IndexKeys, WriteFailed } from "../collection.js";
import type { Change, ChangeLog } from "./change-log.js";
import { type CompactionJob, startCompactionWorker } from "./compact-worker.js";
import {
  type CompactionResult,
  checkedLine,
  compactFiles,
  type FsDeps,
  hex8,
  journalHeaderPayload,
  journalPath,
  loadWorld,
  type WorldCollections,
} from "./journal-format.js";

export type { CompactionResult, WorldCollections };

export interface JournalAdapterOptions {
  /** fdatasync the journal after every flush (durable across power loss). Default false. */
  fsync?: boolean;
  /**
   * Compact once the active journal holds this many operations, and the unmerged journals a quarter of the snapshot's
   * bytes (a compaction rewrites the whole snapshot: 1.2 s of CPU at 100k simulations, which every 20k operations
   * was a compaction every ~4k POSTs on a 2-core machine). Default 20 000.
   */
  compactAfterOps?: number;
  /** Compact once the unmerged journals are larger than max(snapshot bytes, this). Default 8 MiB. */
  compactMinBytes?: number;
  /**
   * "worker" (default): compact in a worker thread. "inline": compact synchronously on the calling thread (blocks
   * the event loop; for tests and debugging). "manual": only when `compact()` is called.
   */
  compaction?: "worker" | "inline" | "manual";
  /** After a failed compaction, wait this long before trying again. Default 5 000 ms. */
  compactionRetryMs?: number;
  /** Errors nobody awaits: failed background compactions, records that cannot be serialised. Default console.error. */
  onError?: (error: unknown) => void;
  /** Recoverable surprises at load (torn journal tails dropped, leftover files removed). Default console.warn. */
  onWarning?: (message: string) => void;
}

export interface JournalStats {
  snapshotGeneration: number;
  snapshotBytes: number;
  activeGeneration: number;
  activeJournalOps: number;
  activeJournalBytes: number;
  /** Committed bytes in journals not yet merged into the snapshot (the active one included). */
  unmergedJournalBytes: number;
  flushes: number;
  compactions: number;
  compacting: boolean;
  lastCompaction: CompactionResult | null;
}

const nodeDeps: FsDeps = {
  fs,
  path,
  // Loaded when a --db world is, not at every start.
  get zlib() {
    return process.getBuiltinModule("node:zlib");
  },
};

interface RunningCompaction {
  /** Settles when the compaction is over; never rejects. */
  done: Promise<void>;
  result: Promise<CompactionResult>;
  /** Keeps the process alive until the worker finishes. */
  ref(): void;
}

export class JournalAdapter implements Adapter<WorldCollections> {
  readonly file: string;
  readonly #changes: ChangeLog;
  readonly #fsync: boolean;
  readonly #compactAfterOps: number;
  readonly #compactMinBytes: number;
  readonly #compactionMode: "worker" | "inline" | "manual";
  readonly #compactionRetryMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #onWarning: (message: string) => void;

  #chain: Promise<unknown> = Promise.resolve();
  #opened = false;
  #closed = false;
  #handle: FileHandle | null = null;
  #snapshotGeneration = 0;
  #snapshotBytes = 0;
  #activeGeneration = 1;
  #activeOps = 0;
  #activeBytes = 0;
  /** The number of the last batch appended (each batch's commit line carries its own: see LOAD). */
  #seq = 0;
  #unmergedBytes = 0;
  #hasUnmerged = false;
  #flushes = 0;
  #compactions = 0;
  #lastCompaction: CompactionResult | null = null;
  #compaction: RunningCompaction | null = null;
  #retryAt = 0;
  /** Set once the active journal was found deleted: appends are refused from then on (see #append). */
  #removed: WriteFailed | null = null;

  constructor(file: string, changes: ChangeLog, options: JournalAdapterOptions = {}) {
    this.file = path.resolve(file);
    this.#changes = changes;
    this.#fsync = options.fsync ?? false;
    this.#compactAfterOps = options.compactAfterOps ?? 20_000;
    this.#compactMinBytes = options.compactMinBytes ?? 8 * 1024 * 1024;
    this.#compactionMode = options.compaction ?? "worker";
    this.#compactionRetryMs = options.compactionRetryMs ?? 5_000;
    this.#onError = options.onError ?? ((error) => console.error("[bss-mock persistence]", error));
    this.#onWarning = options.onWarning ?? ((message) => console.warn(`[bss-mock persistence] ${message}`));
  }

  /**
   * Loads snapshot + journals into fresh Maps; null when nothing has been persisted yet. Also prepares the active
   * journal (see LOAD above). Synchronous file I/O: meant for startup.
   */
  async read(): Promise<WorldCollections | null> {
    this.#assertOpen();
    await this.#waitForCompaction();
    return this.#enqueue(async () => {
      await this.#closeHandle();
      const world = loadWorld(nodeDeps, this.file, Number.POSITIVE_INFINITY);
      for (const leftover of [...world.temps, ...world.obsoleteJournals]) {
        try {
          fs.unlinkSync(leftover);
          this.#onWarning(`removed ${path.basename(leftover)} left by an interrupted compaction`);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
      const active = world.journals.at(-1);
      for (const journal of world.journals) {
        if (journal.validBytes === journal.totalBytes) continue;
        const dropped = journal.totalBytes - journal.validBytes;
        if (journal === active) fs.truncateSync(journal.path, journal.validBytes);
        this.#onWarning(
          `${path.basename(journal.path)}: ignored ${dropped} bytes after the last complete batch${journal === active ? " (truncated)" : ""}`,
        );
      }
      this.#snapshotGeneration = world.snapshotGeneration;
      this.#snapshotBytes = world.snapshotBytes;
      this.#activeGeneration = active ? active.generation : world.snapshotGeneration + 1;
      this.#activeOps = active ? active.ops : 0;
      this.#activeBytes = active ? active.validBytes : 0;
      this.#seq = world.seq;
      this.#unmergedBytes = world.journals.reduce((sum, journal) => sum + journal.validBytes, 0);
      this.#hasUnmerged = world.journals.length > 0;
      this.#opened = true;
      await this.#maybeCompact();
      return world.exists ? world.collections : null;
    });
  }

  /** Appends the changes drained from the ChangeLog as one batch. `_data` (the whole world) is not looked at. */
  async write(_data?: WorldCollections): Promise<void> {
    this.#assertOpen();
    if (!this.#opened) throw new Error("JournalAdapter: read() must be called before write()");
    return this.#enqueue(() => this.#append());
  }

  /**
   * Merges all journals written so far into the snapshot now (waiting for a running compaction first) and resolves
   * when done; null when there was nothing to merge. Rejects if the compaction fails.
   */
  async compact(): Promise<CompactionResult | null> {
    this.#assertOpen();
    if (!this.#opened) throw new Error("JournalAdapter: read() must be called before compact()");
    for (;;) {
      await this.#waitForCompaction();
      const started = await this.#enqueue(async () => {
        if (this.#compaction) return "busy" as const;
        return this.#hasUnmerged ? await this.#startCompaction(false) : null;
      });
      if (started === "busy") continue;
      return started ? started.result : null;
    }
  }

  /** Resolves when no compaction is running (never rejects). */
  async whenIdle(): Promise<void> {
    await this.#waitForCompaction();
  }

  /** Waits for pending writes and a running compaction, then closes the journal. Does not flush the ChangeLog. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#chain;
    await this.#waitForCompaction();
    await this.#closeHandle();
  }

  stats(): JournalStats {
    return {
      snapshotGeneration: this.#snapshotGeneration,
      snapshotBytes: this.#snapshotBytes,
      activeGeneration: this.#activeGeneration,
      activeJournalOps: this.#activeOps,
      activeJournalBytes: this.#activeBytes,
      unmergedJournalBytes: this.#unmergedBytes,
      flushes: this.#flushes,
      compactions: this.#compactions,
      compacting: this.#compaction !== null,
      lastCompaction: this.#lastCompaction,
    };
  }

  async #append(): Promise<void> {
    const batch = this.#changes.drain();
    if (batch.length === 0) return;
    const onUnserialisable = (change: Change, reason: unknown) => {
      this.#onError(
        new Error(`cannot persist ${change.collection}/${change.id}: ${String(reason)}; the change is dropped`, {
          cause: reason,
        }),
      );
    };
    let ops = 0;
    let bytes = 0;
    let digest = 0;
    try {
      if (this.#removed) throw this.#removed;
      // Small batches (the request path) are one write. Large ones are encoded and written a chunk at a time, so
      // encoding them does not block the event loop for long; the commit line comes last either way.
      for (let start = 0; start < batch.length; ) {
        const chunk = encodeChunk(batch, start, onUnserialisable, (change) =>
          this.#changes.indexKeys(change.collection, change.record),
        );
        start = chunk.next;
        ops += chunk.lines.length;
        for (const line of chunk.lines) digest = nodeDeps.zlib.crc32(line.slice(-8), digest);
        if (start >= batch.length && ops > 0) {
          chunk.lines.push(checkedLine(nodeDeps, `["commit",${ops},${this.#seq + 1},"${hex8(digest)}"]`));
        }
        if (chunk.lines.length === 0) continue;
        const payload = Buffer.from(`${chunk.lines.join("\n")}\n`, "utf8");
        const handle = await this.#openHandle();
        // A synchronous write: copying a few KB into the page cache takes microseconds, less than handing it to the
        // thread pool and back (which also costs each request a promise round trip). fdatasync stays asynchronous.
        let offset = 0;
        while (offset < payload.length) offset += fs.writeSync(handle.fd, payload, offset, payload.length - offset);
        bytes += payload.length;
      }
      if (ops > 0 && this.#handle) {
        // Appending to a journal somebody deleted (or whose folder is gone) succeeds, and is lost: refuse it.
        if (fs.fstatSync(this.#handle.fd).nlink === 0) {
          this.#removed = new WriteFailed(
            `--db ${this.file}: its journal ${path.basename(journalPath(this.file, this.#activeGeneration))} was removed while in use`,
            { lasting: true },
          );
          throw this.#removed;
        }
        if (this.#fsync) await this.#handle.datasync();
      }
    } catch (error) {
      await this.#dropTornTail();
      const failure =
        error instanceof WriteFailed
          ? error
          : new WriteFailed(
              `--db ${this.file}: cannot write the journal (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
              { cause: error },
            );
      this.#changes.failed(failure);
      throw failure;
    }
    this.#changes.committed(batch);
    if (ops === 0) return;
    this.#seq++;
    this.#flushes++;
    this.#activeOps += ops;
    this.#activeBytes += bytes;
    this.#unmergedBytes += bytes;
    this.#hasUnmerged = true;
    await this.#maybeCompact();
  }

  /**
   * After a failed append, whatever part of the batch reached the file must never have anything appended after it:
   * cut it off, or (when even that fails) leave it as a harmless torn tail and go on in a new generation's file. The
   * file is only created by the next append, so a disk that keeps failing does not collect empty journals.
   */
  async #dropTornTail(): Promise<void> {
    const handle = this.#handle;
    if (handle && !this.#removed) {
      try {
        await handle.truncate(this.#activeBytes);
        return;
      } catch {
        // fall through to a new generation
      }
    }
    if (!handle) return; // the file could not even be opened: nothing reached it
    this.#handle = null;
    await handle.close().catch(() => {});
    this.#activeGeneration++;
    this.#activeOps = 0;
    this.#activeBytes = 0;
  }

  async #openHandle(): Promise<FileHandle> {
    if (this.#handle) return this.#handle;
    // No mkdir: a folder that disappeared is a failed write, not a fresh start beside a lost snapshot.
    // fs.promises rather than an import of node:fs/promises: it is loaded once a --db journal is, not at every start.
    const handle = await fs.promises.open(journalPath(this.file, this.#activeGeneration), "a");
    this.#handle = handle;
    // A journal starts with its header (a new one, or one whose creation was interrupted before it). Should that
    // fail, the append fails as if its own lines had (#dropTornTail).
    if (fs.fstatSync(handle.fd).size === 0) this.#activeBytes = this.#writeHeader(handle.fd, this.#activeGeneration);
    return handle;
  }

  /** Appends the line that ends the active journal, naming the next one; on failure the journal is as it was. */
  async #endJournal(next: number): Promise<void> {
    const handle = await this.#openHandle();
    const line = Buffer.from(`${checkedLine(nodeDeps, `["next",${next}]`)}\n`);
    try {
      let offset = 0;
      while (offset < line.length) offset += fs.writeSync(handle.fd, line, offset, line.length - offset);
      if (this.#fsync) await handle.datasync();
    } catch (error) {
      await handle.truncate(this.#activeBytes).catch(() => {});
      throw error;
    }
  }

  /** Writes journal `generation`'s header at the start of the empty file `fd`: the batch it continues. */
  #writeHeader(fd: number, generation: number): number {
    const header = Buffer.from(`${checkedLine(nodeDeps, journalHeaderPayload(generation, this.#seq))}\n`);
    let offset = 0;
    while (offset < header.length) offset += fs.writeSync(fd, header, offset, header.length - offset);
    return header.length;
  }

  async #closeHandle(): Promise<void> {
    const handle = this.#handle;
    this.#handle = null;
    if (handle) await handle.close();
  }

  async #maybeCompact(): Promise<void> {
    if (this.#compaction || this.#closed || this.#compactionMode === "manual" || !this.#hasUnmerged) return;
    if (Date.now() < this.#retryAt) return;
    const byOps = this.#activeOps >= this.#compactAfterOps && this.#unmergedBytes * 4 >= this.#snapshotBytes;
    const byBytes = this.#unmergedBytes > Math.max(this.#snapshotBytes, this.#compactMinBytes);
    if (byOps || byBytes) await this.#startCompaction(true).catch(() => {});
  }

  /**
   * Rotates to a new generation and merges everything before it. Must run inside the write chain. The new
   * generation's journal is created first: when it cannot be (a folder made read-only), appends go on in the current
   * journal, which still takes them, and the compaction fails like any other (retried later), rather than every
   * later write failing for want of a file nobody could create.
   */
  async #startCompaction(background: boolean): Promise<RunningCompaction> {
    let upTo = this.#activeGeneration;
    // After a failed append moved on to a generation whose file no append created yet, that generation becomes the
    // next journal: skipping its number would leave a gap, which a start refuses as a lost file (journalGapProblem).
    if (!this.#handle && !fs.existsSync(journalPath(this.file, upTo))) upTo--;
    const nextPath = journalPath(this.file, upTo + 1);
    let next: FileHandle | undefined;
    let headerBytes = 0;
    try {
      // The next journal first, with its header, then the line that ends this one naming it: a start finds a journal
      // that names a next one that is missing (deleted), and takes a next one holding only its header for a rotation
      // a crash interrupted.
      next = await fs.promises.open(nextPath, "a");
      headerBytes = fs.fstatSync(next.fd).size === 0 ? this.#writeHeader(next.fd, upTo + 1) : 0;
      if (upTo === this.#activeGeneration) await this.#endJournal(upTo + 1);
    } catch (error) {
      if (next) {
        await next.close().catch(() => {});
        if (headerBytes > 0) fs.rmSync(nextPath, { force: true });
      }
      const failure = new Error(
        `cannot create the next journal ${path.basename(nextPath)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        { cause: error },
      );
      this.#retryAt = Date.now() + this.#compactionRetryMs;
      if (background) this.#onError(failure);
      throw failure;
    }
    const handle = this.#handle;
    const mergingBytes = this.#unmergedBytes;
    this.#handle = next;
    this.#activeGeneration = upTo + 1;
    this.#activeOps = 0;
    this.#activeBytes = headerBytes;
    this.#unmergedBytes = 0;
    this.#hasUnmerged = false;

    let job: CompactionJob | null = null;
    const result = (async () => {
      await handle?.close();
      if (this.#compactionMode === "inline") return compactFiles(nodeDeps, this.file, upTo);
      job = startCompactionWorker(this.file, upTo);
      if (this.#closed) job.ref();
      return job.result;
    })();
    const done = result.then(
      (compaction) => {
        for (const problem of compaction.quarantined) {
          this.#onWarning(
            `${problem}: changed on disk since the start; the compaction left it out (kept in ${path.basename(this.file)}.quarantine.jsonl)`,
          );
        }
        this.#snapshotGeneration = compaction.generation;
        this.#snapshotBytes = compaction.bytes;
        this.#compactions++;
        this.#lastCompaction = compaction;
        this.#compaction = null;
      },
      (error: unknown) => {
        this.#unmergedBytes += mergingBytes;
        this.#hasUnmerged = true;
        this.#retryAt = Date.now() + this.#compactionRetryMs;
        this.#compaction = null;
        if (background) this.#onError(error);
      },
    );
    const running: RunningCompaction = { done, result, ref: () => job?.ref() };
    this.#compaction = running;
    return running;
  }

  async #waitForCompaction(): Promise<void> {
    while (this.#compaction) {
      this.#compaction.ref();
      await this.#compaction.done;
    }
  }

  #enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(task);
    this.#chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error(`JournalAdapter(${this.file}) is closed`);
  }
}

/** Largest chunk of a batch encoded (and so blocking the event loop) in one go. */
const CHUNK_CHANGES = 1_000;
const CHUNK_CHARS = 1 << 20;

/** Journal lines for the changes from `start`, up to CHUNK_CHANGES of them or about CHUNK_CHARS characters. */
function encodeChunk(
  batch: readonly Change[],
  start: number,
  onUnserialisable: (change: Change, reason: unknown) => void,
  indexKeys: (change: Change & { kind: "put" }) => IndexKeys | undefined,
): { lines: string[]; next: number } {
  const lines: string[] = [];
  const end = Math.min(batch.length, start + CHUNK_CHANGES);
  let chars = 0;
  let i = start;
  while (i < end && chars < CHUNK_CHARS) {
    const change = batch[i++]!;
    const key = `${JSON.stringify(change.collection)},${JSON.stringify(change.id)}`;
    if (change.kind === "delete") {
      lines.push(checkedLine(nodeDeps, `["del",${key}]`));
      chars += key.length;
      continue;
    }
    let json: string | undefined;
    try {
      json = JSON.stringify(change.record);
    } catch (error) {
      onUnserialisable(change, error);
      continue;
    }
    if (json === undefined) {
      onUnserialisable(change, "JSON.stringify returned undefined");
      continue;
    }
    const keys = JSON.stringify(indexKeys(change) ?? null);
    lines.push(checkedLine(nodeDeps, `["put",${key},${keys}]\t${json}`));
    chars += key.length + keys.length + json.length;
  }
  return { lines, next: i };
}
