"""Projects, rounds, artefacts, round synthesis, and the in-app planner switch."""
import os
from typing import Optional
from uuid import UUID
from urllib.parse import urlparse

from fastapi import APIRouter, Body, Depends, File, UploadFile

from . import docs, views
from .auth import Caller, current_caller
from .config import MAX_UPLOAD_BYTES, bug
from .errors import ApiError, field_error
from .schemas import ArtefactBody, CreateProjectBody, CreateRoundBody, RenameProjectBody, RenameRoundBody
from .store import STORE

router = APIRouter(prefix="/v1/projects", tags=["projects"])

ALLOWED_EXTENSIONS = {".pdf", ".docx", ".md", ".txt"}


@router.get("", summary="Projects visible to the caller, most recently active first", responses=docs.list_projects)
async def list_projects(caller: Caller = Depends(current_caller)):
    return {"projects": [views.project(p, with_rounds=False) for p in STORE.list_projects(caller)]}


@router.post("", status_code=201, summary="Create a project", responses=docs.create_project)
async def create_project(body: Optional[CreateProjectBody] = Body(None), caller: Caller = Depends(current_caller)):
    body = body or CreateProjectBody()
    p = STORE.create_project(caller, body.name, str(body.context_id) if body.context_id else None)
    return views.project(p, with_rounds=True)


@router.get("/{project_id}", summary="Get a project with its rounds (latest round first)", responses=docs.project)
async def get_project(project_id: UUID, caller: Caller = Depends(current_caller)):
    return views.project(STORE.project(caller, str(project_id)), with_rounds=True)


@router.patch("/{project_id}", summary="Rename a project (owner only)", responses=docs.project)
async def rename_project(project_id: UUID, body: RenameProjectBody, caller: Caller = Depends(current_caller)):
    p = STORE.project(caller, str(project_id))
    p.name = body.name
    p.touch()
    return views.project(p, with_rounds=True)


@router.post("/{project_id}/rounds", status_code=201, summary="Start a new round", responses=docs.start_round)
async def start_round(project_id: UUID, body: Optional[CreateRoundBody] = Body(None),
                      caller: Caller = Depends(current_caller)):
    r = STORE.start_round(caller, str(project_id), body.title if body else None)
    return views.round_(r)


@router.patch("/{project_id}/rounds/{round_id}", summary="Set a round's title", responses=docs.round_)
async def rename_round(project_id: UUID, round_id: UUID, body: RenameRoundBody,
                       caller: Caller = Depends(current_caller)):
    return views.round_(STORE.rename_round(caller, str(project_id), str(round_id), body.title))


@router.post("/{project_id}/rounds/{round_id}/artefact", summary="Attach pasted text or a URL as the round's artefact",
             responses=docs.artefact)
async def attach_artefact(project_id: UUID, round_id: UUID, body: ArtefactBody,
                          caller: Caller = Depends(current_caller)):
    text = body.text if body.text and body.text.strip() else None
    url = body.url if body.url and body.url.strip() else None
    if url is not None:
        parsed = urlparse(url.strip())
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise field_error(["body", "url"], "URL should be an absolute http or https address", "url_parsing")
    STORE.round(caller, str(project_id), str(round_id))  # 404 before 400
    if text is not None:
        artefact = {"type": "pasted_text", "name": body.name or "Pasted text", "characters": len(text),
                    "source_url": url, "excerpt": text if len(text) <= 200 else text[:197] + "..."}
    elif url is not None:
        artefact = {"type": "web_page", "name": body.name or url.strip(), "url": url.strip(), "fetched": False}
    else:
        raise ApiError(400, "artefact_empty", "Give `text` (with an optional `name`) or `url`.")
    return views.round_(STORE.set_artefact(caller, str(project_id), str(round_id), artefact))


@router.post("/{project_id}/rounds/{round_id}/artefact/file", summary="Upload a document as the round's artefact",
             responses=docs.artefact_file)
async def upload_artefact(project_id: UUID, round_id: UUID,
                          file: UploadFile = File(..., description="pdf, docx, md or txt; 10 MiB at most"),
                          caller: Caller = Depends(current_caller)):
    STORE.round(caller, str(project_id), str(round_id))
    filename = file.filename or "upload"
    ext = os.path.splitext(filename)[1].lower()
    if ext not in ALLOWED_EXTENSIONS and not bug("file_type_any"):
        raise ApiError(415, "unsupported_file_type", f"Upload a pdf, docx, md or txt file, not '{ext or filename}'.")
    data = await file.read(MAX_UPLOAD_BYTES + 1) if not bug("file_size_unchecked") else await file.read()
    if len(data) > MAX_UPLOAD_BYTES and not bug("file_size_unchecked"):
        raise ApiError(413, "file_too_large", f"Files may be at most {MAX_UPLOAD_BYTES} bytes.",
                       max_bytes=MAX_UPLOAD_BYTES)
    artefact = {"type": "document", "name": filename, "filename": filename, "size_bytes": len(data),
                "format": ext.lstrip(".") or None}
    return views.round_(STORE.set_artefact(caller, str(project_id), str(round_id), artefact))


@router.post("/{project_id}/rounds/{round_id}/synthesis", summary="Regenerate the round synthesis in the background",
             responses=docs.round_)
async def regenerate_synthesis(project_id: UUID, round_id: UUID, caller: Caller = Depends(current_caller)):
    return views.round_(STORE.regenerate_synthesis(caller, str(project_id), str(round_id)))


@router.post("/{project_id}/planner", status_code=202,
             summary="Start an in-app planner turn on the project (creating simulations in it then gives 409)",
             responses=docs.planner)
async def planner_turn(project_id: UUID, caller: Caller = Depends(current_caller)):
    p = STORE.planner_turn(caller, str(project_id))
    return {"project_id": p.id, "planner_mid_turn": True, "until": views.iso(p.planner_until)}
