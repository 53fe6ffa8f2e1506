import { defineRoute } from "../define-route.js";
import { AuthorizationHeader, envelopeErrors, jsonContent } from "../shared.schemas.js";
import {
  PopulationIdParams,
  PopulationListResponse,
  PopulationResponse,
  RetestPopulationParams,
} from "./populations.schemas.js";

export const listPopulationsRoute = defineRoute(
  {
    method: "get",
    path: "/v1/populations",
    tags: ["populations"],
    summary: "List the populations visible to the caller (public and the organisation's own)",
  },
  {
    request: () => ({ headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(PopulationListResponse(), "The populations"), ...envelopeErrors() }),
  },
);

export const getPopulationRoute = defineRoute(
  { method: "get", path: "/v1/populations/{population_id}", tags: ["populations"], summary: "Read a population" },
  {
    request: () => ({ params: PopulationIdParams(), headers: AuthorizationHeader() }),
    responses: () => ({ 200: jsonContent(PopulationResponse(), "The population"), ...envelopeErrors(404) }),
  },
);

export const retestPopulationRoute = defineRoute(
  {
    method: "post",
    path: "/v1/populations/{population_id}/retest",
    tags: ["populations"],
    summary: "Retest a population for the caller's organisation",
    description:
      "Answers with the population in status testing. Once the retest time has passed it reads as ready, with a new test_finished_at and averages over its benchmark answers plus the organisation's own tests that existed when the retest started (a test added later waits for the next retest). Until then, and if the retest fails, the averages and test_finished_at stay those of the last retest that finished.",
  },
  {
    request: () => ({ params: RetestPopulationParams(), headers: AuthorizationHeader() }),
    responses: () => ({
      200: jsonContent(PopulationResponse(), "The population, now testing"),
      ...envelopeErrors(404),
    }),
  },
);
