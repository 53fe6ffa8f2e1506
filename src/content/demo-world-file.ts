import { z } from "zod";
import { fileExists, joinPath } from "../platform/files.js";
import { onFirstUse, readFixture } from "./fixture-files.js";
import { checkGoalInputs } from "./goal-inputs.js";
import { findGoal, type GoalCatalogue } from "./goals.js";

/**
 * fixtures/demo-world.json: what the demo caller (a request without `authorization`) finds on first use, so a
 * frontend has something to show. This module reads and validates the file at start-up, every reference included
 * (contexts, goals, inputs against the goal's input schema, public populations); seeding/demo-world.ts builds it
 * through the domain functions, so every rule of the API holds for it. Times are given as `days_ago`.
 */

/**
 * The schemas, built on first use: the packaged file was validated by the build (src/api/packaged-content.ts); only a
 * user's --fixtures folder needs them at start.
 */
function buildDemoWorldSchemas() {
  const DaysAgo = z.number().positive().max(3650);
  const Text = z.string().trim().min(1);
  const Key = z.string().regex(/^[a-z][a-z0-9_-]*$/, "use lower-case letters, digits, '-' and '_'");

  const ContextSpec = z.strictObject({
    key: Key,
    days_ago: DaysAgo,
    name: Text.max(200),
    body: Text,
  });

  const simulationFields = {
    status: z.enum(["planning", "planned", "running", "completed", "failed"]),
    days_ago: DaysAgo.optional(),
    mode: z.enum(["research", "journey"]),
    goal: Text,
    title: Text.max(200).nullable().default(null),
    inputs: z.record(z.string(), z.unknown()).default({}),
    populations: z.array(z.uuid()).min(1),
    /** Why a failed simulation failed (required for `failed`, refused otherwise). */
    error: Text.optional(),
  };

  function checkStatusFields(
    spec: { status: string; error?: string | undefined; days_ago?: number | undefined },
    ctx: z.RefinementCtx,
  ) {
    if (spec.status === "failed" && spec.error === undefined) {
      ctx.addIssue({ code: "custom", path: ["error"], message: "a failed simulation needs an error text" });
    }
    if (spec.status !== "failed" && spec.error !== undefined) {
      ctx.addIssue({ code: "custom", path: ["error"], message: "only a failed simulation has an error" });
    }
    if (spec.status === "planning" && spec.days_ago !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["days_ago"],
        message: "a planning simulation is created when the demo world is built; leave days_ago out",
      });
    }
  }

  const SimulationSpec = z.strictObject(simulationFields).superRefine(checkStatusFields);
  /** A simulation outside any project names the context it plans against (else the demo caller's default). */
  const StandaloneSimulationSpec = z
    .strictObject({ ...simulationFields, context: Key.optional() })
    .superRefine(checkStatusFields);

  const ArtefactSpec = z.union([
    z.strictObject({ name: Text.max(200), text: Text }),
    z.strictObject({ name: Text.max(200).optional(), url: z.url({ protocol: /^https?$/ }) }),
  ]);

  const RoundSpec = z.strictObject({
    days_ago: DaysAgo,
    /** Omitted or null: the automatic title (from the round's simulations). */
    title: Text.max(200).nullable().default(null),
    artefact: ArtefactSpec.nullable().default(null),
    simulations: z.array(SimulationSpec).default([]),
    /** Regenerate the round's synthesis after its simulations. */
    synthesis: z.boolean().default(false),
  });

  const ProjectSpec = z.strictObject({
    days_ago: DaysAgo,
    name: Text.max(200),
    context: Key,
    rounds: z.array(RoundSpec).min(1),
  });

  const QuestionSpec = z.strictObject({
    question: Text,
    answer_options: z.array(Text).min(2).max(20),
    ground_answer_counts: z.record(z.string(), z.int().min(0)).optional(),
  });

  const BatchSpec = z.strictObject({
    kind: z.enum(["predictions", "tests"]),
    days_ago: DaysAgo,
    name: Text.max(200),
    description: Text.nullable().default(null),
    population: z.uuid(),
    questions: z.array(QuestionSpec).min(1),
    /** Tests only: retest the population afterwards, so its averages (as the demo organisation sees them) count them. */
    retest: z.boolean().default(false),
  });

  const DemoWorldFileSchema = z.strictObject({
    $comment: z.string().optional(),
    contexts: z.array(ContextSpec).default([]),
    projects: z.array(ProjectSpec).default([]),
    simulations: z.array(StandaloneSimulationSpec).default([]),
    batches: z.array(BatchSpec).default([]),
  });
  return { SimulationSpec, DemoWorldFileSchema };
}

export const demoWorldSchemas = onFirstUse(buildDemoWorldSchemas);
type DemoWorldSchemas = ReturnType<typeof demoWorldSchemas>;

export type SimulationSpec = z.output<DemoWorldSchemas["SimulationSpec"]>;
export type DemoWorld = Omit<z.output<DemoWorldSchemas["DemoWorldFileSchema"]>, "$comment">;

export const EMPTY_DEMO_WORLD: DemoWorld = { contexts: [], projects: [], simulations: [], batches: [] };

type Path = Array<string | number>;

/**
 * The file's schema, with every reference checked against the goals and public populations in effect: an issue
 * names the field (`projects.0.rounds.1.simulations.0.inputs`).
 */
