"""Records the origin (scheme://host[:port]) uvicorn + Starlette give `request.url` for requests from different peers
with different Host and proxy headers, for request-origin.test.ts.

Run with the versions the mock targets (docs/decisions/fastapi-behaviour.md#target-versions), from this folder:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install fastapi uvicorn
    env -u FORWARDED_ALLOW_IPS /tmp/venv/bin/python generate_origins.py && npx biome format --write origins.json

It serves a FastAPI app with uvicorn's defaults (proxy headers on, forwarded_allow_ips from uvicorn's default), once
on 0.0.0.0 and once on ::, sends each request byte for byte from each peer address this machine has (loopback,
127.0.0.2, its other addresses), and rewrites origins.json with the connection's peer and what the app saw: the
server tuple (scope server), the client after uvicorn's proxy headers (scope client) and `request.base_url`. Peers
other than loopback depend on the machine it ran on. As root it also serves 127.0.0.1 on ports 80 and 443, where
Starlette leaves a scheme's default port out of the URL.
"""

import json
import platform
import socket
import threading
import time

import fastapi
import starlette
import uvicorn
from fastapi import FastAPI, Request

app = FastAPI()


@app.get("/probe")
def probe(request: Request):
    return {"base_url": str(request.base_url), "client": request.scope["client"][0],
            "server": list(request.scope["server"])}


REQUESTS = [
    ["GET /probe HTTP/1.1", "Host: a.example"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto: https"],
    ["GET /probe HTTP/1.1", "Host: b.example:8080", "X-Forwarded-Proto: https"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto: https,http"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto: https, http"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto: HTTPS"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto:  https  "],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto: http"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto: ws"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto: wss"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto: ftp"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto:"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto: https", "X-Forwarded-Proto: http"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto: http", "X-Forwarded-Proto: https"],
    ["GET /probe HTTP/1.1", "Host: a.example", "x-forwarded-proto: https"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Host: fw.example", "X-Forwarded-Proto: https"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Host: fw.example"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Port: 8443", "X-Forwarded-Proto: https"],
    ["GET /probe HTTP/1.1", "Host: a.example", "Forwarded: proto=https;host=fw.example"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-For: 10.1.2.3", "X-Forwarded-Proto: https"],
    ["GET /probe HTTP/1.1", "Host:"],
    ["GET /probe HTTP/1.1", "Host:", "X-Forwarded-Proto: https"],
    ["GET /probe HTTP/1.0"],
    ["GET /probe HTTP/1.0", "X-Forwarded-Proto: https"],
    ["GET /probe HTTP/1.0", "X-Forwarded-Proto: wss"],
]

# Without a Host, the URL is built from the server tuple: a scheme's default port is left out.
DEFAULT_PORT_REQUESTS = [
    ["GET /probe HTTP/1.0"],
    ["GET /probe HTTP/1.0", "X-Forwarded-Proto: https"],
    ["GET /probe HTTP/1.0", "X-Forwarded-Proto: ws"],
    ["GET /probe HTTP/1.0", "X-Forwarded-Proto: wss"],
    ["GET /probe HTTP/1.1", "Host: a.example", "X-Forwarded-Proto: https"],
]


def serve(host, port=0):
    config = uvicorn.Config(app, host=host, port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            return None, None, None
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    return server, thread, port


def send(family, source, target, lines):
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.bind((source, 0))
        s.connect(target)
        s.sendall(("\r\n".join([*lines, "Connection: close"]) + "\r\n\r\n").encode("latin1"))
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return json.loads(data.partition(b"\r\n\r\n")[2])


def local_addresses(family):
    """This machine's addresses of one family other than loopback (from the interfaces' routes)."""
    probe = {"inet": ("192.0.2.1", 9), "inet6": ("2001:db8::1", 9)}
    found = set()
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect(probe["inet" if family == socket.AF_INET else "inet6"])
            found.add(s.getsockname()[0])
    except OSError:
        pass
    return sorted(found)


def main():
    cases = []
    for bind, port, family, peers, requests in [
        ("0.0.0.0", 0, socket.AF_INET, ["127.0.0.1", "127.0.0.2", *local_addresses(socket.AF_INET)], REQUESTS),
        ("::", 0, socket.AF_INET6, ["::1", *local_addresses(socket.AF_INET6)], REQUESTS),
        ("127.0.0.1", 80, socket.AF_INET, ["127.0.0.1"], DEFAULT_PORT_REQUESTS),
        ("127.0.0.1", 443, socket.AF_INET, ["127.0.0.1"], DEFAULT_PORT_REQUESTS),
    ]:
        server, thread, port = serve(bind, port)
        if server is None:
            print(f"could not serve {bind}:{port} (not root?): its cases are left out")
            continue
        for peer in peers:
            # A connection to the peer's own address: scope["server"] is that address, as on a real host.
            for lines in requests:
                seen = send(family, peer, (peer, port), lines)
                cases.append({"peer": peer, "server": seen["server"], "request": lines, "client": seen["client"],
                              "base_url": seen["base_url"]})
        server.should_exit = True
        thread.join()
    versions = {"python": platform.python_version(), "uvicorn": uvicorn.__version__,
                "starlette": starlette.__version__, "fastapi": fastapi.__version__}
    with open("origins.json", "w") as out:
        json.dump({"versions": versions, "cases": cases}, out, indent=1)
        out.write("\n")


main()
