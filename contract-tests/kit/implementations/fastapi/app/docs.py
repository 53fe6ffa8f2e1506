"""Response models used only to document responses in /openapi.json (handlers return plain dicts)."""
from typing import Any, Generic, Literal, Optional, TypeVar, Union

from pydantic import BaseModel, Field

T = TypeVar("T")


# ---------------------------------------------------------------------------------------------- errors
class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail = Field(description="May carry extra keys, for example `status` or `project_id`")


class EnvelopeError(BaseModel):
    data: None = None
    errors: list[ErrorDetail]


class Envelope(BaseModel, Generic[T]):
    data: T
    errors: Optional[list[ErrorDetail]] = None


def err(description: str) -> dict:
    return {"model": ErrorBody, "description": description}


def env_err(description: str) -> dict:
    return {"model": EnvelopeError, "description": description}


AUTH = {401: err("Missing or unparseable authorization header")}
ENV_AUTH = {401: env_err("Missing or unparseable authorization header")}


# ---------------------------------------------------------------------------------------------- simulations
class SurveyQuestionOut(BaseModel):
    question_text: str
    question_type: str
    answer_options: Optional[list[str]]
    insight: Optional[str]
    variable_name: Optional[str]


class PlanOut(BaseModel):
    question_text: Optional[str]
    hypothesis_text: Optional[str]
    survey_questions: Optional[list[SurveyQuestionOut]]
    journey_task: Optional[dict[str, Any]]


class RunProgress(BaseModel):
    percent: int = Field(ge=0, le=100)
    respondents_done: int
    respondents_total: int
    eta: str


class Outcome(BaseModel):
    synthesis: dict[str, Any] = Field(description="{headline, takeaways[]}")
    markdown: str = Field(description="The full markdown report")
    results: dict[str, Any] = Field(description="Survey results per question and user model, or journey results")


class SimulationOut(BaseModel):
    id: str
    mode: Literal["research", "journey"]
    goal: str
    inputs: dict[str, Any]
    user_model_ids: list[str]
    title: Optional[str]
    project_id: Optional[str]
    round_id: Optional[str]
    context_id: Optional[str]
    status: Literal["planning", "planned", "running", "completed"]
    visibility: Literal["private", "public"]
    created_at: str
    planned_at: Optional[str]
    run_started_at: Optional[str]
    completed_at: Optional[str]
    survey_design: Optional[dict[str, Any]] = Field(None, description="Not in list items")
    plan: Optional[PlanOut] = Field(None, description="null while planning; not in list items")
    plan_revision: Optional[int] = Field(None, description="Not in list items")
    run_progress: Optional[RunProgress] = Field(None, description="Present only while running")
    outcome: Optional[Outcome] = Field(None, description="Present only once completed; not in list items")


class SimulationList(BaseModel):
    items: list[SimulationOut]
    limit: int
    returned: int


class PlanResult(BaseModel):
    simulation_id: str
    status: str
    plan_revision: int
    plan: PlanOut


class ShareOut(BaseModel):
    simulation_id: str
    visibility: Literal["public"]
    share_url: str


SIM_404 = {404: err("No such simulation visible to this caller")}
list_simulations = {200: {"model": SimulationList}, **AUTH}
create_simulation = {201: {"model": SimulationOut, "description": "The new simulation, status `planning`"},
                     400: err("A well-formed survey_design that cannot be used"),
                     404: err("project_id names no project of the caller"),
                     409: err("The in-app planner is mid-turn on the project"), **AUTH}
simulation = {200: {"model": SimulationOut}, **SIM_404, **AUTH}
move_simulation = {200: {"model": SimulationOut},
                   409: err("The simulation already has a project, or the target project is not the caller's"),
                   **SIM_404, **AUTH}
delete_simulation = {204: {"description": "Deleted; no body"},
                     409: err("The simulation is planning or running"), **SIM_404, **AUTH}
