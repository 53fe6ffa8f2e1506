/**
 * FastAPI 0.142 + pydantic 2.13 (CPython 3.12) request validation, driven by zod 4 schemas.
 *
 * Typical use by the edge layer:
 *   1. body bytes (non-empty, JSON content type) -> decodeJsonBody(): `undecodable` -> 400
 *      {"detail":"There was an error parsing the body"}; `json_invalid` -> 422 with jsonInvalidIssue(msg, pos)
 *      alone; `ok` -> a PyValue (a JSON `null` body counts as no body: pass `undefined`).
 *   2. validateParams(pathSchema, raw, "path"), validateParams(querySchema, raw, "query"), then
 *      validateBody(bodySchema, value, required); concatenate the issues in that order (path, query, body).
 *   3. Any issues -> 422 with validationErrorBody(issues) as `application/json`; else call the handler with the
 *      returned plain values.
 */

export { valueErrorIssue } from "./messages.js";
export { pyJsonDumps } from "./py-json-dumps.js";
export { fromJs, PY_NONE, type PyValue, pyBool, pyDict, pyFloat, pyInt, pyList, pyStr, toJs } from "./py-value.js";
export {
  issueJson,
  jsonInvalidIssue,
  type Loc,
  type Validated,
  type ValidationIssue,
  validate,
  validateBody,
  validateParams,
  validationErrorBody,
  withModelValidator,
} from "./pydantic.js";
export { decodeJsonBody, type JsonDecodeResult } from "./python-json.js";
