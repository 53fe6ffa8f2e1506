"""Records what Starlette's CORSMiddleware adds to a FastAPI app's answers (Vary, Access-Control-*) and how it answers
preflights, for cors.test.ts.

Run with the versions the mock targets (docs/decisions/fastapi-behaviour.md#target-versions), from this folder:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install fastapi uvicorn
    /tmp/venv/bin/python generate_cors.py && npx biome format --write cors.json

The mock imitates `CORSMiddleware(allow_origins=..., allow_methods=["*"], allow_headers=["*"], expose_headers=[...])`
without credentials: open to every origin (`--cors-origin *`, the default) or to a list, any method and request header
(the mock's preflights have always allowed them), and the headers scripts may read. The settings `*-credentials` add
`allow_credentials=True`; they are recorded to show what that would change and are not imitated.

It serves the app with uvicorn on 127.0.0.1, once per setting, sends each request (simple requests with and without
an Origin, with credentials, error answers of the router and of validation, preflights allowed and refused) and
rewrites cors.json with the status, the headers (lower case, in order; `date` left out, the port taken out of `location`) and the body of each answer.
"""

import logging

from fastapi import FastAPI, HTTPException
from fastapi.middleware.cors import CORSMiddleware
from serving import fetch, record

logging.disable(logging.CRITICAL)

EXPOSE = ["Deprecation", "Link", "Retry-After"]
ALLOWED = "http://localhost:5173"
OTHER = "http://elsewhere.example"
SETTINGS = {
    "any": {"allow_origins": ["*"]},
    "one": {"allow_origins": [ALLOWED]},
    "any-credentials": {"allow_origins": ["*"], "allow_credentials": True},
    "one-credentials": {"allow_origins": [ALLOWED], "allow_credentials": True},
}
PREFLIGHT = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type"}

# name, method, path, request headers (None: no Origin header at all).
REQUESTS = [
    ["simple without Origin", "GET", "/items", {}],
    ["simple from the allowed origin", "GET", "/items", {"Origin": ALLOWED}],
    ["simple from another origin", "GET", "/items", {"Origin": OTHER}],
    ["simple from a sandboxed page (Origin null)", "GET", "/items", {"Origin": "null"}],
    ["simple with credentials", "GET", "/items", {"Origin": ALLOWED, "Authorization": "Bearer a@b", "Cookie": "c=1"}],
    ["POST with a body", "POST", "/items", {"Origin": ALLOWED, "Content-Type": "application/json"}],
    ["422 of validation", "GET", "/items/x", {"Origin": ALLOWED}],
    ["404 of the router", "GET", "/nope", {"Origin": ALLOWED}],
    ["404 of the router without Origin", "GET", "/nope", {}],
    ["405 of the router", "DELETE", "/items", {"Origin": ALLOWED}],
    ["307 of the router", "GET", "/items/", {"Origin": ALLOWED}],
    ["HEAD on a GET route", "HEAD", "/items", {"Origin": ALLOWED}],
    ["503 HTTPException with headers", "GET", "/busy", {"Origin": OTHER}],
    ["OPTIONS with Origin, no Access-Control-Request-Method", "OPTIONS", "/items", {"Origin": ALLOWED}],
    ["OPTIONS with Access-Control-Request-Method, no Origin", "OPTIONS", "/items", {**PREFLIGHT}],
    ["preflight from the allowed origin", "OPTIONS", "/items", {"Origin": ALLOWED, **PREFLIGHT}],
    ["preflight from another origin", "OPTIONS", "/items", {"Origin": OTHER, **PREFLIGHT}],
    ["preflight from Origin null", "OPTIONS", "/items", {"Origin": "null", **PREFLIGHT}],
    ["preflight with an empty Origin", "OPTIONS", "/items", {"Origin": "", **PREFLIGHT}],
    ["preflight without request headers", "OPTIONS", "/items", {"Origin": ALLOWED,
                                                                 "Access-Control-Request-Method": "PATCH"}],
    ["preflight keeps the request headers as sent", "OPTIONS", "/items",
     {"Origin": ALLOWED, "Access-Control-Request-Method": "PUT",
      "Access-Control-Request-Headers": "Authorization, Content-Type,  X-Mock-Scenario"}],
    ["preflight for a path no route has", "OPTIONS", "/nope", {"Origin": ALLOWED, **PREFLIGHT}],
    ["preflight for QUERY", "OPTIONS", "/items", {"Origin": ALLOWED, "Access-Control-Request-Method": "QUERY"}],
    ["preflight for an unknown method", "OPTIONS", "/items", {"Origin": ALLOWED,
                                                               "Access-Control-Request-Method": "FOO"}],
    ["preflight for a lower-case method", "OPTIONS", "/items", {"Origin": ALLOWED,
                                                                 "Access-Control-Request-Method": "post"}],
    ["preflight for an empty method", "OPTIONS", "/items", {"Origin": ALLOWED, "Access-Control-Request-Method": ""}],
    ["preflight from another origin for an unknown method", "OPTIONS", "/items",
     {"Origin": OTHER, "Access-Control-Request-Method": "FOO"}],
    ["preflight asking for the private network", "OPTIONS", "/items",
     {"Origin": ALLOWED, **PREFLIGHT, "Access-Control-Request-Private-Network": "true"}],
]


def make_app(setting):
    app = FastAPI()
    app.add_middleware(CORSMiddleware, allow_methods=["*"], allow_headers=["*"], expose_headers=EXPOSE, **setting)

    @app.get("/items")
    def items():
        return {"ok": True}

    @app.post("/items", status_code=201)
    def create(body: dict):
        return body

    @app.get("/items/{number}")
    def item(number: int):
        return {"number": number}

    @app.get("/busy")
    def busy():
        raise HTTPException(status_code=503, headers={"Retry-After": "1"})

    return app


def requests(port):
    for name, method, path, headers in REQUESTS:
        body = '{"a":1}' if method == "POST" else None
        yield {"name": name, "method": method, "path": path, "request": headers,
               **fetch(port, method, path, headers, body)}


record("cors.json", SETTINGS, make_app, requests, EXPOSE)