edit_plan = {200: {"model": PlanResult}, 423: err("The simulation is not planned"), **SIM_404, **AUTH}
run_simulation = {200: {"model": SimulationOut, "description": "The simulation, now running"},
                  400: err("The simulation is not planned"), **SIM_404, **AUTH}
share = {200: {"model": ShareOut}, **SIM_404, **AUTH}
shared = {200: {"model": SimulationOut, "description": "Public view (without inputs, context and project)"},
          404: err("Unknown share address")}


# ---------------------------------------------------------------------------------------------- projects
class RoundSimulation(BaseModel):
    id: str
    title: Optional[str]
    status: str
    mode: str
    goal: str


class RoundSynthesis(BaseModel):
    markdown: str
    covered_simulation_ids: list[str]
    generated_at: Optional[str]


class RoundOut(BaseModel):
    id: str
    number: int
    title: str
    title_source: Literal["caller", "automatic"]
    created_at: str
    artefact_name: Optional[str]
    artefact_type: Optional[Literal["pasted_text", "web_page", "document"]]
    artefact: Optional[dict[str, Any]]
    simulations: list[RoundSimulation]
    synthesis: RoundSynthesis
    synthesis_status: Literal["generating", "completed", "failed"]
    synthesis_stale: bool
    synthesis_requested_at: Optional[str]
    synthesis_error: Optional[str] = Field(None, description="Present only when synthesis_status is failed")


class ProjectOut(BaseModel):
    id: str
    name: str
    context_id: Optional[str]
    owner_user: str
    created_at: str
    last_active_at: str
    planner_mid_turn: bool
    round_count: int
    rounds: Optional[list[RoundOut]] = Field(None, description="Latest round first; not in the project list")


class ProjectList(BaseModel):
    projects: list[ProjectOut]


class PlannerOut(BaseModel):
    project_id: str
    planner_mid_turn: bool
    until: str


PROJECT_404 = {404: err("No such project (or round) owned by this caller")}
list_projects = {200: {"model": ProjectList}, **AUTH}
project = {200: {"model": ProjectOut}, **PROJECT_404, **AUTH}
create_project = {201: {"model": ProjectOut, "description": "The new project (no rounds yet)"},
                  422: {"description": "Validation error, also when context_id names no visible context"}, **AUTH}
start_round = {201: {"model": RoundOut}, 400: err("The latest round has no simulations yet"), **PROJECT_404, **AUTH}
round_ = {200: {"model": RoundOut}, **PROJECT_404, **AUTH}
artefact = {200: {"model": RoundOut}, 400: err("Neither text nor url given"), **PROJECT_404, **AUTH}
artefact_file = {200: {"model": RoundOut}, 413: err("File larger than 10 MiB"),
                 415: err("File is not pdf, docx, md or txt"), **PROJECT_404, **AUTH}
planner = {202: {"model": PlannerOut}, **PROJECT_404, **AUTH}


# ---------------------------------------------------------------------------------------------- contexts
class ContextOut(BaseModel):
    id: str
    name: str
    body: str
    scope: Literal["own", "organisation"]
    created_at: str
    updated_at: str


class ContextItem(BaseModel):
    id: str
    name: str
    scope: Literal["own", "organisation"]
    updated_at: str
    excerpt: str


class DefaultContextOut(ContextOut):
    chosen_because: str


class NoContext(BaseModel):
    has_context: Literal[False]
    contexts_available: int


default_context = {200: {"model": Union[DefaultContextOut, NoContext]}, **AUTH}
list_contexts = {200: {"model": list[ContextItem]}, **AUTH}
CONTEXT_404 = {404: err("No such context visible to the caller")}
create_context = {201: {"model": ContextOut}, **AUTH}
context = {200: {"model": ContextOut}, **CONTEXT_404, **AUTH}
update_context = {200: {"model": ContextOut}, 403: err("Only the creator can edit a context"), **CONTEXT_404, **AUTH}


# ---------------------------------------------------------------------------------------------- user models, schema
class UserModelOut(BaseModel):
    id: str
    owned_by_org: bool
    name: str
    accuracy: dict[str, Any] = Field(description="{average_pct (0-100), questions_tested}")
    metadata: dict[str, Any]


