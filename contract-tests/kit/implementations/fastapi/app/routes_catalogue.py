"""User models and goal schemas, plus the envelope endpoints: answers, predictions, tests, populations."""
from typing import Literal, Optional
from uuid import UUID

from fastapi import APIRouter, Depends, Query
from fastapi.responses import JSONResponse

from . import content, docs, views
from .auth import Caller, current_caller
from .config import bug
from .errors import ApiError, envelope
from .schemas import CreatePredictionsBody, CreateTestsBody
from .store import STORE

router = APIRouter(prefix="/v1")


# ---------------------------------------------------------------------------------------------- user models, schema
@router.get("/user-models", tags=["user models"], summary="User models visible to the caller (organisation's and public)",
            responses=docs.user_models)
async def list_user_models(caller: Caller = Depends(current_caller)):
    return [views.user_model(caller, p) for p in STORE.visible_populations(caller)]


@router.get("/simulation-schema", tags=["user models"], summary="Goals of a mode, or the input schema of one goal",
            responses=docs.simulation_schema)
async def simulation_schema(mode: Literal["research", "journey"] = Query(...), goal: Optional[str] = Query(None),
                            caller: Caller = Depends(current_caller)):
    if goal is None:
        return content.goal_list(mode)
    if goal not in content.GOALS[mode]:
        raise ApiError(404, "unknown_goal", f"Mode '{mode}' has no goal '{goal}'.",
                       goals=list(content.GOALS[mode]))
    return content.goal_schema(mode, goal)


# ---------------------------------------------------------------------------------------------- predictions and tests
def _created(kind: str, caller: Caller, body) -> JSONResponse:
    b, records = STORE.create_predictions(caller, body, kind)
    render = views.prediction if kind == "prediction" else views.answer
    data = {"batch_id": b.id, "batch_name": b.name, "items": [render(r) for r in records]}
    return JSONResponse(envelope(data), status_code=202)


@router.post("/predictions", tags=["predictions"], status_code=202, summary="Create predictions (one batch per call)",
             responses=docs.predictions_created)
async def create_predictions(body: CreatePredictionsBody, caller: Caller = Depends(current_caller)):
    return _created("prediction", caller, body)


@router.post("/tests", tags=["tests"], status_code=202,
             summary="Create tests: predictions scored against observed answer counts", responses=docs.tests_created)
async def create_tests(body: CreateTestsBody, caller: Caller = Depends(current_caller)):
    return _created("test", caller, body)


if not bug("deprecated_route_removed"):
    @router.post("/answers", tags=["predictions"], status_code=202, deprecated=not bug("deprecated_not_marked"),
                 summary="Deprecated name of POST /v1/predictions", responses=docs.predictions_created)
    async def create_answers_deprecated(body: CreatePredictionsBody, caller: Caller = Depends(current_caller)):
        return _created("prediction", caller, body)


@router.post("/answers/benchmark", tags=["tests"], status_code=202, deprecated=not bug("deprecated_not_marked"),
             summary="Deprecated name of POST /v1/tests", responses=docs.tests_created)
async def benchmark_deprecated(body: CreateTestsBody, caller: Caller = Depends(current_caller)):
    return _created("test", caller, body)


@router.get("/answers/{answer_id}", tags=["tests"], summary="Read one answer (a scored test item)",
            responses=docs.answer)
async def get_answer(answer_id: UUID, caller: Caller = Depends(current_caller)):
    return envelope(views.answer(STORE.answer(caller, str(answer_id))))


@router.get("/predictions/batch/{batch_id}", tags=["predictions"], summary="A prediction batch with its predictions",
            responses=docs.prediction_batch)
async def get_prediction_batch(batch_id: UUID, caller: Caller = Depends(current_caller)):
    b = STORE.batch(caller, "prediction", str(batch_id))
    return envelope(views.batch(b, [views.prediction(STORE.predictions[i]) for i in b.item_ids]))


@router.get("/tests/batch/{batch_id}", tags=["tests"], summary="A test batch with its answers",
            responses=docs.test_batch)
async def get_test_batch(batch_id: UUID, caller: Caller = Depends(current_caller)):
    b = STORE.batch(caller, "test", str(batch_id))
    return envelope(views.batch(b, [views.answer(STORE.answers[i]) for i in b.item_ids]))


@router.get("/predictions/{prediction_id}", tags=["predictions"], summary="Read one prediction",
            responses=docs.prediction)
async def get_prediction(prediction_id: UUID, caller: Caller = Depends(current_caller)):
    return envelope(views.prediction(STORE.prediction(caller, str(prediction_id))))


# ---------------------------------------------------------------------------------------------- populations
@router.get("/populations", tags=["populations"], summary="List population models visible to the caller",
            responses=docs.population_list)
async def list_populations(caller: Caller = Depends(current_caller)):
    pops = [views.population(p) for p in STORE.visible_populations(caller)]
    return envelope({"populations": pops, "count": len(pops)})


@router.get("/populations/{population_id}", tags=["populations"], summary="Read one population",
            responses=docs.population)
async def get_population(population_id: UUID, caller: Caller = Depends(current_caller)):
    return envelope(views.population(STORE.population(caller, str(population_id))))


@router.post("/populations/{population_id}/retest", tags=["populations"],
             summary="Retest one of your organisation's populations in the background", responses=docs.retest)
async def retest_population(population_id: str, caller: Caller = Depends(current_caller)):
    data = views.population(STORE.retest(caller, population_id))
    return data if bug("retest_bare") else envelope(data)
