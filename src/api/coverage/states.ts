/**
 * The states a client read in an answer: each resource kind, how an object of it is told apart in any answer (a
 * simulation alone, in a list, in a round of a project), and the rules seeing a state or a transition shows.
 */

export interface Observation {
  readonly kind: StateKind;
  /** The resource's id: a transition is a change between two reads of the same one. */
  readonly id: string;
  readonly state: string;
  /** `kind:state`, as tallies count it (made once per answer read, not per request). */
  readonly stateKey: string;
  /** `kind id`: where the resource's last state read is remembered. */
  readonly resourceKey: string;
}

const observation = (kind: StateKind, id: string, state: string): Observation => ({
  kind,
  id,
  state,
  stateKey: `${kind}:${state}`,
  resourceKey: `${kind} ${id}`,
});

export const STATE_KINDS = {
  simulation: ["planning", "planned", "running", "completed", "failed"],
  round_synthesis: ["none", "generating", "completed", "failed"],
  synthesis_freshness: ["current", "stale"],
  population_retest: ["ready", "testing", "failed"],
} as const satisfies Record<string, readonly string[]>;

export type StateKind = keyof typeof STATE_KINDS;

/** Seeing a state (`kind:state`) or a transition (`kind:from->to`) shows these rules of the catalogue. */
export const STATE_RULES: Readonly<Record<string, readonly string[]>> = {
  "simulation:planning": ["SIM-CREATE-PLANNING"],
  "simulation:running": ["SIM-RUNNING-PROGRESS"],
  "simulation:completed": ["SIM-COMPLETED-OUTPUTS"],
  "simulation:planning->planned": ["SIM-PLANNING-TO-PLANNED"],
  "simulation:planned->running": ["SIM-RUN-RUNNING"],
  "simulation:running->completed": ["SIM-RUNNING-TO-COMPLETED"],
  "round_synthesis:generating": ["SYNTH-STATUS-VALUES"],
  "round_synthesis:failed": ["SYNTH-ERROR-ON-FAILURE"],
  "round_synthesis:generating->completed": ["SYNTH-SETTLES"],
  "round_synthesis:generating->failed": ["SYNTH-SETTLES"],
  "synthesis_freshness:stale": ["SYNTH-STALE"],
};

const SIMULATION_STATES: ReadonlySet<string> = new Set(STATE_KINDS.simulation);

/** Objects looked at in one answer, at most: a huge list is read in part rather than cost a request its time. */
const MAX_NODES = 20_000;

/** The states in a parsed answer, in the order they stand (a project's rounds, each round's simulations). */
export function observationsIn(value: unknown): Observation[] {
  const out: Observation[] = [];
  const pending: unknown[] = [value];
  let visited = 0;
  while (pending.length > 0 && visited++ < MAX_NODES) {
    const item = pending.pop();
    if (item === null || typeof item !== "object") continue;
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push(item[i]);
      continue;
    }
    const o = item as Record<string, unknown>;
    const id = typeof o.id === "string" ? o.id : undefined;
    if (id !== undefined) {
      if (typeof o.status === "string" && SIMULATION_STATES.has(o.status) && "mode" in o && "goal" in o) {
        out.push(observation("simulation", id, o.status));
      } else if (typeof o.status === "string" && "simulacrum_count" in o) {
        out.push(observation("population_retest", id, o.status));
      }
      if ("synthesis_status" in o) {
        const status = typeof o.synthesis_status === "string" ? o.synthesis_status : "none";
        out.push(observation("round_synthesis", id, status));
        if (typeof o.synthesis_stale === "boolean") {
          out.push(observation("synthesis_freshness", id, o.synthesis_stale ? "stale" : "current"));
        }
      }
    }
    // Children in reverse, so they are read in the order they stand.
    const values = Object.values(o);
    for (let i = values.length - 1; i >= 0; i--) {
      const child = values[i];
      if (child !== null && typeof child === "object") pending.push(child);
    }
  }
  return out;
}
