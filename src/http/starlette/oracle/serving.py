"""Serving a FastAPI app with uvicorn on 127.0.0.1 and sending it one request, for the CORS recordings
(generate_cors.py, generate_cors_errors.py)."""

import http.client
import threading
import time

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
