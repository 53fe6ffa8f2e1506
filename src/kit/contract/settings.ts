import { randomUUID } from "node:crypto";
import type { TargetInfo } from "./target-info.js";

/**
 * What a contract run asserts. Each profile includes the ones before it: `spec` is what the interface spec states
 * plus invariants, `fastapi` adds what a FastAPI + Pydantic v2 service answers byte for byte, `mock` adds bss-mock's
 * own decisions (docs/decisions/mock-choices.md).
 */
export type Profile = "spec" | "fastapi" | "mock";
export const PROFILES: readonly Profile[] = ["spec", "fastapi", "mock"];

/** True when a test written for `needed` runs in a run of `running`. */
export function profileIncludes(running: Profile, needed: Profile): boolean {
  return PROFILES.indexOf(needed) <= PROFILES.indexOf(running);
}

export interface Tokens {
  /** The caller of most tests. */
  readonly main?: string;
  /** A caller in another organisation. */
  readonly otherOrg?: string;
  /** A second caller in the main caller's organisation. */
  readonly sameOrg?: string;
  /**
   * `--token-template`: a token with `{org}` and `{user}` that the target takes as that user of that organisation, so
   * the suite can make a fresh caller (and organisation) per test, as it does on a bss-mock.
   */
  readonly template?: string;
}

export interface Settings {
  /** From --profile, else what the target is (`mock` for a bss-mock, `spec` otherwise); `mock` under `npm test`. */
  profile: Profile;
  /** Without it the suite sends only reads and validation refusals that cannot create anything. */
  allowWrites: boolean;
  tokens: Tokens;
  /** x-mock-control-token for a bss-mock's /__mock routes (--control-token, or BSS_MOCK_CONTROL_TOKEN). */
  controlToken?: string;
  /** Longest wait for one background transition (planning, running, synthesis) before a test gives up. */
  timeoutMs: number;
  /** Pause between two polls of a target whose clock the suite cannot move. */
  pollMs: number;
  /** Names everything a run creates (`bss-contract <run id>`), so an operator can find it. */
  runId: string;
  /** True under `npm test`: each test file starts its own mock in this process. */
  inProcess: boolean;
  /** The runner's target, probed before the files load (never under `npm test`). */
  target?: TargetInfo;
  /** Files run at once against a target on its own clock (one at a time on a clock the suite moves). */
  concurrency: number;
}

const settings: Settings = {
  profile: "mock",
  allowWrites: true,
  tokens: {},
  timeoutMs: 120_000,
  pollMs: 250,
  runId: randomUUID().slice(0, 8),
  inProcess: true,
  concurrency: 1,
};

/** The settings of this run (one per process: vitest starts one per test file, the runner one per run). */
export function runSettings(): Readonly<Settings> {
  return settings;
}

export function configureRun(changes: Partial<Settings>): void {
  Object.assign(settings, changes);
}

/** The name prefix of everything a run creates. */
export function runLabel(): string {
  return `bss-contract ${settings.runId}`;
}
