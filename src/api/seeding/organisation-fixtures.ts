import { z } from "zod";
import { onFirstUse } from "../../content/index.js";
import type { World } from "../../store/index.js";
import { uuidForName } from "../../store/index.js";
import { organisationKey, sharedOrganisationKey } from "../domain/callers.js";
import { organisationId, organisationUserModel } from "../domain/organisations.js";

/**
 * fixtures/organisations.json: organisation-owned contexts and user models, which the API cannot create and a
 * frontend must still show (`scope: "organisation"`, `owned_by_org: true`). `demo` is the demo organisation (requests
 * without authorization); `organisations` are named as in `<user>@<organisation>` tokens. Like the public
 * populations they are loaded on every start with stable ids, never persisted, and kept by a reset.
 */

/**
 * The schemas, built on first use: the packaged file was validated by the build (src/api/packaged-content.ts); only a
 * user's --fixtures folder needs them at start.
 */
function buildOrganisationFixtureSchemas() {
  const Key = z.string().regex(/^[a-z][a-z0-9_-]*$/, "use lower-case letters, digits, '-' and '_'");
  const Text = z.string().trim().min(1);
  const Timestamp = z.iso.datetime({ offset: true });

  const ContextFixture = z.strictObject({
    key: Key,
    name: Text.max(200),
    body: Text,
    created_at: Timestamp,
  });

  const UserModelFixture = z.strictObject({
    key: Key,
    name: Text.max(200),
    description: Text,
    metadata: z.record(z.string(), z.unknown()).default({}),
    question_count: z.int().min(0).optional(),
    simulacrum_count: z.int().min(1).optional(),
    data_source: Text.optional(),
    effective_date: z.iso.date().optional(),
    reality_target: Text.optional(),
    simulation_engine: Text.optional(),
    upload_filename: Text.optional(),
    created_at: Timestamp,
  });

  const OrganisationFixture = z.strictObject({
    contexts: z.array(ContextFixture).default([]),
    user_models: z.array(UserModelFixture).default([]),
  });

  const OrganisationFixturesSchema = z.strictObject({
    $comment: z.string().optional(),
    demo: OrganisationFixture.optional(),
    organisations: z.record(z.string().min(1), OrganisationFixture).default({}),
  });
  return { OrganisationFixture, OrganisationFixturesSchema };
}

export const organisationFixtureSchemas = onFirstUse(buildOrganisationFixtureSchemas);
type OrganisationFixtureSchemas = ReturnType<typeof organisationFixtureSchemas>;

export type OrganisationFixtures = z.output<OrganisationFixtureSchemas["OrganisationFixturesSchema"]>;

const normalise = (timestamp: string) => new Date(Date.parse(timestamp)).toISOString();

/** The stable id of an organisation's fixture user model (the same on every start). */
function fixtureUserModelId(orgKey: string, key: string): string {
  return uuidForName(`organisation-fixture:${orgKey}:user-model:${key}`);
}

/**
 * The ids of the demo organisation's fixture user models: the demo world (fixtures/demo-world.json) may test them as
 * it tests the public populations.
 */
export function demoOrganisationUserModelIds(fixtures: OrganisationFixtures | undefined): Set<string> {
  const orgKey = organisationKey({ kind: "demo" });
  return new Set((fixtures?.demo?.user_models ?? []).map((model) => fixtureUserModelId(orgKey, model.key)));
}

/** Puts the fixtures' organisation contexts and user models into the world (untracked: fixtures are not state). */
export function installOrganisationFixtures(world: World, fixtures: OrganisationFixtures | undefined): void {
  if (!fixtures) return;
  const orgs: Array<[string, z.output<OrganisationFixtureSchemas["OrganisationFixture"]>]> = [
    ...(fixtures.demo ? [[organisationKey({ kind: "demo" }), fixtures.demo] as [string, typeof fixtures.demo]] : []),
    ...Object.entries(fixtures.organisations).map(
      ([name, org]) => [sharedOrganisationKey(name), org] as [string, typeof org],
    ),
  ];
  world.untracked(() => {
    for (const [orgKey, org] of orgs) {
      const orgId = organisationId(orgKey);
      for (const context of org.contexts) {
        const created = normalise(context.created_at);
        world.contexts.put({
          id: uuidForName(`organisation-fixture:${orgKey}:context:${context.key}`),
          orgId,
          owner_id: uuidForName(`organisation-fixture:${orgKey}:owner`),
          scope: "organisation",
          name: context.name,
          body: context.body,
          created_at: created,
          updated_at: created,
          fixture: true,
        });
      }
      for (const model of org.user_models) {
        const id = fixtureUserModelId(orgKey, model.key);
        const created = normalise(model.created_at);
        // Tested once on upload (organisationUserModel), like a model the control API makes.
        world.userModels.put({ ...organisationUserModel(id, orgId, created, model), fixture: true });
      }
    }
  });
}
