// The FastAPI emulator's front door: the only module of src/fastapi/ that another part imports (src/fastapi/README.md).
export { firstHeader, tokenFromAuthorization } from "./authorization.js";
export { type ChosenIssue, chosenErrorsBody, completeIssue, jsonBodyFields } from "./chosen-errors.js";
export {
  closesBeforeAnswer,
  connectionFault,
  dropConnection,
  faultOf,
  truncate,
} from "./faults.js";
export type { EdgeHooks, ScenarioHooks } from "./hooks.js";
export { mountOperation } from "./mount.js";
export { type AnyOperation, defineOperation, type OperationInput } from "./operation.js";
export { connectionLost, messageLine, requestLog } from "./request-log.js";
export { sentPath, starlettePath } from "./request-path.js";
export {
  answeredAsServerError,
  bodyOf,
  detail,
  envelope,
  httpPhrase,
  INTERNAL_SERVER_ERROR_TEXT,
  json,
  jsonBytes,
  jsonText,
  markServerError,
  noContent,
  refusalResponse,
  refusalStatus,
  serverErrorResponse,
  textResponse,
} from "./responses.js";
export { RouteTable } from "./route-table.js";
export { StarletteCors } from "./starlette/cors.js";
export { requestOrigin } from "./starlette/request-origin.js";
export { parseDatetime } from "./validation/datetime.js";
export { strAsInt } from "./validation/lax.js";
export { type PyValue, toJs } from "./validation/py-value.js";
export { type ValidationIssue, validationErrorBody, withModelValidator } from "./validation/pydantic.js";
export { decodeJsonBody } from "./validation/python-json.js";
