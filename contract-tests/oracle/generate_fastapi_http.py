"""Records what FastAPI + Starlette + uvicorn answer to raw HTTP requests, for contract-tests/fastapi-fidelity/http-layer.test.ts.

The app below has the route shapes of the Behaviour Simulation Service that the recorded requests reach (a path
UUID, a JSON body model, a multipart UploadFile). Each request is sent as exact bytes over a loopback socket to a
real uvicorn (h11), and the status, a few headers and the body are written to fastapi-http.json.

Run with the versions the mock targets (see docs/decisions/fastapi-behaviour.md#target-versions), e.g.:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install fastapi uvicorn python-multipart
    /tmp/venv/bin/python generate_fastapi_http.py

Bodies are written as segments (`["t", text]` latin-1 bytes, `["r", text, n]` text repeated n times) so that large
bodies stay small here. `{P}` and `{R}` in a target stand for the project and round ids; the test replaces them (same
length) with a project and round of its own caller.
"""

import json
import logging
import platform
import socket
import sys
import threading
import time
from typing import Optional
from uuid import UUID

import fastapi
import pydantic
import python_multipart
import starlette
import uvicorn
from fastapi import FastAPI, File, UploadFile
from fastapi.responses import JSONResponse
from pydantic import BaseModel

# python-multipart logs every parse error it raises; the recording keeps the answers instead.
logging.disable(logging.CRITICAL)

P = "11111111-1111-4111-8111-111111111111"
R = "22222222-2222-4222-8222-222222222222"
BOUNDARY = "b0undary"

app = FastAPI()


class CreateContextBody(BaseModel):
    name: str
    body: str


@app.get("/v1/simulations/{simulation_id}")
def get_simulation(simulation_id: UUID):
    return JSONResponse({"detail": "Simulation not found"}, status_code=404)


@app.post("/v1/contexts", status_code=201)
def create_context(body: CreateContextBody):
    return body


@app.post("/v1/projects/{project_id}/rounds/{round_id}/artefact/file")
async def attach_file(project_id: UUID, round_id: UUID, file: UploadFile = File(...)):
    data = await file.read()
    return {"filename": file.filename, "content_type": file.content_type, "size": len(data)}


# ---------------------------------------------------------------------------------------------------------------------
# Requests


def t(text):
    return ["t", text]


def rep(text, n):
    return ["r", text, n]


def expand(segments):
    out = bytearray()
    for seg in segments:
        if seg[0] == "t":
            out += seg[1].encode("latin-1")
        else:
            out += (seg[1] * seg[2]).encode("latin-1")
    return bytes(out)


def utf8(s):
    """Text as the latin-1 string of its UTF-8 bytes (how segments carry bytes)."""
    return s.encode("utf-8").decode("latin-1")


def part(disposition, content, headers=(), boundary=BOUNDARY):
    head = f"--{boundary}\r\nContent-Disposition: {disposition}\r\n" if disposition is not None else f"--{boundary}\r\n"
    head += "".join(f"{h}\r\n" for h in headers)
    return [t(head + "\r\n"), *([t(content)] if isinstance(content, str) else content), t("\r\n")]


def file_part(disposition='form-data; name="file"; filename="a.md"', content="# Notes", ctype="text/plain"):
    return part(disposition, content, [f"Content-Type: {ctype}"] if ctype else [])


def close(boundary=BOUNDARY):
    return [t(f"--{boundary}--\r\n")]


UPLOAD = f"/v1/projects/{P}/rounds/{R}/artefact/file"
MULTIPART = f"multipart/form-data; boundary={BOUNDARY}"

CASES = []


def case(name, method, target, headers=(), body=(), framing="length"):
    CASES.append({"name": name, "method": method, "target": target, "headers": [list(h) for h in headers],
                  "body": [list(s) for s in body], "framing": framing})


def upload(name, body, content_type=MULTIPART, framing="length", extra_headers=()):
    headers = [("content-type", content_type)] if content_type is not None else []
    case(name, "POST", UPLOAD, headers + list(extra_headers), body, framing)


