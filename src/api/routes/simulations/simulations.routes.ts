import { z } from "@hono/zod-openapi";
import { defineRoute } from "../define-route.js";
import { AuthorizationHeader, detailErrors, jsonContent } from "../shared.schemas.js";
import {
  CreateSimulationBody,
  ListSimulationsQuery,
  MoveSimulationBody,
  PlanUpdateBody,
  ShareResponse,
  Simulation,
  SimulationIdParams,
} from "./simulations.schemas.js";

const tags = ["simulations"];

export const listSimulationsRoute = defineRoute(
  { method: "get", path: "/v1/simulations", tags, summary: "List the caller's simulations, newest first" },
  {
    request: () => ({ query: ListSimulationsQuery(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(z.array(Simulation()), "The caller's simulations"), ...detailErrors() }),
  },
);

export const createSimulationRoute = defineRoute(
  {
    method: "post",
    path: "/v1/simulations",
    tags,
    summary: "Create a simulation; it returns at once in status planning",
  },
  {
    request: () => ({
      headers: AuthorizationHeader(),
      body: { required: true, content: { "application/json": { schema: CreateSimulationBody() } } },
    }),
    responses: () => ({
      201: jsonContent(Simulation(), "The new simulation, status planning"),
      ...detailErrors(400, 404, 409),
    }),
  },
);

export const getSimulationRoute = defineRoute(
  {
    method: "get",
    path: "/v1/simulations/{simulation_id}",
    tags,
    summary: "Read a simulation (progress while running; synthesis, markdown and results once completed)",
  },
  {
    request: () => ({ params: SimulationIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(Simulation(), "The simulation"), ...detailErrors(404) }),
  },
);

export const moveSimulationRoute = defineRoute(
  {
    method: "patch",
    path: "/v1/simulations/{simulation_id}",
    tags,
    summary: "Move a simulation into a project (joins its latest round)",
  },
  {
    request: () => ({
      params: SimulationIdParams(),
      headers: AuthorizationHeader(),
      body: { required: true, content: { "application/json": { schema: MoveSimulationBody() } } },
    }),
    responses: () => ({ 200: jsonContent(Simulation(), "The moved simulation"), ...detailErrors(404, 409) }),
  },
);

export const deleteSimulationRoute = defineRoute(
  {
    method: "delete",
    path: "/v1/simulations/{simulation_id}",
    tags,
    summary: "Delete a simulation with its plan and results",
  },
  {
    request: () => ({ params: SimulationIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 204: { description: "Deleted, no body" }, ...detailErrors(404, 409) }),
  },
);

export const updatePlanRoute = defineRoute(
  {
    method: "patch",
    path: "/v1/simulations/{simulation_id}/plan",
    tags,
    summary: "Edit the plan of a planned simulation (fields given replace, null clears)",
  },
  {
    request: () => ({
      params: SimulationIdParams(),
      headers: AuthorizationHeader(),
      body: { required: true, content: { "application/json": { schema: PlanUpdateBody() } } },
    }),
    responses: () => ({
      200: jsonContent(Simulation(), "The simulation with its edited plan"),
      ...detailErrors(404, 409),
    }),
  },
);

export const runSimulationRoute = defineRoute(
  {
    method: "post",
    path: "/v1/simulations/{simulation_id}/run",
    tags,
    summary: "Run a planned simulation in the background",
  },
  {
    request: () => ({ params: SimulationIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(Simulation(), "The simulation, now running"), ...detailErrors(404, 409) }),
  },
);

export const shareSimulationRoute = defineRoute(
  {
    method: "post",
    path: "/v1/simulations/{simulation_id}/share",
    tags,
    summary: "Make a simulation publicly viewable and return its shareable URL",
  },
  {
    request: () => ({ params: SimulationIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(ShareResponse(), "The shareable URL"), ...detailErrors(404) }),
  },
);

export const publicSimulationRoute = defineRoute(
  {
    method: "get",
    path: "/v1/public/simulations/{simulation_id}",
    tags,
    summary: "The read-only share page of a shared simulation (HTML, or JSON with Accept: application/json)",
    description: "Needs no authorization. Only simulations that were shared are reachable here.",
  },
  {
    request: () => ({ params: SimulationIdParams() }),
    responses: () => ({
      200: {
        description: "The shared simulation",
        content: { "text/html": { schema: z.string() }, "application/json": { schema: Simulation() } },
      },
      ...detailErrors(404),
    }),
  },
);
