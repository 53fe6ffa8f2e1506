import { type ChangeSink, Collection, type IndexKeys, NO_CHANGES } from "./collection.js";
import { uuidForName, uuidForSequence } from "./ids.js";
import type {
  AnswerRecord,
  BatchRecord,
  CallerRecord,
  ClockRecord,
  ContextRecord,
  JobRecord,
  OrganisationRecord,
  ProjectRecord,
  RetestRecord,
  RoundRecord,
  SimulationRecord,
  UserModelRecord,
} from "./records.js";
import { latestRecordTime } from "./stored-time.js";

export type WorldCollections = Record<string, Map<string, unknown>>;

/** The id of the ClockRecord of where the manual clock stands. */
export const MANUAL_CLOCK_ID = "manual";
/** The id of the ClockRecord of when the world was last written, on the mock's clock (see keepWriteTime). */
export const WRITTEN_AT_ID = "written";

/** The organisation key of public fixtures (user models, populations and their benchmark answers). */
export const PUBLIC = "public";

export function orgPopulationKey(orgId: string, populationId: string): string {
  return `${orgId}|${populationId}`;
}

function mapFor<T>(collections: WorldCollections, name: string): Map<string, T> {
  let map = collections[name];
  if (!map) {
    map = new Map();
    collections[name] = map;
  }
  return map as Map<string, T>;
}

/** A caller as its keys name it: the ids it has (or will have, once stored) and its organisation's key. */
export interface CallerRef {
  readonly id: string;
  readonly key: string;
  readonly orgId: string;
  readonly orgKey: string;
}

/** The whole state of the mock: every tenant's records, indexed for the lookups the API makes. */
export class World {
  readonly organisations: Collection<OrganisationRecord, "key">;
  readonly callers: Collection<CallerRecord & { sequence: number }, "key">;
  readonly simulations: Collection<SimulationRecord, "owner" | "round">;
  readonly projects: Collection<ProjectRecord, "org">;
  readonly rounds: Collection<RoundRecord, "project">;
  readonly contexts: Collection<ContextRecord, "org">;
  readonly userModels: Collection<UserModelRecord, "org">;
  readonly answers: Collection<AnswerRecord, "batch" | "orgPopulation">;
  /** Per-organisation retest state of a population (public populations are shared, their retests are not). */
  readonly retests: Collection<RetestRecord, "org">;
  readonly jobs: Collection<JobRecord, "subject">;
  readonly batches: Collection<BatchRecord, "org">;
  readonly clocks: Collection<ClockRecord>;

  #journaling = true;
  #changeCount = 0;
  readonly #sink: ChangeSink;
  readonly #collections: WorldCollections;

