// The FastAPI emulator's front door: the only module of src/fastapi/ that another part imports (src/fastapi/README.md).
export { firstHeader, tokenFromAuthorization } from "./authorization.js";
export { mountOperation } from "./mount.js";
export { type AnyOperation, defineOperation, type OperationInput } from "./operation.js";
export { connectionLost, messageLine, requestLog } from "./request-log.js";
export { sentPath, starlettePath } from "./request-path.js";
export {
  answeredAsServerError,
  bodyOf,
  detail,
  envelope,
  json,
  jsonBytes,
  jsonText,
  noContent,
  refusalStatus,
  serverErrorResponse,
} from "./responses.js";
export { RouteTable } from "./route-table.js";
export {
  answerPreparer,
  closesBeforeAnswer,
  type Exchange,
  exchangeOf,
  faultOf,
  ScenarioEdge,
  scenarioOperations,
} from "./scenario-edge.js";
export { StarletteCors } from "./starlette/cors.js";
export { requestOrigin } from "./starlette/request-origin.js";
export { parseDatetime } from "./validation/datetime.js";
export { strAsInt } from "./validation/lax.js";
export { toJs } from "./validation/py-value.js";
export { withModelValidator } from "./validation/pydantic.js";
export { decodeJsonBody } from "./validation/python-json.js";
