import { json, jsonBytes, noContent } from "../../../fastapi/index.js";
import { controlOf } from "../../control/control.js";
import { defineOperation } from "../operation.js";
import { simulationJson } from "../simulations/simulations.views.js";
import * as routes from "./control.routes.js";

/** The mock's control API, kept off the /v1 surface; each route is one of the control operations (control/). */
export const controlOperations = [
  defineOperation(routes.infoRoute, ({ services }) => json(200, controlOf(services).info())),
  defineOperation(routes.resetRoute, ({ services, body }) => {
    controlOf(services).reset({ org: body?.org });
    return noContent();
  }),
  defineOperation(routes.readClockRoute, ({ services }) => json(200, controlOf(services).clock.read())),
  defineOperation(routes.advanceClockRoute, async ({ services, body }) => {
    const { clock } = controlOf(services);
    if ("ms" in body) return json(200, await clock.advance(body.ms));
    return json(200, await (body.until === "next" ? clock.runNext() : clock.runUntilIdle()));
  }),
  defineOperation(routes.readScenariosRoute, ({ services }) => json(200, controlOf(services).scenarios.read())),
  defineOperation(routes.putScenariosRoute, ({ services, body }) =>
    json(200, controlOf(services).scenarios.set(body.scenarios, body.org)),
  ),
  defineOperation(routes.deleteScenariosRoute, ({ services, query }) =>
    json(200, controlOf(services).scenarios.clear(query.org)),
  ),
  defineOperation(routes.listRequestsRoute, ({ services, query }) =>
    json(200, { requests: controlOf(services).requests.list(query) }),
  ),
  defineOperation(routes.requestsHarRoute, ({ services, query }) => json(200, controlOf(services).requests.har(query))),
  defineOperation(routes.countRequestsRoute, ({ services, query }) =>
    json(200, { count: controlOf(services).requests.count(query) }),
  ),
  defineOperation(routes.clearRequestsRoute, ({ services }) => {
    controlOf(services).requests.clear();
    return noContent();
  }),
  defineOperation(routes.createOrgContextRoute, ({ services, params, body }) =>
    json(201, controlOf(services).orgs.createContext(params.org, body)),
  ),
  defineOperation(routes.createOrgUserModelRoute, ({ services, params, body }) =>
    json(201, controlOf(services).orgs.createUserModel(params.org, body)),
  ),
  defineOperation(routes.plannerTurnRoute, ({ services, params, body }) =>
    json(200, controlOf(services).plannerTurn(params.project_id, body.ms)),
  ),
  defineOperation(routes.listOrgsRoute, ({ services }) =>
    json(200, { organisations: controlOf(services).orgs.list() }),
  ),
  defineOperation(routes.orgResourcesRoute, ({ services, params }) =>
    json(200, controlOf(services).orgs.resources(params.org)),
  ),
  defineOperation(routes.coverageRoute, ({ services, query }) =>
    json(200, controlOf(services).coverage({ org: query.org })),
  ),
  defineOperation(routes.createMockSimulationRoute, (input) =>
    jsonBytes(201, simulationJson(input.services, controlOf(input.services).createSimulation(input.body), input)),
  ),
];
