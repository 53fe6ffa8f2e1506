import { z } from "@hono/zod-openapi";
import { defineRoute } from "../define-route.js";
import { AuthorizationHeader, detailErrors, jsonContent } from "../shared.schemas.js";
import {
  ArtefactBody,
  ArtefactFileBody,
  CreateProjectBody,
  CreateRoundBody,
  Project,
  ProjectIdParams,
  ProjectWithRounds,
  RenameProjectBody,
  RenameRoundBody,
  Round,
  RoundParams,
} from "./projects.schemas.js";

const tags = ["projects"];

export const listProjectsRoute = defineRoute(
  { method: "get", path: "/v1/projects", tags, summary: "Projects visible to the caller, most recently active first" },
  {
    request: () => ({ headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(z.array(Project()), "Projects"), ...detailErrors() }),
  },
);

export const createProjectRoute = defineRoute(
  { method: "post", path: "/v1/projects", tags, summary: "Create a project" },
  {
    request: () => ({
      headers: AuthorizationHeader(),
      body: { required: false, content: { "application/json": { schema: CreateProjectBody() } } },
    }),
    responses: () => ({ 201: jsonContent(Project(), "The new project"), ...detailErrors(404) }),
  },
);

export const getProjectRoute = defineRoute(
  { method: "get", path: "/v1/projects/{project_id}", tags, summary: "A project with its rounds" },
  {
    request: () => ({ params: ProjectIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(ProjectWithRounds(), "The project"), ...detailErrors(404) }),
  },
);

export const renameProjectRoute = defineRoute(
  { method: "patch", path: "/v1/projects/{project_id}", tags, summary: "Rename a project (owner only)" },
  {
    request: () => ({
      params: ProjectIdParams(),
      headers: AuthorizationHeader(),
      body: { required: true, content: { "application/json": { schema: RenameProjectBody() } } },
    }),
    responses: () => ({ 200: jsonContent(Project(), "The renamed project"), ...detailErrors(403, 404) }),
  },
);

export const createRoundRoute = defineRoute(
  {
    method: "post",
    path: "/v1/projects/{project_id}/rounds",
    tags,
    summary: "Start a new round (refused while the latest round has no simulations)",
  },
  {
    request: () => ({
      params: ProjectIdParams(),
      headers: AuthorizationHeader(),
      body: { required: false, content: { "application/json": { schema: CreateRoundBody() } } },
    }),
    responses: () => ({ 201: jsonContent(Round(), "The new round"), ...detailErrors(404, 409) }),
  },
);

export const renameRoundRoute = defineRoute(
  { method: "patch", path: "/v1/projects/{project_id}/rounds/{round_id}", tags, summary: "Rename a round" },
  {
    request: () => ({
      params: RoundParams(),
      headers: AuthorizationHeader(),
      body: { required: true, content: { "application/json": { schema: RenameRoundBody() } } },
    }),
    responses: () => ({ 200: jsonContent(Round(), "The renamed round"), ...detailErrors(404) }),
  },
);

export const attachArtefactRoute = defineRoute(
  {
    method: "post",
    path: "/v1/projects/{project_id}/rounds/{round_id}/artefact",
    tags,
    summary: "Attach pasted text or a URL as the round's artefact (replaces any previous one)",
  },
  {
    request: () => ({
      params: RoundParams(),
      headers: AuthorizationHeader(),
      body: { required: true, content: { "application/json": { schema: ArtefactBody() } } },
    }),
    responses: () => ({ 200: jsonContent(Round(), "The round with its artefact"), ...detailErrors(404) }),
  },
);

export const attachArtefactFileRoute = defineRoute(
  {
    method: "post",
    path: "/v1/projects/{project_id}/rounds/{round_id}/artefact/file",
    tags,
    summary: "Upload a document as the round's artefact (pdf, docx, md or txt; 10 MB max)",
  },
  {
    request: () => ({
      params: RoundParams(),
      headers: AuthorizationHeader(),
      body: { required: true, content: { "multipart/form-data": { schema: ArtefactFileBody() } } },
    }),
    responses: () => ({ 200: jsonContent(Round(), "The round with its artefact"), ...detailErrors(404, 413, 415) }),
  },
);

export const regenerateSynthesisRoute = defineRoute(
  {
    method: "post",
    path: "/v1/projects/{project_id}/rounds/{round_id}/synthesis",
    tags,
    summary: "Regenerate the round's synthesis in the background",
  },
  {
    request: () => ({ params: RoundParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(Round(), "The round, synthesis_status generating"), ...detailErrors(404) }),
  },
);
