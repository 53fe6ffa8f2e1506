"""Request bodies. Constraints follow the spec's tables; BUG switches loosen or tighten a few at import time."""
from typing import Annotated, Any, Literal, Optional, Union
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from .config import bug

NonEmpty = Annotated[str, Field(min_length=1)]

_DESIGN_EXTRA = "ignore" if bug("survey_extra_ignored") else "forbid"
_ITEMS_MIN = 1 if bug("items_min_one") else 2
_SCALE_MAX = 8 if bug("scale_max_eight") else 7
_OPTIONS_MAX = 9 if bug("options_max_nine") else 10
_PROJECT_NAME_MAX = 201 if bug("project_name_201") else 200
_ROUND_TITLE_MAX = 199 if bug("round_title_200_rejected") else 200


# ---------------------------------------------------------------- survey design
class ItemSet(BaseModel):
    model_config = ConfigDict(extra=_DESIGN_EXTRA)
    ask: str = Field(min_length=1, description="What is asked about every item")
    items: list[NonEmpty] = Field(min_length=_ITEMS_MIN, description="Each item gets its own question")
    scale: Optional[list[NonEmpty]] = Field(
        None, min_length=2, max_length=_SCALE_MAX, description="Labels ordered least to most favourable"
    )


class CustomQuestion(BaseModel):
    model_config = ConfigDict(extra=_DESIGN_EXTRA)
    question_text: str = Field(min_length=1)
    answer_options: Optional[list[NonEmpty]] = Field(None, min_length=2, max_length=_OPTIONS_MAX)


class SurveyDesign(BaseModel):
    model_config = ConfigDict(extra=_DESIGN_EXTRA)
    stimulus: Optional[str] = None
    item_sets: list[ItemSet] = Field(default_factory=list)
    custom_questions: list[CustomQuestion] = Field(default_factory=list)


# ---------------------------------------------------------------- simulations
class CreateSimulationBody(BaseModel):
    mode: Literal["research", "journey"]
    goal: str = Field(description="Goal id within the mode (see GET /v1/simulation-schema)")
    inputs: Optional[dict[str, Any]] = Field(None, description="Keyed by the goal's input ids; missing ones default")
    user_model_ids: list[UUID] = Field(min_length=1)
    title: Optional[str] = None
    project_id: Optional[UUID] = None
    round_id: Optional[UUID] = None
    context_id: Optional[UUID] = None
    survey_design: Optional[SurveyDesign] = None


class MoveSimulationBody(BaseModel):
    project_id: UUID


class SurveyQuestionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question_text: str
    question_type: str = "multiple_choice" if bug("question_type_default") else "single_choice"
    answer_options: Optional[list[str]] = None
    insight: Optional[str] = None
    variable_name: Optional[str] = None


class PlanPatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question_text: Optional[str] = None
    hypothesis_text: Optional[str] = None
    survey_questions: Optional[list[SurveyQuestionIn]] = None
    journey_task: Optional[dict[str, Any]] = None


# ---------------------------------------------------------------- projects, rounds, artefacts
class CreateProjectBody(BaseModel):
    name: Optional[str] = Field(None, max_length=200, description="Blank or omitted: `New project`")
    context_id: Optional[UUID] = None


class RenameProjectBody(BaseModel):
    name: str = Field(min_length=1, max_length=_PROJECT_NAME_MAX)


class CreateRoundBody(BaseModel):
    title: Optional[str] = Field(None, min_length=1, max_length=200)


class RenameRoundBody(BaseModel):
    title: str = Field(min_length=1, max_length=_ROUND_TITLE_MAX)


class ArtefactBody(BaseModel):
    name: Optional[str] = Field(None, max_length=200)
    text: Optional[str] = None
    url: Optional[str] = None


# ---------------------------------------------------------------- contexts
class CreateContextBody(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    body: str = Field(min_length=1, max_length=200_000)


class UpdateContextBody(BaseModel):
    name: Optional[str] = Field(None, min_length=1, max_length=200)
    body: Optional[str] = Field(None, min_length=1, max_length=200_000)


# ---------------------------------------------------------------- predictions and tests
class NewBatch(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    description: str = ""


class PredictionItem(BaseModel):
    question: str = Field(min_length=1)
    answer_options: list[NonEmpty] = Field(min_length=2, max_length=12)
    question_type: str = "single-choice"


class TestItem(PredictionItem):
    ground_answer_counts: dict[str, Annotated[int, Field(ge=0)]] = Field(
        description="Observed answer counts; keys must be answer options; at least one count above 0"
    )


class CreatePredictionsBody(BaseModel):
    population: UUID = Field(description="Population (user model) id")
    batch: Union[UUID, NewBatch, None] = Field(
        None, description="An existing prediction batch id, a new batch {name, description}, or omitted for a new one"
    )
    items: list[PredictionItem] = Field(min_length=1, max_length=50)


class CreateTestsBody(BaseModel):
    population: UUID
    batch: Union[UUID, NewBatch, None] = None
    items: list[TestItem] = Field(min_length=1, max_length=50)
