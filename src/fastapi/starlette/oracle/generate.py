"""Records what Starlette's form parsers (over python-multipart) make of many bodies, for form.test.ts.

Run with the versions the mock targets (docs/decisions/fastapi-behaviour.md#target-versions), from this folder:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install fastapi python-multipart
    /tmp/venv/bin/python generate.py

It rewrites forms.json.gz (deterministic: fixed seeds). Each case is a Content-Type, a body (base64) and what
Starlette's MultiPartParser / FormParser give: the value of the fields `file` and `note` (text, or a file's name,
content type and size), or the 400 detail it raises. Bodies are random edits of well-formed ones, so most of the
parsers' states, errors included, are reached.
"""

import asyncio
import base64
import gzip
import json
import logging
import platform
import random

import python_multipart
import starlette
from python_multipart.multipart import parse_options_header
from starlette.datastructures import Headers, UploadFile
from starlette.formparsers import FormParser, MultiPartException, MultiPartParser

# python-multipart logs every parse error it raises; the recording keeps the results instead.
logging.disable(logging.CRITICAL)
VERSIONS = {"python": platform.python_version(), "starlette": starlette.__version__,
            "python_multipart": python_multipart.__version__}
FIELDS = ("file", "note")


def value_of(v):
    if v is None:
        return None
    if isinstance(v, UploadFile):
        return {"filename": v.filename, "content_type": v.content_type, "size": v.size}
    return v


async def parse(parser_class, content_type, body, rnd):
    chunks, i = [], 0
    while i < len(body):
        n = rnd.choice([1, 2, 3, 7, 16, 64, 1000])
        chunks.append(body[i:i + n])
        i += n

    async def stream():
        for chunk in chunks:
            yield chunk
        yield b""

    headers = Headers(raw=[(b"content-type", content_type.encode("latin-1"))])
    try:
        form = await parser_class(headers, stream()).parse()
    except MultiPartException as e:
        return {"error": e.message}
    return {"values": {name: value_of(form.get(name)) for name in FIELDS}}


def mutate(rnd, body, alphabet):
    b = bytearray(body)
    for _ in range(rnd.randint(0, 3)):
        op, i = rnd.randint(0, 2), rnd.randint(0, len(b))
        if op == 0 and i < len(b):
            del b[i]
        elif op == 1:
            b[i:i] = rnd.choice(alphabet)
        elif i < len(b):
            b[i:i + 1] = rnd.choice(alphabet)
    return bytes(b)


def multipart_cases():
    rnd = random.Random(7)
    bnd = "xYz"
    parts = [
        'Content-Disposition: form-data; name="file"; filename="a.md"\r\nContent-Type: text/plain\r\n\r\n# Notes\r\n',
        'Content-Disposition: form-data; name="note"\r\n\r\nhello\r\n',
        'content-disposition: form-data; filename=b.txt; name=file\r\n\r\nsecond file\r\n',
        'Content-Disposition: form-data;name="file"\r\n\r\ncaf\xe9\r\n',
        'Content-Disposition: form-data; name="note"; filename="C:\\\\x\\\\n.md"\r\n\r\n\r\n--xYzz\r\n',
        'Content-Disposition: form-data; name="file"; filename="q\\"uote;d.md"\r\nX-A: 1\r\n\r\n\r\r\n-\r\n--x\r\n',
    ]
    alphabet = [b"\r", b"\n", b"\r\n", b"-", b"--", b":", b" ", b'"', b";", b"=", b"x", b"Y", b"z", b"a", b"\xe9",
                b"\xff", b"\x00", b"*", b"name", b"file", b"filename=", b"--xYz", b"\r\n--xYz", b"\r\n--xYz--"]
    ctypes = [f"multipart/form-data; boundary={bnd}", f'multipart/form-data; boundary="{bnd}"',
              f"multipart/form-data; charset=latin-1; boundary={bnd}", f"multipart/form-data;boundary={bnd};charset=utf8",
              f"multipart/form-data; charset=x-unknown; boundary={bnd}"]
    cases = []
    for _ in range(3000):
        chosen = [rnd.choice(parts) for _ in range(rnd.randint(0, 3))]
        body = "".join(f"--{bnd}\r\n{p}" for p in chosen) + rnd.choice([f"--{bnd}--\r\n", f"--{bnd}--", "", f"--{bnd}\r\n"])
        raw = mutate(rnd, body.encode("latin-1"), alphabet) if rnd.random() < 0.8 else body.encode("latin-1")
        ctype = rnd.choice(ctypes)
        result = asyncio.run(parse(MultiPartParser, ctype, raw, rnd))
        cases.append({"content_type": ctype, "b64": base64.b64encode(raw).decode(), **result})
    return cases


def urlencoded_cases():
    rnd = random.Random(11)
    alphabet = [b"&", b"=", b"+", b"%", b"%2", b"%41", b"%e9", b"%C3%A9", b"\xe9", b"file", b"note", b"x", b" ", b";"]
    cases = []
    for _ in range(1500):
        raw = b"".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 14)))
        result = asyncio.run(parse(FormParser, "application/x-www-form-urlencoded", raw, rnd))
        cases.append({"content_type": "application/x-www-form-urlencoded", "b64": base64.b64encode(raw).decode(),
                      **result})
    return cases


def options_cases():
    rnd = random.Random(5)
    tokens = ["form-data", "multipart/form-data", "Multipart/Form-Data", ";", ";", " ", "\t", "=", '"', '\\"', "\\",
              "name", "NAME", "filename", "filename*", "boundary", "a", "b.md", "C:\\", "\\\\", "\x85", "\xa0", "*"]
    out = []
    for _ in range(3000):
        s = "".join(rnd.choice(tokens) for _ in range(rnd.randint(0, 12)))
        ctype, options = parse_options_header(s)
        out.append({"s": s, "type": ctype.decode("latin-1"),
                    "options": [[k.decode("latin-1"), v.decode("latin-1")] for k, v in options.items()]})
    return out


def main():
    data = {"versions": VERSIONS, "options": options_cases(), "forms": multipart_cases() + urlencoded_cases()}
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=True)
    with open("forms.json.gz", "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as f:
        f.write(text.encode("ascii"))


if __name__ == "__main__":
    main()
