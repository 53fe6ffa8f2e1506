import { z } from "@hono/zod-openapi";
import { onFirstUse } from "../../../content/index.js";
import { withModelValidator } from "../../../fastapi/index.js";
import { Timestamp } from "../shared.schemas.js";
import { Mode, SimulationStatus } from "../simulations/simulations.schemas.js";

export const ProjectIdParams = onFirstUse(() => z.object({ project_id: z.uuid() }));
export const RoundParams = onFirstUse(() => z.object({ project_id: z.uuid(), round_id: z.uuid() }));

export const CreateProjectBody = onFirstUse(() =>
  z
    .object({
      // The spec's 1..200 characters bound a rename only; the real create model takes any string.
      name: z.string().nullable().optional().openapi({ description: "Defaults to 'New project' (also when empty)" }),
      context_id: z.uuid().nullable().optional(),
    })
    .openapi("CreateProjectBody"),
);

export const RenameProjectBody = onFirstUse(() =>
  z.object({ name: z.string().min(1).max(200) }).openapi("RenameProjectBody"),
);
export const CreateRoundBody = onFirstUse(() =>
  z
    .object({
      title: z.string().nullable().optional().openapi({ description: "Without one (or empty) the title is automatic" }),
    })
    .openapi("CreateRoundBody"),
);
export const RenameRoundBody = onFirstUse(() =>
  z.object({ title: z.string().min(1).max(200) }).openapi("RenameRoundBody"),
);

export const ArtefactBody = onFirstUse(() =>
  withModelValidator(
    z
      .object({
        name: z.string().nullable().optional().openapi({ description: "A name for pasted text" }),
        text: z.string().nullable().optional(),
        url: z.string().nullable().optional().openapi({ description: "An http(s) page to read from" }),
      })
      .openapi("ArtefactBody", {
        description: "Exactly one of text (with an optional name) or url.",
        // The model validator's rule (artefactBodyProblem), as a schema can say it; the validator still decides (422).
        oneOf: [
          { properties: { text: { type: "string" } }, required: ["text"] },
          { properties: { url: { type: "string" } }, required: ["url"] },
        ],
      }),
    artefactBodyProblem,
  ),
);

export const ArtefactFileBody = onFirstUse(() =>
  z.object({
    // Documentation only: the edge reads the upload itself, with FastAPI's UploadFile rules.
    file: z.string().openapi({ type: "string", format: "binary", description: "pdf, docx, md or txt; 10 MB max" }),
  }),
);

export const RoundSimulation = onFirstUse(() =>
  z
    .object({ id: z.uuid(), title: z.string().nullable(), status: SimulationStatus(), mode: Mode(), goal: z.string() })
    .openapi("RoundSimulation"),
);

export const Round = onFirstUse(() =>
  z
    .object({
      id: z.uuid(),
      number: z.int(),
      title: z.string(),
      artefact_name: z.string().nullable(),
      artefact_type: z.enum(["text", "url", "file"]).nullable(),
      simulations: z.array(RoundSimulation()).openapi({
        description:
          "The caller's own simulations in the round. A colleague's simulation in the organisation's project is not the caller's to open, so it is not listed, though the round's title and synthesis cover it.",
      }),
      synthesis: z.string().nullable(),
      synthesis_status: z.enum(["generating", "completed", "failed"]).nullable(),
      synthesis_error: z.string().nullable(),
      synthesis_stale: z.boolean(),
      created_at: Timestamp(),
    })
    .openapi("Round"),
);

const projectFields = onFirstUse(() => ({
  id: z.uuid(),
  name: z.string(),
  context_id: z.uuid().nullable(),
  owner_id: z.uuid(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
  last_active_at: Timestamp(),
}));

export const Project = onFirstUse(() => z.object(projectFields()).openapi("Project"));
export const ProjectWithRounds = onFirstUse(() =>
  z.object({ ...projectFields(), rounds: z.array(Round()) }).openapi("ProjectWithRounds"),
);

/** The artefact body's model validator: exactly one source, and a URL that can be read. */
export function artefactBodyProblem(body: { text?: string | null; url?: string | null }): string | undefined {
  const hasText = body.text !== undefined && body.text !== null;
  const hasUrl = body.url !== undefined && body.url !== null;
  if (hasText === hasUrl) return "give either text (with an optional name) or url, not both and not neither";
  if (hasUrl && !/^https?:\/\/[^\s/?#]+/i.test(body.url as string)) return "url must be an absolute http or https URL";
  return undefined;
}
