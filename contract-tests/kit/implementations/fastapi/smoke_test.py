#!/usr/bin/env python3
"""Smoke test: start the server with short durations, drive one simulation from create to completed, exit 0.

Usage: python3 smoke_test.py   (uses the python running it; BUG is passed through if set)
"""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    with open(os.path.join(HERE, "harness.json")) as f:
        harness = json.load(f)
    port = free_port()
    env = {**os.environ, **harness["env"], "PORT": str(port), "HOST": "127.0.0.1", "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable if c == "python3" else c for c in harness["command"]]
    proc = subprocess.Popen(command, cwd=HERE, env=env)
    base = f"http://127.0.0.1:{port}"
    org, user = uuid.uuid4().hex[:10], uuid.uuid4().hex[:10]
    token = harness["tokens"]["a"].format(org=org, org2="x" + org, user=user)

    def call(method, path, body=None, auth=True):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(base + path, data=data, method=method)
        if data is not None:
            req.add_header("content-type", "application/json")
        if auth:
            req.add_header("authorization", token)
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                raw = r.read()
                return r.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as e:
            raw = e.read()
            return e.code, json.loads(raw) if raw else None

    try:
        deadline = time.time() + 20
        while True:
            try:
                if call("GET", harness["health"], auth=False)[0] == 200:
                    break
            except OSError:
                pass
            if time.time() > deadline or proc.poll() is not None:
                print("server did not become healthy")
                return 1
            time.sleep(0.1)

        status, models = call("GET", "/v1/user-models")
        assert status == 200 and models, (status, models)
        status, goals = call("GET", "/v1/simulation-schema?mode=research")
        assert status == 200 and goals, (status, goals)
        status, ctx = call("POST", "/v1/contexts", {"name": "Acme", "body": "# Acme\nSells anvils."})
        assert status == 201, (status, ctx)
        design = {"stimulus": "the new anvil", "item_sets": [{"ask": "How sturdy is", "items": ["the base", "the horn"]}],
                  "custom_questions": [{"question_text": "Would you buy it?", "answer_options": ["Yes", "No"]}]}
        status, sim = call("POST", "/v1/simulations", {"mode": "research", "goal": goals[0]["goal_id"],
                                                        "user_model_ids": [models[0]["id"]], "survey_design": design})
        assert status == 201 and sim["status"] == "planning", (status, sim)
        assert sim["context_id"] == ctx["id"], sim
        sid = sim["id"]

        def wait_for(wanted):
            end = time.time() + 15
            while time.time() < end:
                s, body = call("GET", f"/v1/simulations/{sid}")
                assert s == 200, (s, body)
                if body["status"] == wanted:
                    return body
                time.sleep(0.05)
            raise AssertionError(f"simulation never reached {wanted}")

        planned = wait_for("planned")
        questions = planned["plan"]["survey_questions"]
        assert len(questions) == 3, questions
        assert planned["title"], planned
        status, ran = call("POST", f"/v1/simulations/{sid}/run")
        assert status == 200 and ran["status"] == "running", (status, ran)
        done = wait_for("completed")
        outcome = done["outcome"]
        assert outcome["markdown"].startswith("#") and len(outcome["results"]["questions"]) == 3, outcome
        status, _ = call("DELETE", f"/v1/simulations/{sid}")
        assert status == 204, status
        print("smoke test passed: 1 passed, 0 failed")
        return 0
    except AssertionError as e:
        print("smoke test FAILED:", e)
        return 1
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    sys.exit(main())
