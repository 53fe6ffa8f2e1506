import { type EdgeHooks, refusalResponse } from "../fastapi/index.js";
import { WriteFailed } from "../store/index.js";
import { type Caller, resolveCaller } from "./domain/callers.js";
import { Refusal, unavailable } from "./domain/errors.js";
import type { ScenarioEdge } from "./scenarios/edge.js";
import type { Services } from "./services.js";

/**
 * What the emulator is handed when the API's operations are mounted (assembly/create-core.ts): who a token names, when a change is
 * durable, how the domain's refusals and a failed write are answered, and the scenarios around the API's handlers.
 */
export function edgeHooks(
  services: Services,
  scenarios: ScenarioEdge,
  /** Before the handler of an API request without a credential: builds the demo world. */
  onDemoCaller: () => void,
): EdgeHooks<Caller, Services> {
  return {
    services,
    scenarios,
    onDemoCaller,
    // The API acts for a caller; its public share links, the control API and the documents do not.
    actsForCaller: (template) => template.startsWith("/v1/") && !template.startsWith("/v1/public/"),
    credentialRequired: () => services.options.auth === "required",
    caller: (token) => resolveCaller(services, token),
    changeCount: () => services.world.changeCount,
    written: () => services.world.written(),
    errorResponse(error, style) {
      if (error instanceof Refusal) return refusalResponse(error, style);
      if (error instanceof WriteFailed) {
        return refusalResponse(unavailable(`${error.message}; nothing was changed, ${error.remedy}`), style);
      }
      return undefined;
    },
  };
}
