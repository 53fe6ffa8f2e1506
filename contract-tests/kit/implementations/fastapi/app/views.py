"""JSON representations of stored records (what the API returns)."""
from typing import Optional

from . import content
from .auth import Caller
from .config import bug
from .store import STORE, Context, Population, Project, Round, Simulation, iso, now


# ---------------------------------------------------------------------------------------------- simulations
def run_progress(sim: Simulation) -> dict:
    span = max(sim.run_due - sim.run_started_at, 1e-9)
    fraction = min(1.0, max(0.0, (now() - sim.run_started_at) / span))
    total = content.RESPONDENTS_PER_MODEL * len(sim.user_model_ids)
    return {"percent": int(100 * fraction), "respondents_done": int(total * fraction), "respondents_total": total,
            "eta": iso(sim.run_due)}


def simulation(sim: Simulation, full: bool = True) -> dict:
    out = {
        "id": sim.id, "mode": sim.mode, "goal": sim.goal, "inputs": sim.inputs, "user_model_ids": sim.user_model_ids,
        "title": sim.title, "project_id": sim.project_id, "round_id": sim.round_id, "context_id": sim.context_id,
        "status": sim.status, "visibility": "public" if sim.share_slug else "private",
        "created_at": iso(sim.created_at), "planned_at": iso(sim.planned_at),
        "run_started_at": iso(sim.run_started_at), "completed_at": iso(sim.completed_at),
    }
    if full:
        out["survey_design"] = sim.survey_design
        out["plan"] = sim.plan
        out["plan_revision"] = sim.plan_revision
    if sim.status == "running":
        out["run_progress"] = run_progress(sim)
    if sim.status == "completed" and full:
        out["outcome"] = sim.outcome
    return out


def plan_result(sim: Simulation) -> dict:
    return {"simulation_id": sim.id, "status": sim.status, "plan_revision": sim.plan_revision, "plan": sim.plan}


# ---------------------------------------------------------------------------------------------- projects & rounds
def round_(r: Round) -> dict:
    STORE.advance_round(r)
    title, source = STORE.round_title(r)
    sims = [STORE.simulations[s] for s in r.sim_ids if s in STORE.simulations]
    for s in sims:
        STORE.advance_sim(s)
    status = r.synthesis_status
    if status == "completed" and bug("synthesis_status_done"):
        status = "done"
    out = {
        "id": r.id, "number": r.number, "title": title, "title_source": source, "created_at": iso(r.created_at),
        "artefact_name": r.artefact["name"] if r.artefact else None,
        "artefact_type": r.artefact["type"] if r.artefact else None,
        "artefact": r.artefact,
        "simulations": [{"id": s.id, "title": s.title, "status": s.status, "mode": s.mode, "goal": s.goal} for s in sims],
        "synthesis": r.synthesis,
        "synthesis_status": status,
        "synthesis_stale": STORE.synthesis_stale(r),
        "synthesis_requested_at": iso(r.synthesis_requested_at),
    }
    if r.synthesis_status == "failed":
        out["synthesis_error"] = r.synthesis_error
    return out


def project(p: Project, with_rounds: bool) -> dict:
    out = {
        "id": p.id, "name": p.name, "context_id": p.context_id, "owner_user": p.owner_user,
        "created_at": iso(p.created_at), "last_active_at": iso(p.active_at),
        "planner_mid_turn": now() < p.planner_until, "round_count": len(p.round_ids),
    }
    if with_rounds:
        out["rounds"] = [round_(r) for r in reversed(STORE.rounds_of(p))]  # latest round first
    return out


# ---------------------------------------------------------------------------------------------- contexts
def _scope(caller: Caller, c: Context) -> str:
    if c.owner == caller.key:
        return "own"
    return "organisation" if c.org == caller.org else "other_organisation"


def context(caller: Caller, c: Context) -> dict:
    return {"id": c.id, "name": c.name, "body": c.body, "scope": _scope(caller, c),
            "created_at": iso(c.created_at), "updated_at": iso(c.updated_at)}


def context_item(caller: Caller, c: Context) -> dict:
    excerpt = c.body if len(c.body) <= 160 else c.body[:157] + "..."
    return {"id": c.id, "name": c.name, "scope": _scope(caller, c), "updated_at": iso(c.updated_at),
            "excerpt": excerpt}


