import { envelope } from "../../../fastapi/index.js";
import { listPopulations, readPopulation, retestPopulation } from "../../domain/populations.js";
import type { OperationInput } from "../operation.js";
import type * as routes from "./populations.routes.js";
import { populationView } from "./populations.views.js";

type In<R extends keyof typeof routes> = OperationInput<(typeof routes)[R]>;

export function listPopulationsHandler({ services, caller }: In<"listPopulationsRoute">) {
  return envelope(200, listPopulations(services, caller).map(populationView));
}

export function getPopulationHandler({ services, caller, params }: In<"getPopulationRoute">) {
  return envelope(200, populationView(readPopulation(services, caller, params.population_id)));
}

export function retestPopulationHandler({ services, caller, params }: In<"retestPopulationRoute">) {
  return envelope(200, populationView(retestPopulation(services, caller, params.population_id)));
}
