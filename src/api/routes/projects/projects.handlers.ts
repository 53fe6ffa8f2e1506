import { json } from "../../../fastapi/index.js";
import {
  attachArtefact,
  checkArtefactFile,
  createProject,
  listProjects,
  renameProject,
  renameRound,
  requireProject,
  startRound,
  startSynthesis,
} from "../../domain/projects.js";
import type { OperationInput } from "../operation.js";
import type * as routes from "./projects.routes.js";
import { projectView, projectWithRoundsView, roundView } from "./projects.views.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

export function listProjectsHandler({ services, caller }: In<"listProjectsRoute">) {
  return json(200, listProjects(services, caller).map(projectView));
}

export function createProjectHandler({ services, caller, body }: In<"createProjectRoute">) {
  return json(201, projectView(createProject(services, caller, body)));
}

export function getProjectHandler({ services, caller, params }: In<"getProjectRoute">) {
  return json(200, projectWithRoundsView(services, caller, requireProject(services, caller, params.project_id)));
}

export function renameProjectHandler({ services, caller, params, body }: In<"renameProjectRoute">) {
  return json(200, projectView(renameProject(services, caller, params.project_id, body.name)));
}

export function createRoundHandler({ services, caller, params, body }: In<"createRoundRoute">) {
  return json(201, roundView(services, caller, startRound(services, caller, params.project_id, body?.title)));
}

export function renameRoundHandler({ services, caller, params, body }: In<"renameRoundRoute">) {
  return json(
    200,
    roundView(services, caller, renameRound(services, caller, params.project_id, params.round_id, body.title)),
  );
}

export function attachArtefactHandler({ services, caller, params, body }: In<"attachArtefactRoute">) {
  const artefact =
    body.url !== undefined && body.url !== null
      ? { type: "url" as const, name: body.name ?? body.url, url: body.url }
      : { type: "text" as const, name: body.name ?? "Pasted text", text: body.text ?? "" };
  return json(
    200,
    roundView(services, caller, attachArtefact(services, caller, params.project_id, params.round_id, artefact)),
  );
}

export function attachArtefactFileHandler({ services, caller, params, body }: In<"attachArtefactFileRoute">) {
  const { file } = body;
  checkArtefactFile(file);
  const round = attachArtefact(services, caller, params.project_id, params.round_id, {
    type: "file",
    name: file.filename,
    bytes: file.size,
    content_type: file.contentType,
  });
  return json(200, roundView(services, caller, round));
}

export function regenerateSynthesisHandler({ services, caller, params }: In<"regenerateSynthesisRoute">) {
  return json(200, roundView(services, caller, startSynthesis(services, caller, params.project_id, params.round_id)));
}
