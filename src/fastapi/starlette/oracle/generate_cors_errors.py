"""Records which answers of a FastAPI app behind Starlette's CORSMiddleware carry CORS headers, for
cors-errors.test.ts: an unhandled exception (answered by ServerErrorMiddleware, which sits outside every user
middleware), an HTTPException and a JSONResponse of the route (answered inside CORSMiddleware), a success.

Run with the versions the mock targets (docs/decisions/fastapi-behaviour.md#target-versions), from this folder:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install fastapi uvicorn
    /tmp/venv/bin/python generate_cors_errors.py && npx biome format --write cors-errors.json

It serves the app with uvicorn on 127.0.0.1, once per CORS setting (every origin as the mock's default
`--cors-origin *`, and one origin as `--cors-origin http://localhost:5173`; both expose the headers the mock exposes),
sends each request with and without an Origin header, and rewrites cors-errors.json with the status, the headers
(lower case, in order; `date` left out) and the body of each answer.
"""

import logging

from fastapi import FastAPI, HTTPException
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse
from serving import fetch, record

# uvicorn logs the traceback of every unhandled exception; the recording keeps the answers instead.
logging.disable(logging.CRITICAL)

EXPOSE = ["Deprecation", "Link", "Retry-After"]
SETTINGS = {"any": ["*"], "one": ["http://localhost:5173"]}
ROUTES = ["/ok", "/unhandled", "/http-exception-500", "/json-response-500", "/http-exception-503"]
ORIGINS = [None, "http://localhost:5173", "http://elsewhere.example"]


def make_app(origins):
    app = FastAPI()
    app.add_middleware(CORSMiddleware, allow_origins=origins, expose_headers=EXPOSE)

    @app.get("/ok")
    def ok():
        return {"ok": True}

    @app.get("/unhandled")
    def unhandled():
        raise RuntimeError("a bug in the route")

    @app.get("/http-exception-500")
    def http_exception_500():
        raise HTTPException(status_code=500)

    @app.get("/json-response-500")
    def json_response_500():
        return JSONResponse({"detail": "Internal Server Error"}, status_code=500)

    @app.get("/http-exception-503")
    def http_exception_503():
        raise HTTPException(status_code=503, headers={"Retry-After": "1"})

    return app


def requests(port):
    for path in ROUTES:
        for origin in ORIGINS:
            yield {"route": path, "origin": origin, **fetch(port, "GET", path, {"Origin": origin} if origin else {})}


record("cors-errors.json", SETTINGS, make_app, requests, EXPOSE, setting_key="allow_origins")
