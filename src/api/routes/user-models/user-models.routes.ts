import { z } from "@hono/zod-openapi";
import { defineRoute } from "../define-route.js";
import { AuthorizationHeader, detailErrors, jsonContent } from "../shared.schemas.js";
import { SimulationSchemaQuery, SimulationSchemaResponse, UserModel } from "./user-models.schemas.js";

const tags = ["user-models"];

export const listUserModelsRoute = defineRoute(
  {
    method: "get",
    path: "/v1/user-models",
    tags,
    summary: "List the user models visible to the caller (the organisation's own and public ones)",
  },
  {
    request: () => ({ headers: AuthorizationHeader() }),
    responses: () => ({
      200: jsonContent(z.array(UserModel()), "The user models, with accuracy and metadata"),
      ...detailErrors(),
    }),
  },
);

export const simulationSchemaRoute = defineRoute(
  {
    method: "get",
    path: "/v1/simulation-schema",
    tags,
    summary: "The goals of a mode, or with goal the input schema of that goal",
  },
  {
    request: () => ({ query: SimulationSchemaQuery(), headers: AuthorizationHeader() }),
    responses: () => ({
      200: jsonContent(SimulationSchemaResponse(), "Without goal: the goals of the mode. With goal: its input schema"),
      ...detailErrors(404),
    }),
  },
);
