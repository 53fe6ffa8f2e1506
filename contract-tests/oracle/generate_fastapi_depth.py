"""Records how deeply a JSON body may nest before FastAPI answers 400, for contract-tests/fastapi-fidelity/body-depth.test.ts.

CPython's json scanner counts each nested list and dict against the interpreter's recursion limit (1000 on 3.11),
shared with the Python frames already on the stack when Starlette's `Request.json()` calls `json.loads`: how deep a
body may nest depends on the app's stack. This app has the stack the mock reproduces: FastAPI with Starlette's
CORSMiddleware as the README describes it (one middleware more moves the limit by about two levels). It sends each
body to a real uvicorn and writes status and body to fastapi-depth.json:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install fastapi==0.142.2 uvicorn==0.54.0 python-multipart==0.0.32
    /tmp/venv/bin/python generate_fastapi_depth.py

Bodies are segments as in fastapi-http.json (`["t", text]`, `["r", text, n]`); `{P}` in a target is a project id
the test replaces with one of its own caller (the recording app answers 404 for every project, as the real service
does for one the caller cannot see).
"""

import http.client
import json
import logging
import platform
import threading
import time
from typing import Optional
from uuid import UUID

import fastapi
import pydantic
import starlette
import uvicorn
from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse
from pydantic import BaseModel

logging.disable(logging.CRITICAL)

P = "11111111-1111-4111-8111-111111111111"
app = FastAPI()
app.add_middleware(
    CORSMiddleware,
    allow_origins=["*"],
    allow_methods=["*"],
    allow_headers=["*"],
    expose_headers=["Deprecation", "Link", "Retry-After"],
)


class CreateSimulation(BaseModel):
    mode: str
    goal: str
    inputs: dict = {}
    user_model_ids: list[UUID]


class RenameProject(BaseModel):
    name: str


@app.post("/v1/simulations", status_code=201)
def create_simulation(body: CreateSimulation):
    return {"id": "created"}


@app.patch("/v1/projects/{project_id}")
def rename_project(project_id: UUID, body: RenameProject):
    return JSONResponse({"detail": "Project not found"}, status_code=404)


def serve(port):
    uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="critical")).run()


PORT = 8779
CREATE_HEAD = '{"mode":"research","goal":"concept_test","user_model_ids":["33333333-3333-4333-8333-333333333333"],"inputs":'


def shapes(depth):
    """Bodies whose deepest point nests `depth` lists and dicts (the body itself is one)."""
    inner = depth - 1
    return [
        ("a create whose inputs nest", "POST", "/v1/simulations",
         [["t", CREATE_HEAD], ["r", "[", inner], ["r", "]", inner], ["t", "}"]]),
        ("a create whose inputs nest, never closed", "POST", "/v1/simulations",
         [["t", CREATE_HEAD], ["r", "[", inner]]),
        ("a rename of a project the caller cannot see, with an extra field that nests", "PATCH", "/v1/projects/{P}",
         [["t", '{"name":"x","extra":'], ["r", "[", inner], ["r", "]", inner], ["t", "}"]]),
    ]


def expand(segments):
    return "".join(s[1] if s[0] == "t" else s[1] * s[2] for s in segments).encode("latin-1")


def send(method, target, body):
    connection = http.client.HTTPConnection("127.0.0.1", PORT)
    connection.request(method, target.replace("{P}", P), body=body, headers={"content-type": "application/json"})
    response = connection.getresponse()
    return response.status, response.read().decode()


def main():
    threading.Thread(target=serve, args=(PORT,), daemon=True).start()
    time.sleep(1.5)
    cases = []
    deepest_parsed = None
    for depth in range(956, 970):
        for name, method, target, body in shapes(depth):
            status, text = send(method, target, expand(body))
            if status != 400 and (deepest_parsed is None or depth > deepest_parsed):
                deepest_parsed = depth
            cases.append({
                "name": f"{name} {depth} deep",
                "depth": depth,
                "method": method,
                "target": target,
                "body": body,
                "response": {"status": status, "body": text if status != 500 else "Internal Server Error"},
            })
    versions = {
        "python": platform.python_version(),
        "fastapi": fastapi.__version__,
        "starlette": starlette.__version__,
        "pydantic": pydantic.VERSION,
        "uvicorn": uvicorn.__version__,
    }
    with open("fastapi-depth.json", "w") as out:
        json.dump({"versions": versions, "project": P, "deepest_parsed": deepest_parsed, "cases": cases}, out,
                  indent=1)
        out.write("\n")
    print("deepest body parsed:", deepest_parsed)


if __name__ == "__main__":
    main()