# ---------------------------------------------------------------------------------------------- populations
def _population_numbers(pop: Population) -> tuple[int, float, float, float]:
    answers = STORE.population_answers(pop)
    n0, n = pop.base_question_count, len(answers)
    shift = (content.unit(pop.id, "retest", pop.retests) - 0.5) if pop.retests else 0.0
    acc = (pop.base_accuracy * n0 + sum(a["accuracy"] for a in answers)) / (n0 + n) + shift
    sq = (pop.base_squared_error * n0 + sum(a["squared_error"] for a in answers)) / (n0 + n)
    nil = (pop.base_nil * n0 + sum(a["normalised_information_loss"] for a in answers)) / (n0 + n)
    return n0 + n, round(min(100.0, acc), 2), round(sq, 5), round(nil, 5)


def user_model(caller: Caller, pop: Population) -> dict:
    count, acc, _, _ = _population_numbers(pop)
    owned = pop.org == caller.org or (bug("public_owned_true") and pop.org is None)
    return {"id": pop.id, "owned_by_org": owned, "name": pop.name,
            "accuracy": {"average_pct": acc, "questions_tested": count},
            "metadata": {"description": pop.description, "size": pop.simulacrum_count,
                         "data_source": pop.data_source, "effective_date": pop.effective_date,
                         "reality_target": pop.reality_target}}


def population(pop: Population) -> dict:
    STORE.advance_population(pop)
    count, acc, sq, nil = _population_numbers(pop)
    return {
        "id": pop.id, "created_at": iso(pop.created_at), "name": pop.name, "public": pop.org is None,
        "question_count": float(count) if bug("question_count_float") else count,
        "simulacrum_count": pop.simulacrum_count,
        "status": "retesting" if pop.retest_due is not None else "available",
        "average_accuracy": acc, "average_squared_error": sq, "average_normalised_information_loss": nil,
        "data_source": pop.data_source, "description": pop.description,
        "effective_date": pop.effective_date + "T00:00:00+00:00" if bug("effective_date_timestamp") else pop.effective_date,
        "reality_target": pop.reality_target, "simulation_engine": pop.simulation_engine,
        "test_started_at": iso(pop.test_started_at), "test_finished_at": iso(pop.test_finished_at),
        "upload_filename": pop.upload_filename,
    }


# ---------------------------------------------------------------------------------------------- answers & predictions
_PCT_FIELDS = ("predicted_answer_percentages", "simulated_answer_percentages", "ground_answer_percentages")
_SCORE_FIELDS = ("accuracy", "squared_error", "root_mean_squared_error", "information_loss",
                 "normalised_information_loss", "test_started_at", "test_finished_at", "ground_answer_counts",
                 "ground_answer_percentages")


def _common(rec: dict) -> dict:
    out = {k: v for k, v in rec.items() if k != "org"}
    if not bug("deprecated_field_dropped"):
        out["simulated_answer_percentages"] = dict(rec["predicted_answer_percentages"])
    if bug("percentages_as_percent"):
        for k in _PCT_FIELDS:
            if k in out:
                out[k] = {o: round(100 * f, 2) for o, f in out[k].items()}
    return out


def answer(rec: dict) -> dict:
    out = _common(rec)
    out["kullback_leibler_divergence"] = rec["information_loss"]  # deprecated name, kept for old clients
    return out


def prediction(rec: dict) -> dict:
    out = _common(rec)
    if bug("prediction_has_scores"):
        out.update({"accuracy": 0.0, "squared_error": 0.0, "root_mean_squared_error": 0.0, "information_loss": 0.0,
                    "normalised_information_loss": 0.0, "ground_answer_counts": {}, "ground_answer_percentages": {}})
    return out


def batch(b, items: list[dict]) -> dict:
    return {"batch": {"id": b.id, "kind": b.kind, "name": b.name, "description": b.description,
                      "created_at": iso(b.created_at)},
            "item_count": len(items), "items": items}


def default_context(caller: Caller, c: Optional[Context]) -> dict:
    out = context(caller, c)
    out["chosen_because"] = ("your most recently updated context" if c.owner == caller.key
                             else "most recently updated context in your organisation")
    return out