  constructor(
    readonly seed: number,
    collections: WorldCollections = {},
    sink: ChangeSink = NO_CHANGES,
  ) {
    const c = <T>(name: string) => mapFor<T>(collections, name);
    this.#sink = sink;
    this.#collections = collections;
    const changes: ChangeSink = {
      put: (collection, id, record, previous) => {
        if (!this.#journaling) return;
        // The write time is written with a request's changes, not one of them (it is stamped at the write).
        if (id !== WRITTEN_AT_ID || collection !== "clocks") this.#changeCount++;
        sink.put(collection, id, record, previous);
      },
      delete: (collection, id, previous) => {
        if (!this.#journaling) return;
        this.#changeCount++;
        sink.delete(collection, id, previous);
      },
      quarantined: (collection, id, damage) => sink.quarantined?.(collection, id, damage),
    };
    this.organisations = new Collection("organisations", c(`organisations`), changes, { key: (r) => r.key });
    this.callers = new Collection("callers", c("callers"), changes, { key: (r) => r.key });
    this.simulations = new Collection("simulations", c("simulations"), changes, {
      owner: (r) => r.ownerId,
      round: (r) => r.round_id,
    });
    this.projects = new Collection("projects", c("projects"), changes, { org: (r) => r.orgId });
    this.rounds = new Collection("rounds", c("rounds"), changes, { project: (r) => r.projectId });
    this.contexts = new Collection("contexts", c("contexts"), changes, { org: (r) => r.orgId });
    this.userModels = new Collection("userModels", c("userModels"), changes, { org: (r) => r.orgId ?? PUBLIC });
    this.answers = new Collection("answers", c("answers"), changes, {
      batch: (r) => r.batch,
      orgPopulation: (r) => orgPopulationKey(r.orgId, r.population),
    });
    this.retests = new Collection("retests", c("retests"), changes, { org: (r) => r.orgId });
    this.jobs = new Collection("jobs", c("jobs"), changes, { subject: (r) => r.subject });
    this.batches = new Collection("batches", c("batches"), changes, { org: (r) => r.orgId });
    this.clocks = new Collection("clocks", c("clocks"), changes, {});

    const hooks = new Map<
      string,
      { restore(id: string, record: unknown): void; indexKeys(record: unknown): IndexKeys }
    >();
    const restorable = <T extends { id: string }, I extends string>(collection: Collection<T, I>) =>
      hooks.set(collection.name, {
        restore: (id, record) => collection.restore(id, record as T | undefined),
        indexKeys: (record) => collection.indexKeys(record as T),
      });
    // What persistence needs: to put back a change it could not write, and each record's index keys.
    restorable(this.organisations);
    restorable(this.callers);
    restorable(this.simulations);
    restorable(this.projects);
    restorable(this.rounds);
    restorable(this.contexts);
    restorable(this.userModels);
    restorable(this.answers);
    restorable(this.retests);
    restorable(this.jobs);
    restorable(this.batches);
    restorable(this.clocks);
    sink.attach?.({
      restore: (name, id, record) => hooks.get(name)?.restore(id, record),
      indexKeys: (name, record) => hooks.get(name)?.indexKeys(record),
    });
  }

  /**
   * Keeps with the world when it was last written (`now`: the mock's clock), in a record written with each write's
   * changes (one line more per append, nothing more at start): a manual clock started later on this world starts no
   * earlier than that, so time never runs back before what was stored under the system clock.
   */
  keepWriteTime(now: () => number): void {
    this.#sink.stampWith?.(() => this.clocks.put({ id: WRITTEN_AT_ID, now_ms: now() }));
  }

  /**
   * The latest time the world stored (epoch ms), or undefined for an empty world: when it was last written, or the
   * manual clock's position, whichever is later. A world from a bss-mock that kept neither (written only under the
   * system clock) is read for its records' latest time instead; call this before fixtures are loaded.
   */
  storedTime(): number | undefined {
    const written = this.clocks.get(WRITTEN_AT_ID)?.now_ms;
    const stood = this.clocks.get(MANUAL_CLOCK_ID)?.now_ms;
    if (written === undefined && stood === undefined) return latestRecordTime(this.#collections);
    return Math.max(written ?? Number.NEGATIVE_INFINITY, stood ?? Number.NEGATIVE_INFINITY);
  }

  /** How many changes were made so far: the edge compares it around a request to know whether the request wrote. */
  get changeCount(): number {
    return this.#changeCount;
  }

  /**
   * Settles once every change made so far is written to storage (undefined when nothing waits: memory mode, or all
   * written). Rejects with WriteFailed when the write failed; the unwritten changes are undone by then.
   */
  written(): Promise<void> | undefined {
    return this.#sink.written?.();
  }

  /** Runs `load` without journaling its writes: fixtures are loaded afresh on every start, never persisted. */
  untracked(load: () => void): void {
    this.#journaling = false;
    try {
      load();
    } finally {
      this.#journaling = true;
    }
  }

  /**
   * The caller behind the given keys (see domain/callers.ts), worked out without storing anything: ids are derived
   * from the keys, so a caller only reading (or never seen) leaves no trace. Its organisation and caller records are
   * written with its first id (nextId), the first thing it makes; until then a read by any number of unseen tokens
   * grows neither the world nor a --db file.
   */
  resolveCaller(callerKey: string, orgKey: string): CallerRef {
    return { id: uuidForName(`caller:${callerKey}`), key: callerKey, orgId: uuidForName(`org:${orgKey}`), orgKey };
  }

  /**
   * Next id in a caller's own stream (see uuidForSequence). The caller's first one stores it and its organisation
   * (created `now`), with the write that takes the id.
   */
  nextId(caller: CallerRef, now: () => string): string {
    const stored = this.callers.get(caller.id) ?? this.#materialise(caller, now());
    let sequence = stored.sequence + 1;
    let id = uuidForSequence(this.seed, stored.key, sequence);
    // A world repaired without the line that counted its last ids (bss-mock repair) holds records numbered past the
    // count: skip their ids rather than hand one out twice.
    while (this.#taken(id)) id = uuidForSequence(this.seed, stored.key, ++sequence);
    this.callers.put({ ...stored, sequence });
    return id;
  }

  /** Whether a record of a caller's own (made with nextId) has this id. */
  #taken(id: string): boolean {
    const mine = [this.simulations, this.projects, this.rounds, this.contexts, this.userModels, this.batches];
    return mine.some((collection) => collection.has(id)) || this.answers.has(id);
  }

  #materialise(caller: CallerRef, created_at: string): CallerRecord & { sequence: number } {
    if (!this.organisations.get(caller.orgId)) {
      this.organisations.put({ id: caller.orgId, key: caller.orgKey, created_at });
    }
    return { id: caller.id, key: caller.key, orgId: caller.orgId, created_at, sequence: 0 };
  }

  /** Public models and the organisation's own. */
  visibleUserModels(orgId: string): UserModelRecord[] {
    return [...this.userModels.listBy("org", PUBLIC), ...this.userModels.listBy("org", orgId)];
  }
}
