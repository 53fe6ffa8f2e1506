"""The FastAPI application: routers, error handlers, health check."""
from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError

from . import routes_catalogue, routes_contexts, routes_projects, routes_simulations
from .errors import ApiError, api_error_handler, validation_handler

app = FastAPI(
    title="Behaviour Simulation Service",
    version="1.0.0",
    description="Independent implementation from the interface specification. "
                "Authenticate with `authorization: BSS org=<organisation>; user=<user>`.",
)
app.add_exception_handler(ApiError, api_error_handler)
app.add_exception_handler(RequestValidationError, validation_handler)

app.include_router(routes_catalogue.router)
app.include_router(routes_simulations.router)
app.include_router(routes_simulations.public_router)
app.include_router(routes_projects.router)
app.include_router(routes_contexts.router)


@app.get("/healthz", include_in_schema=False)
async def healthz():
    return {"ok": True}