# Multipart: what Starlette accepts.
upload("multipart: name then filename", [*file_part(), *close()])
upload("multipart: filename before name", [*file_part('form-data; filename="a.md"; name="file"'), *close()])
upload("multipart: unquoted name and filename", [*file_part("form-data; name=file; filename=a.md"), *close()])
upload("multipart: no space after ;", [*file_part('form-data;name="file";filename="a.md"'), *close()])
upload("multipart: spaces around = and ;", [*file_part('form-data ; name = "file" ; filename = "a.md"'), *close()])
upload("multipart: upper-case parameter names", [*file_part('form-data; NAME="file"; FILENAME="a.md"'), *close()])
upload("multipart: lower-case header name", [
    t(f'--{BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="a.md"\r\ncontent-type: text/plain'
      "\r\n\r\n# Notes\r\n"), *close()])
upload("multipart: a ; inside a quoted filename", [*file_part('form-data; name="file"; filename="a;b.md"'), *close()])
upload("multipart: an escaped quote in the filename", [*file_part('form-data; name="file"; filename="a\\"b.md"'),
                                                        *close()])
upload("multipart: a Windows path as filename keeps the last part",
       [*file_part('form-data; name="file"; filename="C:\\\\Users\\\\me\\\\a.md"'), *close()])
upload("multipart: a UTF-8 filename", [*file_part(utf8('form-data; name="file"; filename="notes-é😀.md"')), *close()])
upload("multipart: filename* alone is ignored (a text field)",
       [*file_part("form-data; name=\"file\"; filename*=UTF-8''a.md"), *close()])
upload("multipart: boundary in quotes", [*file_part(), *close()], content_type=f'multipart/form-data; boundary="{BOUNDARY}"')
upload("multipart: charset before boundary", [*file_part(), *close()],
       content_type=f"multipart/form-data; charset=utf-8; boundary={BOUNDARY}")
upload("multipart: no closing boundary: the file part never ends", [*file_part()])
upload("multipart: no closing boundary after a complete part", [*file_part(), t(f"--{BOUNDARY}\r\n")])
upload("multipart: leading CRLF before the first boundary", [t("\r\n\r\n"), *file_part(), *close()])
upload("multipart: epilogue after the closing boundary", [*file_part(), *close(), t("trailing words\r\n")])
upload("multipart: the file part repeated, the last one counts",
       [*file_part(content="first"), *file_part('form-data; name="file"; filename="b.md"', "second"), *close()])
upload("multipart: other fields beside the file", [*part('form-data; name="note"', "hello"), *file_part(), *close()])
upload("multipart: a file part without content type", [*file_part(ctype=None), *close()])
upload("multipart: an empty file", [*file_part(content=""), *close()])
upload("multipart: chunked framing", [*file_part(), *close()], framing="chunked")
upload("multipart: an empty filename", [*file_part('form-data; name="file"; filename=""'), *close()])
upload("multipart: file data that nearly holds the boundary",
       [*file_part(content=f"a\r\n--{BOUNDARY[:-1]}X\r\n--{BOUNDARY}X\r\n--{BOUNDARY}-x\r\n\r"), *close()])
upload("multipart: file data that nearly holds the boundary, chunked",
       [*file_part(content=f"a\r\n--{BOUNDARY[:-1]}X\r\n--{BOUNDARY}X\r\n--{BOUNDARY}-x\r\n\r"), *close()],
       framing="chunked")
upload("multipart: only the closing boundary", close())
upload("multipart: empty body", [])

# Multipart: what Starlette refuses, and how.
upload("multipart: text part named file", [*part('form-data; name="file"', "notafile"), *close()])
upload("multipart: a non-UTF-8 text part named file is echoed as Latin-1",
       [*part('form-data; name="file"', "caf\xe9 \xff"), *close()])
upload("multipart: a text part in a latin-1 charset form",
       [*part('form-data; name="file"', utf8("café")), *close()],
       content_type=f"multipart/form-data; charset=latin-1; boundary={BOUNDARY}")
upload("multipart: an unknown charset reads as Latin-1", [*part('form-data; name="file"', utf8("café")), *close()],
       content_type=f"multipart/form-data; charset=klingon; boundary={BOUNDARY}")
upload("multipart: an empty text part named file is missing", [*part('form-data; name="file"', ""), *close()])
upload("multipart: a part without a name", [*file_part('form-data; filename="a.md"'), *close()])
upload("multipart: a part without Content-Disposition", [*part(None, "x", ["Content-Type: text/plain"]), *close()])
upload("multipart: name* alone is no name", [*part("form-data; name*=UTF-8''file", "x"), *close()])
upload("multipart: garbage instead of the first boundary", [t("hello world\r\n"), *file_part(), *close()])
upload("multipart: another boundary than the header's", [*file_part(), *close()],
       content_type="multipart/form-data; boundary=other")
