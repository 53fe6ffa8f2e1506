import { BoundedLru } from "../../../platform/bounded-lru.js";
import type { SimulationRecord, World } from "../../../store/index.js";
import { joinedFrom } from "../../coverage/coverage.js";
import { progressOf } from "../../domain/lifecycle.js";
import { type SimulationContent, simulationContent } from "../../domain/simulation-content.js";
import type { Services } from "../../services.js";
import { resultOrders, stringifyInOrder } from "../ordered-json.js";

/** The public share page's URL for a simulation. */
export function shareUrl(origin: string, id: string): string {
  return `${origin}/v1/public/simulations/${id}`;
}

/** Where share URLs point: the request's origin, read only when a simulation is shared (building it has a cost). */
export interface OriginSource {
  readonly origin: string;
}

type Progress = ReturnType<typeof progressOf>;

/** The API representation: the spec's fields, then the additions of docs/decisions/mock-choices.md#simulation-representation, without bookkeeping fields. */
export function simulationView(services: Services, s: SimulationRecord, at: OriginSource) {
  return viewOf(s, simulationContent(services, s), progressOf(services, s), shareUrlOf(s, at));
}

function shareUrlOf(s: SimulationRecord, at: OriginSource): string | null {
  return s.public ? shareUrl(at.origin, s.id) : null;
}

function viewOf(s: SimulationRecord, content: SimulationContent, progress: Progress, share: string | null) {
  return {
    id: s.id,
    mode: s.mode,
    goal: s.goal,
    inputs: s.inputs,
    user_model_ids: s.user_model_ids,
    title: s.title,
    project_id: s.project_id,
    round_id: s.round_id,
    status: s.status,
    context_id: s.context_id,
    plan: content.plan,
    progress,
    synthesis: content.synthesis,
    markdown: content.markdown,
    results: content.results,
    error: s.error,
    public: s.public,
    share_url: share,
    created_at: s.created_at,
    updated_at: s.updated_at,
    planned_at: s.planned_at,
    started_at: s.started_at,
    completed_at: s.completed_at,
  };
}

/**
 * Most recently written simulations kept as JSON. Polling
 * clients read the same simulation again and again: serialising its plan and results was the largest part of a GET.
 * Kept as UTF-8 bytes only: the
 * socket write and the journal take them as they are, and a list joins them without decoding.
 */
const CACHED_ANSWERS = 500;
/**
 * And no more than this many bytes of them: a simulation made with 1 MiB inputs (the JSON body limit) answers ~2 MB,
 * and 500 of them would keep ~1 GiB. The most recently written is kept whatever its size.
 */
export const CACHED_ANSWER_BYTES = 32 * 1024 * 1024;

/** Bytes of answers kept for this world (tests). */
export function cachedAnswerBytes(world: World): number {
  return answers.get(world)?.weight ?? 0;
}

interface CachedAnswer {
  readonly record: SimulationRecord;
  readonly progress: string;
  readonly share: string | null;
  readonly bytes: Uint8Array;
}

const utf8 = new TextEncoder();

const answers = new WeakMap<World, BoundedLru<CachedAnswer>>();

/**
 * simulationView as JSON, in UTF-8. It is reused while everything it was written from is the same: the record (records
 * are replaced, never changed in place, and its generated content is a function of it, as simulationContent's own
 * cache assumes), the run's progress and the share URL. Anything else would be a stale answer. The bytes are shared
 * between answers: nothing may write into them.
 */
export function simulationJson(services: Services, s: SimulationRecord, at: OriginSource): Uint8Array {
  const progress = progressOf(services, s);
  const progressKey = progress === null ? "" : `${progress.completed}/${progress.total}`;
  const share = shareUrlOf(s, at);
  let cache = answers.get(services.world);
  if (!cache) {
    cache = new BoundedLru(CACHED_ANSWERS, CACHED_ANSWER_BYTES);
    answers.set(services.world, cache);
  }
  const cached = cache.get(s.id);
  if (cached?.record === s && cached.progress === progressKey && cached.share === share) return cached.bytes;
  const view = viewOf(s, simulationContent(services, s), progress, share);
  const bytes = utf8.encode(stringifyInOrder(view, resultOrders(view.results)));
  cache.set(s.id, { record: s, progress: progressKey, share, bytes }, bytes.byteLength);
  return bytes;
}

/** A list of simulations as a JSON array, each written (or reused) by simulationJson, joined as bytes. */
export function simulationsJson(services: Services, list: readonly SimulationRecord[], at: OriginSource): Uint8Array {
  const items = list.map((s) => simulationJson(services, s, at));
  const length = items.reduce((sum, item) => sum + item.byteLength, 0) + Math.max(items.length - 1, 0) + 2;
  const out = new Uint8Array(length);
  let pos = 0;
  out[pos++] = 0x5b; // [
  for (const [i, item] of items.entries()) {
    if (i > 0) out[pos++] = 0x2c; // ,
    out.set(item, pos);
    pos += item.byteLength;
  }
  out[pos] = 0x5d; // ]
  joinedFrom(out, items);
  return out;
}