export function demoWorldSchema(
  goals: GoalCatalogue,
  populations: ReadonlySet<string>,
  organisationModels: ReadonlySet<string> = new Set(),
) {
  return demoWorldSchemas().DemoWorldFileSchema.superRefine((file, ctx) => {
    const issue = (path: Path, message: string) => ctx.addIssue({ code: "custom", path, message });
    const contextKeys = new Set<string>();
    file.contexts.forEach((context, index) => {
      if (contextKeys.has(context.key)) issue(["contexts", index, "key"], `duplicate key '${context.key}'`);
      contextKeys.add(context.key);
    });
    const checkContext = (key: string | undefined, path: Path) => {
      if (key !== undefined && !contextKeys.has(key)) {
        issue(path, `no context with key '${key}'; contexts: ${[...contextKeys].join(", ") || "(none)"}`);
      }
    };
    const checkPopulation = (id: string, path: Path) => {
      if (!populations.has(id)) issue(path, `no public population ${id} in populations.json`);
    };
    const checkSimulation = (spec: SimulationSpec, path: Path) => {
      const goal = findGoal(goals, spec.mode, spec.goal);
      if (!goal) {
        const known = goals[spec.mode].map((g) => g.id).join(", ");
        issue([...path, "goal"], `no ${spec.mode} goal '${spec.goal}' in goals.json; use one of: ${known}`);
      } else {
        const problem = checkGoalInputs(goal, spec.inputs);
        if (problem) issue([...path, "inputs"], problem);
      }
      spec.populations.forEach((id, index) => {
        checkPopulation(id, [...path, "populations", index]);
      });
    };

    file.projects.forEach((project, p) => {
      checkContext(project.context, ["projects", p, "context"]);
      project.rounds.forEach((round, r) => {
        const path: Path = ["projects", p, "rounds", r];
        if (round.days_ago > project.days_ago) {
          issue([...path, "days_ago"], `a round cannot start before its project (days_ago ${project.days_ago})`);
        }
        round.simulations.forEach((spec, s) => {
          checkSimulation(spec, [...path, "simulations", s]);
          if (spec.days_ago !== undefined && spec.days_ago > round.days_ago) {
            issue(
              [...path, "simulations", s, "days_ago"],
              `a simulation cannot come before its round (days_ago ${round.days_ago})`,
            );
          }
        });
        // A new round starts only once the latest one has a simulation (planning ones are created at the build).
        const next = project.rounds[r + 1];
        if (
          next &&
          !round.simulations.some((s) => s.status !== "planning" && (s.days_ago ?? round.days_ago) >= next.days_ago)
        ) {
          issue(
            [...path, "simulations"],
            "the next round starts only once this one has a simulation that is not planning; add one from before it",
          );
        }
        if (round.synthesis && !round.simulations.some((s) => s.status !== "planning")) {
          issue([...path, "synthesis"], "a synthesis needs simulations in the round");
        }
      });
    });

    file.simulations.forEach((spec, index) => {
      checkSimulation(spec, ["simulations", index]);
      checkContext(spec.context, ["simulations", index, "context"]);
      if (spec.status !== "planning" && spec.days_ago === undefined) {
        issue(
          ["simulations", index, "days_ago"],
          "say when it happened: a simulation outside a project needs days_ago",
        );
      }
    });

    file.batches.forEach((batch, b) => {
      // A batch may also test one of the demo organisation's own user models (fixtures/organisations.json).
      if (!organisationModels.has(batch.population)) {
        const id = batch.population;
        if (!populations.has(id)) {
          issue(
            ["batches", b, "population"],
            `no public population ${id} in populations.json nor demo organisation user model in organisations.json`,
          );
        }
      }
      batch.questions.forEach((question, q) => {
        const path: Path = ["batches", b, "questions", q];
        const options = question.answer_options;
        if (new Set(options).size !== options.length) issue([...path, "answer_options"], "options must be distinct");
        const counts = question.ground_answer_counts;
        if (batch.kind === "predictions") {
          if (q === 0 && batch.retest) issue(["batches", b, "retest"], "only a batch of tests can be retested against");
          if (counts) issue([...path, "ground_answer_counts"], "a prediction has no ground truth; leave it out");
          return;
        }
        if (!counts) {
          issue([...path, "ground_answer_counts"], "a test needs the real answers: one count per answer option");
          return;
        }
        const keys = Object.keys(counts);
        if (keys.length !== options.length || !options.every((option) => Object.hasOwn(counts, option))) {
          issue([...path, "ground_answer_counts"], "keys must be exactly the answer options");
        } else if (keys.reduce((sum, key) => sum + (counts[key] ?? 0), 0) === 0) {
          issue([...path, "ground_answer_counts"], "counts add up to 0");
        }
      });
    });
  });
}

/**
 * Reads and validates `demo-world.json` in `dir`. A directory without one gives the empty demo world (a `--fixtures`
 * directory may leave it out); a file that is there must be valid, or start-up stops naming file and field.
 */
export function loadDemoWorld(
  dir: string,
  goals: GoalCatalogue,
  populations: ReadonlySet<string>,
  organisationModels: ReadonlySet<string> = new Set(),
): DemoWorld {
  if (!fileExists(joinPath(dir, "demo-world.json"))) return EMPTY_DEMO_WORLD;
  const schema = demoWorldSchema(goals, populations, organisationModels);
  const { $comment: _, ...demo } = readFixture(dir, "demo-world.json", schema);
  return demo;
}

export function isEmptyDemoWorld(demo: DemoWorld): boolean {
  return (
    demo.contexts.length === 0 &&
    demo.projects.length === 0 &&
    demo.simulations.length === 0 &&
    demo.batches.length === 0
  );
}