class GoalOut(BaseModel):
    goal_id: str
    title: str
    summary: str
    input_ids: list[str]


class GoalField(BaseModel):
    input_id: str
    kind: Literal["text", "url", "number", "number_list", "text_list"]
    prompt: str
    required: bool
    default: Any


class GoalSchemaOut(BaseModel):
    goal_id: str
    mode: str
    title: str
    fields: list[GoalField]


user_models = {200: {"model": list[UserModelOut]}, **AUTH}
simulation_schema = {200: {"model": Union[list[GoalOut], GoalSchemaOut]}, 404: err("Unknown goal for the mode"), **AUTH}


# ---------------------------------------------------------------------------------------------- envelope resources
class PredictionOut(BaseModel):
    id: str
    created_at: str
    population: str
    population_name: str
    status: Literal["predicted", "scored"]
    question: str
    simulated_answer_percentages: dict[str, float] = Field(description="Deprecated name of predicted_answer_percentages")
    predicted_answer_percentages: dict[str, float]
    batch: str
    prediction_started_at: str
    prediction_finished_at: str
    simulation_engine: str
    public: bool
    answer_options: list[str]
    question_options: dict[str, str]


class AnswerOut(PredictionOut):
    accuracy: float = Field(description="Percent, 0-100")
    squared_error: float
    root_mean_squared_error: float
    information_loss: float
    kullback_leibler_divergence: float = Field(description="Deprecated name of information_loss")
    normalised_information_loss: float
    test_started_at: str
    test_finished_at: str
    ground_answer_counts: dict[str, int]
    ground_answer_percentages: dict[str, float]


class PopulationOut(BaseModel):
    id: str
    created_at: str
    name: str
    public: bool
    question_count: int
    simulacrum_count: int
    status: Literal["available", "retesting"]
    average_accuracy: float = Field(description="Percent, 0-100")
    average_squared_error: float
    average_normalised_information_loss: float
    data_source: str
    description: str
    effective_date: str
    reality_target: str
    simulation_engine: str
    test_started_at: str
    test_finished_at: str
    upload_filename: str


class PopulationList(BaseModel):
    populations: list[PopulationOut]
    count: int


class BatchInfo(BaseModel):
    id: str
    kind: Literal["prediction", "test"]
    name: str
    description: str
    created_at: str


class PredictionBatch(BaseModel):
    batch: BatchInfo
    item_count: int
    items: list[PredictionOut]


class TestBatch(BaseModel):
    batch: BatchInfo
    item_count: int
    items: list[AnswerOut]


class PredictionsCreated(BaseModel):
    batch_id: str
    batch_name: str
    items: list[PredictionOut]


class TestsCreated(BaseModel):
    batch_id: str
    batch_name: str
    items: list[AnswerOut]


ENV_404 = {404: env_err("Not found or not visible to the caller")}
answer = {200: {"model": Envelope[AnswerOut]}, **ENV_404, **ENV_AUTH}
prediction = {200: {"model": Envelope[PredictionOut]}, **ENV_404, **ENV_AUTH}
population = {200: {"model": Envelope[PopulationOut]}, **ENV_404, **ENV_AUTH}
retest = {200: {"model": Envelope[PopulationOut], "description": "The population, now retesting"},
          403: env_err("Public populations cannot be retested"), **ENV_404, **ENV_AUTH}
population_list = {200: {"model": Envelope[PopulationList]}, **ENV_AUTH}
prediction_batch = {200: {"model": Envelope[PredictionBatch]}, **ENV_404, **ENV_AUTH}
test_batch = {200: {"model": Envelope[TestBatch]}, **ENV_404, **ENV_AUTH}
predictions_created = {202: {"model": Envelope[PredictionsCreated]}, **ENV_AUTH}
tests_created = {202: {"model": Envelope[TestsCreated]}, **ENV_AUTH}
