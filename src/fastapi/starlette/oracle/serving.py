"""Serving a FastAPI app with uvicorn on 127.0.0.1 and sending it one request, for the CORS recordings
(generate_cors.py, generate_cors_errors.py)."""

import http.client
import json
import platform
import threading
import time

import fastapi
import starlette
import uvicorn


def serve(app):
    """Starts `app` on a free port; returns the server, its thread and the port."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="critical"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    return server, thread, server.servers[0].sockets[0].getsockname()[1]


def fetch(port, method, path, headers, body=None):
    """The answer's status, headers (lower case, in order; `date` left out, the port taken out of `location`, so that
    a new recording differs only where the answers do) and body."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    answer_headers = [[name.lower(), value.replace(f"127.0.0.1:{port}", "127.0.0.1")]
                      for name, value in response.getheaders() if name.lower() != "date"]
    answer = {"status": response.status, "headers": answer_headers, "body": response.read().decode()}
    connection.close()
    return answer


def record(file, settings, make_app, requests, expose, setting_key="setting"):
    """Serves `make_app(options)` once per setting, sends it `requests(port)` (cases: what was asked and
    `fetch`'s answer, in order, each under its setting's name at `setting_key`) and writes `file` with the versions, the exposed headers, the settings and the cases."""
    cases = []
    for setting, options in settings.items():
        server, thread, port = serve(make_app(options))
        cases.extend({setting_key: setting, **case} for case in requests(port))
        server.should_exit = True
        thread.join()
    versions = {"python": platform.python_version(), "uvicorn": uvicorn.__version__,
                "starlette": starlette.__version__, "fastapi": fastapi.__version__}
    with open(file, "w") as out:
        json.dump({"versions": versions, "expose_headers": expose, "settings": settings, "cases": cases}, out,
                  indent=1)
        out.write("\n")
