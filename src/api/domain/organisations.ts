import type { Collection, ContextRecord, UserModelRecord } from "../../store/index.js";
import { PUBLIC, uuidForName } from "../../store/index.js";
import { TIMING_PRESETS } from "../config/presets.js";
import { type Services, timestamp } from "../services.js";
import { type Caller, nextIdOf } from "./callers.js";
import { putContext } from "./contexts.js";

/**
 * Organisation-owned things the API cannot create (organisation contexts and user models, `owned_by_org: true`), and
 * forgetting what an organisation (or everyone) made. Organisations are named by their key (domain/callers.ts).
 */

/** The id an organisation has, or will have when first seen: the same as World.resolveCaller gives it. */
export function organisationId(orgKey: string): string {
  return uuidForName(`org:${orgKey}`);
}

/**
 * The organisation's own id stream: a caller no token can name (token keys hold a user name string, this one null),
 * so things made for the organisation get seeded, deterministic ids without taking ids from any user's stream.
 */
export function organisationCaller(services: Services, orgKey: string): Caller {
  return { ...services.world.resolveCaller(JSON.stringify([orgKey, null]), orgKey), isDemo: false };
}

export interface OrganisationContextInput {
  name: string;
  body: string;
}

export function createOrganisationContext(
  services: Services,
  orgKey: string,
  input: OrganisationContextInput,
): ContextRecord {
  return putContext(services, organisationCaller(services, orgKey), "organisation", input);
}

export interface OrganisationUserModelInput {
  name: string;
  description: string;
  metadata?: Record<string, unknown> | undefined;
  question_count?: number | undefined;
  simulacrum_count?: number | undefined;
  data_source?: string | undefined;
  effective_date?: string | undefined;
  reality_target?: string | undefined;
  simulation_engine?: string | undefined;
  upload_filename?: string | undefined;
}

/**
 * An organisation's own user model (= population, same id): visible to that organisation only. It has no benchmark
 * answers, so its accuracy is 0 until the organisation tests it (POST /v1/tests, then a retest).
 */
export function createOrganisationUserModel(
  services: Services,
  orgKey: string,
  input: OrganisationUserModelInput,
): UserModelRecord {
  const owner = organisationCaller(services, orgKey);
  return services.world.userModels.put(
    organisationUserModel(nextIdOf(services, owner), owner.orgId, timestamp(services), input),
  );
}

/** The record of an organisation user model; fixtures build theirs with the same defaults. */
export function organisationUserModel(
  id: string,
  orgId: string,
  now: string,
  input: OrganisationUserModelInput,
): UserModelRecord {
  return {
    id,
    orgId,
    name: input.name,
    description: input.description,
    metadata: input.metadata ?? {},
    created_at: now,
    question_count: input.question_count ?? 0,
    simulacrum_count: input.simulacrum_count ?? 1000,
    status: "ready",
    data_source: input.data_source ?? "Uploaded by the organisation",
    effective_date: input.effective_date ?? now.slice(0, 10),
    reality_target: input.reality_target ?? input.name,
    simulation_engine: input.simulation_engine ?? "simulacra-3.2",
    // Tested once on upload, as a retest runs: started when it was created, finished the realistic retest time later
    // (never "ready" with test dates equal to its creation), whether it came from fixtures or the control API.
    test_started_at: now,
    test_finished_at: new Date(Date.parse(now) + TIMING_PRESETS.realistic.retestMs).toISOString(),
    upload_filename: input.upload_filename ?? "organisation-upload.csv",
  };
}

function deleteWhere<T extends { id: string }>(collection: Collection<T, string>, doomed: (record: T) => boolean) {
  for (const record of [...collection.values()]) if (doomed(record)) collection.delete(record.id);
}

/**
 * Forgets everything the API or the control API made (fixtures stay): organisations, callers and id streams,
 * simulations, projects, rounds, contexts, organisation user models, answers, batches, retests and pending jobs. The
 * caller restarts the scheduler and clock; the next request finds the mock as it started.
 */
export function forgetEverything(services: Services): void {
  const { world } = services;
  const isPublic = (orgId: string | null) => orgId === null || orgId === PUBLIC;
  deleteWhere(world.jobs, () => true);
  deleteWhere(world.simulations, () => true);
  deleteWhere(world.rounds, () => true);
  deleteWhere(world.projects, () => true);
  deleteWhere(world.contexts, (c) => c.fixture !== true);
  deleteWhere(world.userModels, (m) => !isPublic(m.orgId) && m.fixture !== true);
  deleteWhere(world.answers, (a) => !isPublic(a.orgId));
  deleteWhere(world.batches, (b) => !isPublic(b.orgId));
  deleteWhere(world.retests, () => true);
  deleteWhere(world.callers, () => true);
  deleteWhere(world.organisations, () => true);
}

/** Forgets what one organisation made (its fixtures stay); other organisations are untouched. */
export function forgetOrganisation(services: Services, orgKey: string): void {
  const { world, scheduler } = services;
  const orgId = organisationId(orgKey);
  const rounds = new Set<string>();
  for (const project of world.projects.listBy("org", orgId)) {
    for (const round of world.rounds.listBy("project", project.id)) rounds.add(round.id);
  }
  const simulations = [...world.simulations.values()].filter((s) => s.orgId === orgId);
  const retests = world.retests.listBy("org", orgId).map((r) => r.id);
  for (const subject of [...rounds, ...simulations.map((s) => s.id), ...retests]) scheduler.cancel(subject);
  for (const simulation of simulations) world.simulations.delete(simulation.id);
  for (const id of rounds) world.rounds.delete(id);
  deleteWhere(world.projects, (p) => p.orgId === orgId);
  deleteWhere(world.contexts, (c) => c.orgId === orgId && c.fixture !== true);
  deleteWhere(world.userModels, (m) => m.orgId === orgId && m.fixture !== true);
  deleteWhere(world.answers, (a) => a.orgId === orgId);
  deleteWhere(world.batches, (b) => b.orgId === orgId);
  deleteWhere(world.retests, (r) => r.orgId === orgId);
  deleteWhere(world.callers, (c) => c.orgId === orgId);
  deleteWhere(world.organisations, (o) => o.id === orgId);
}
