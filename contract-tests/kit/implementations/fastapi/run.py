"""Launcher: `python3 run.py` serves the app on $HOST:$PORT (defaults 127.0.0.1:8750)."""
import os
import sys

sys.dont_write_bytecode = True

if __name__ == "__main__":
    import uvicorn

    import app.config  # noqa: F401  (fails fast on an unknown BUG value)

    uvicorn.run("app.main:app", host=os.environ.get("HOST", "127.0.0.1"), port=int(os.environ.get("PORT", "8750")),
                log_level=os.environ.get("LOG_LEVEL", "warning"), access_log=False)
