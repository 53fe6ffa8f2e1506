"""Simulations: create, list, read, move, delete, plan edit, run, share."""
import json
from typing import Optional
from uuid import UUID

from fastapi import APIRouter, Depends, Query, Request, Response

from . import docs, views
from .auth import Caller, current_caller
from .config import MAX_LIST_LIMIT, bug
from .errors import ApiError
from .schemas import CreateSimulationBody, MoveSimulationBody, PlanPatch
from .store import STORE

router = APIRouter(prefix="/v1/simulations", tags=["simulations"])
public_router = APIRouter(tags=["simulations"])


def _model(uid: str) -> dict:
    pop = STORE.populations[uid]
    return {"id": pop.id, "name": pop.name}


@router.get("", summary="List the caller's simulations, newest first", responses=docs.list_simulations)
async def list_simulations(
    status_filter: Optional[str] = Query(None, description="One status or several separated by commas"),
    limit: int = Query(10 if bug("default_limit_10") else 20, ge=1,
                       description=f"Page size; values above {MAX_LIST_LIMIT} are treated as {MAX_LIST_LIMIT}"),
    project_id: Optional[UUID] = Query(None),
    caller: Caller = Depends(current_caller),
):
    statuses = {s.strip() for s in status_filter.split(",") if s.strip()} if status_filter else None
    effective = min(limit, MAX_LIST_LIMIT)
    sims = STORE.list_simulations(caller, statuses, str(project_id) if project_id else None, effective)
    return {"items": [views.simulation(s, full=False) for s in sims], "limit": effective, "returned": len(sims)}


@router.post("", status_code=201, summary="Create a simulation (returns at once in status planning)",
             responses=docs.create_simulation)
async def create_simulation(body: CreateSimulationBody, caller: Caller = Depends(current_caller)):
    sim = STORE.create_simulation(caller, body)
    out = views.simulation(sim)
    if bug("create_status_queued"):
        out["status"] = "queued"
    return out


@router.get("/{simulation_id}", summary="Get a simulation", responses=docs.simulation)
async def get_simulation(simulation_id: UUID, caller: Caller = Depends(current_caller)):
    return views.simulation(STORE.simulation(caller, str(simulation_id)))


@router.patch("/{simulation_id}", summary="Move a simulation into a project (only when it has none)",
              responses=docs.move_simulation)
async def move_simulation(simulation_id: UUID, body: MoveSimulationBody, caller: Caller = Depends(current_caller)):
    return views.simulation(STORE.move_simulation(caller, str(simulation_id), str(body.project_id)))


@router.delete("/{simulation_id}", status_code=204, summary="Delete a simulation with its plan and results",
               response_class=Response, responses=docs.delete_simulation)
async def delete_simulation(simulation_id: UUID, caller: Caller = Depends(current_caller)):
    sim = STORE.delete_simulation(caller, str(simulation_id))
    if bug("delete_returns_200"):
        return Response(content=json.dumps({"deleted": sim.id}), status_code=200,
                        media_type="application/json")
    return Response(status_code=204)


@router.patch("/{simulation_id}/plan", summary="Edit the plan of a planned simulation", responses=docs.edit_plan)
async def edit_plan(simulation_id: UUID, body: PlanPatch, caller: Caller = Depends(current_caller)):
    return views.plan_result(STORE.edit_plan(caller, str(simulation_id), body))


@router.post("/{simulation_id}/run", summary="Run a planned simulation", responses=docs.run_simulation)
async def run_simulation(simulation_id: UUID, caller: Caller = Depends(current_caller)):
    return views.simulation(STORE.run(caller, str(simulation_id), _model))


@router.post("/{simulation_id}/share", summary="Make a simulation publicly viewable", responses=docs.share)
async def share_simulation(simulation_id: UUID, request: Request, caller: Caller = Depends(current_caller)):
    sim = STORE.share(caller, str(simulation_id))
    return {"simulation_id": sim.id, "visibility": "public",
            "share_url": str(request.base_url).rstrip("/") + f"/shared/{sim.share_slug}"}


@public_router.get("/shared/{slug}", summary="Public view of a shared simulation (no credential needed)",
                   responses=docs.shared)
async def shared_simulation(slug: str):
    sid = STORE.shares.get(slug)
    if sid is None or sid not in STORE.simulations:
        raise ApiError(404, "share_not_found", "No shared simulation at this address.")
    sim = STORE.simulations[sid]
    STORE.advance_sim(sim)
    out = views.simulation(sim)
    for private in ("inputs", "context_id", "project_id", "round_id"):
        out.pop(private, None)
    return out