upload("multipart: a header line without a colon", [t(f"--{BOUNDARY}\r\nContent-Disposition form-data\r\n\r\nx\r\n"),
                                                   *close()])
upload("multipart: a space inside a header name",
       [t(f'--{BOUNDARY}\r\nContent Disposition: form-data; name="file"\r\n\r\nx\r\n'), *close()])
upload("multipart: a header line starting with a colon", [t(f"--{BOUNDARY}\r\n: x\r\n\r\nx\r\n"), *close()])
upload("multipart: LF line endings", [t(f'--{BOUNDARY}\nContent-Disposition: form-data; name="file"; filename="a.md"'
                                        "\n\n# Notes\n"), t(f"--{BOUNDARY}--\n")])
upload("multipart: a header without LF after CR",
       [t(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"\rX\r\n\r\nx\r\n'), *close()])
upload("multipart: spaces after the boundary line",
       [t(f'--{BOUNDARY}  \r\nContent-Disposition: form-data; name="file"; filename="a.md"\r\n\r\nx\r\n'), *close()])
upload("multipart: a folded header line",
       [t(f'--{BOUNDARY}\r\nContent-Disposition: form-data;\r\n name="file"\r\n\r\nx\r\n'), *close()])
upload("multipart: nine headers in a part", [*part('form-data; name="file"; filename="a.md"', "x",
                                                   [f"X-H{i}: v" for i in range(8)]), *close()])
upload("multipart: eight headers in a part", [*part('form-data; name="file"; filename="a.md"', "x",
                                                    [f"X-H{i}: v" for i in range(7)]), *close()])
upload("multipart: a header line over 4,224 bytes",
       [*part('form-data; name="file"; filename="a.md"', "x", ["X-Long: " + "v" * 4300]), *close()])
upload("multipart: a boundary of 257 characters", [*file_part(), *close()],
       content_type="multipart/form-data; boundary=" + "b" * 257)
upload("multipart: a text field over 1 MiB", [*part('form-data; name="note"', [rep("x", 1024 * 1024 + 1)]),
                                              *file_part(), *close()])
upload("multipart: a text field of exactly 1 MiB", [*part('form-data; name="note"', [rep("x", 1024 * 1024)]),
                                                    *close()])
upload("multipart: empty boundary parameter", [*file_part(), *close()], content_type="multipart/form-data; boundary=")
upload("multipart: no boundary parameter", [*file_part(), *close()], content_type="multipart/form-data")
upload("multipart: no boundary, a parameter", [*file_part(), *close()], content_type="multipart/form-data; charset=utf-8")
upload("multipart: mixed-case type with a boundary is not a form", [*file_part(), *close()],
       content_type=f"Multipart/Form-Data; boundary={BOUNDARY}")
upload("multipart: mixed-case type without parameters is a form (and has no boundary)", [*file_part(), *close()],
       content_type="Multipart/Form-Data")
upload("multipart: upper-case type with a boundary is not a form", [*file_part(), *close()],
       content_type=f"MULTIPART/FORM-DATA; boundary={BOUNDARY}")
upload("multipart: two content types, the first counts", [*file_part(), *close()], content_type=MULTIPART,
       extra_headers=[("content-type", "application/json")])
upload("multipart: two content types, JSON first", [*file_part(), *close()], content_type="application/json",
       extra_headers=[("content-type", MULTIPART)])
upload("urlencoded: file is text", [t("file=abc")], content_type="application/x-www-form-urlencoded")
upload("urlencoded: Latin-1 percent escapes", [t("file=caf%E9+%2B")], content_type="application/x-www-form-urlencoded")
upload("no content type", [*file_part(), *close()], content_type=None)
upload("a JSON body", [t('{"file": "x"}')], content_type="application/json")

# Paths: uvicorn percent-decodes the path (UTF-8, errors replaced) before Starlette routes it; no dot segments removed.
for label, segment in [
    ("%2F is a path separator", "a%2Fb"),
    ("a single dot", "."),
    ("two dots", ".."),
    ("an encoded dot", "%2e"),
    ("%ff is U+FFFD", "%ff"),
    ("a truncated UTF-8 sequence", "%e2%82"),
    ("an overlong NUL", "%c0%80"),
    ("an encoded surrogate", "%ed%a0%80"),
    ("a code point above U+10FFFF", "%f4%90%80%80"),
    ("a BOM", "%ef%bb%bf"),
    ("a euro sign", "%E2%82%AC"),
    ("a bad escape", "%zz1"),
    ("an encoded percent", "%2525"),
    ("an encoded question mark", "a%3Fb"),
    ("a space", "a%20b"),
]:
    case(f"path: {label}", "GET", f"/v1/simulations/{segment}")
case("path: a dot segment in the middle is not removed", "GET", "/v1/./simulations/" + P)
case("path: a double-dot segment is not resolved", "GET", "/v1/simulations/../simulations/" + P)
case("path: an encoded slash joins two segments into a route", "GET", "/v1/simulations%2F" + P)

# JSON bodies and their content type.
CONTEXT = '{"name": "Acme", "body": "What Acme sells"}'
for label, ctype in [
    ("application/json", "application/json"),
    ("a trailing U+0085", "application/json\x85"),
    ("a trailing U+00A0", "application/json\xa0"),
    ("a leading U+0085", "\x85application/json"),
    ("a trailing U+0085 before parameters", "application/json\x85; charset=utf-8"),
    ("upper case", "APPLICATION/JSON"),
    ("a +json subtype", "application/vnd.api+json"),
    ("a comma inside one header", "application/json, text/plain"),
    ("text/plain", "text/plain"),
    ("no slash", "json"),
]:
    case(f"content type: {label}", "POST", "/v1/contexts", [("content-type", ctype)], [t(CONTEXT)])
case("content type: two headers, JSON first", "POST", "/v1/contexts",
     [("content-type", "application/json"), ("content-type", "text/plain")], [t(CONTEXT)])
case("content type: two headers, text first", "POST", "/v1/contexts",
     [("content-type", "text/plain"), ("content-type", "application/json")], [t(CONTEXT)])
case("body: a BOM before a JSON body", "POST", "/v1/contexts", [("content-type", "application/json")],
     [t("\xef\xbb\xbf" + CONTEXT)])
case("body: a BOM before a text body is kept in the input", "POST", "/v1/contexts", [("content-type", "text/plain")],
     [t("\xef\xbb\xbfhello")])
case("body: a BOM alone as a text body", "POST", "/v1/contexts", [("content-type", "text/plain")], [t("\xef\xbb\xbf")])
case("body: invalid UTF-8 as a text body", "POST", "/v1/contexts", [("content-type", "text/plain")], [t("caf\xe9")])
case("body: invalid UTF-8 as a JSON body", "POST", "/v1/contexts", [("content-type", "application/json")],
     [t('{"name": "caf\xe9", "body": "x"}')])
case("body: a text body without content type", "POST", "/v1/contexts", [], [t(CONTEXT)])
case("body: JSON in chunked framing", "POST", "/v1/contexts", [("content-type", "application/json")], [t(CONTEXT)],
     framing="chunked")


# ---------------------------------------------------------------------------------------------------------------------
# Sending


def raw_request(c):
    body = expand(c["body"])
    head = f"{c['method']} {c['target']} HTTP/1.1\r\nhost: testserver\r\n"
    head += "".join(f"{k}: {v}\r\n" for k, v in c["headers"])
    if c["framing"] == "chunked":
        head += "transfer-encoding: chunked\r\n"
        chunks = b"".join(f"{len(body[i:i + 7]):x}\r\n".encode() + body[i:i + 7] + b"\r\n" for i in range(0, len(body), 7))
        payload = chunks + b"0\r\n\r\n"
    else:
        head += f"content-length: {len(body)}\r\n"
        payload = body
    head += "connection: close\r\n\r\n"
    return head.encode("latin-1") + payload


def send(port, data):
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(data)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    head, _, body = out.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        headers.setdefault(k.strip().lower(), v.strip())
    kept = {k: headers[k] for k in ("content-type", "location", "allow") if k in headers}
    return {"status": status, "headers": kept, "body": body.decode("utf-8")}


def main():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    for c in CASES:
        c["response"] = send(port, raw_request(c))
    server.should_exit = True
    versions = {"python": platform.python_version(), "fastapi": fastapi.__version__, "starlette": starlette.__version__,
                "pydantic": pydantic.VERSION, "python_multipart": python_multipart.__version__,
                "uvicorn": uvicorn.__version__}
    with open("fastapi-http.json", "w", encoding="utf-8") as f:
        json.dump({"versions": versions, "project": P, "round": R, "cases": CASES}, f, ensure_ascii=True, indent=1)
        f.write("\n")
    print(f"recorded {len(CASES)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
