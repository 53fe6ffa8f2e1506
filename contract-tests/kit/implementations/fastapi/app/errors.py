"""Error types and the JSON bodies they become.

Non-envelope endpoints answer refusals with {"error": {"code", "message", ...}}.
Envelope endpoints (answers, predictions, tests, populations) answer with {"data": null, "errors": [{"code", "message"}]}.
Validation failures are always HTTP 422 with {"detail": [{"loc", "msg", "type"}]}; on envelope endpoints the same body
also carries "data": null and "errors".
"""
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from .config import bug

ENVELOPE_PREFIXES = ("/v1/answers", "/v1/predictions", "/v1/tests", "/v1/populations")


class ApiError(Exception):
    def __init__(self, http_status: int, code: str, message: str, **extra: Any):
        super().__init__(message)
        self.status = http_status
        self.code = code
        self.message = message
        self.extra = extra


def not_found(kind: str, ident: Any) -> ApiError:
    return ApiError(404, f"{kind}_not_found", f"No {kind.replace('_', ' ')} {ident} is visible to this caller.")


def field_error(loc: list, msg: str, type_: str) -> RequestValidationError:
    """A validation failure raised by our own checks, rendered exactly like pydantic's."""
    return RequestValidationError([{"loc": tuple(loc), "msg": msg, "type": type_}])


def field_errors(problems: list[tuple[list, str, str]]) -> RequestValidationError:
    return RequestValidationError([{"loc": tuple(loc), "msg": msg, "type": type_} for loc, msg, type_ in problems])


def is_envelope_path(path: str) -> bool:
    return any(path == p or path.startswith(p + "/") for p in ENVELOPE_PREFIXES)


def envelope(data: Any) -> dict:
    return {"data": data, "errors": None}


async def api_error_handler(request: Request, exc: ApiError) -> JSONResponse:
    if is_envelope_path(request.url.path):
        if bug("envelope_detail_errors"):
            return JSONResponse({"detail": exc.message}, status_code=exc.status)
        body = {"data": None, "errors": [{"code": exc.code, "message": exc.message}]}
    else:
        body = {"error": {"code": exc.code, "message": exc.message, **exc.extra}}
    return JSONResponse(body, status_code=exc.status)


def _clean(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


async def validation_handler(request: Request, exc: RequestValidationError) -> JSONResponse:
    detail = []
    for err in exc.errors():
        loc = [_clean(part) for part in err.get("loc", ())]
        if bug("loc_dotted"):
            loc = ".".join(str(p) for p in loc)
        detail.append({"loc": loc, "msg": str(err.get("msg", "invalid value")), "type": str(err.get("type", "value_error"))})
    body: dict = {"detail": detail}
    if is_envelope_path(request.url.path):
        body["data"] = None
        body["errors"] = [{"code": "validation_failed", "message": f"{d['msg']} at {d['loc']}"} for d in detail]
    return JSONResponse(body, status_code=400 if bug("validation_400") else 422)
