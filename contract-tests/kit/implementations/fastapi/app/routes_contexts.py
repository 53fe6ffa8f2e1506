"""Contexts: the default one, the list, create, read, edit."""
from uuid import UUID

from fastapi import APIRouter, Depends

from . import docs, views
from .auth import Caller, current_caller
from .config import bug
from .errors import ApiError
from .schemas import CreateContextBody, UpdateContextBody
from .store import STORE

router = APIRouter(prefix="/v1", tags=["contexts"])


@router.get("/context", summary="The default context, or {has_context: false}", responses=docs.default_context)
async def default_context(caller: Caller = Depends(current_caller)):
    c = STORE.default_context(caller)
    if c is None:
        if bug("no_context_404"):
            raise ApiError(404, "no_context", "No context exists for this caller or organisation.")
        return {"has_context": False, "contexts_available": 0}
    return views.default_context(caller, c)


@router.get("/contexts", summary="Contexts the caller can plan against, most recently updated first",
            responses=docs.list_contexts)
async def list_contexts(caller: Caller = Depends(current_caller)):
    return [views.context_item(caller, c) for c in STORE.list_contexts(caller)]


@router.post("/contexts", status_code=201, summary="Create a context", responses=docs.create_context)
async def create_context(body: CreateContextBody, caller: Caller = Depends(current_caller)):
    return views.context(caller, STORE.create_context(caller, body.name, body.body))


@router.get("/contexts/{context_id}", summary="One context with its full text", responses=docs.context)
async def get_context(context_id: UUID, caller: Caller = Depends(current_caller)):
    return views.context(caller, STORE.context(caller, str(context_id)))


@router.patch("/contexts/{context_id}", summary="Edit a context you created (makes it the most recently updated)",
              responses=docs.update_context)
async def update_context(context_id: UUID, body: UpdateContextBody, caller: Caller = Depends(current_caller)):
    return views.context(caller, STORE.update_context(caller, str(context_id), body.name, body.body))
