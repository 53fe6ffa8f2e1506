"""In-memory state and the domain rules.

Background work is driven by timestamps compared on read: every object stores when its next transition is due, and
`advance_*` applies all transitions that are due at the wall-clock time of the read. Nothing depends on extra requests
having been made: a read at time t always sees the state the wall clock says it should be in.
"""
import copy
import itertools
import secrets
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Optional

from . import content
from .auth import Caller
from .config import (PLAN_SECONDS, PLANNER_TURN_SECONDS, RETEST_SECONDS, RUN_SECONDS, SYNTHESIS_SECONDS, bug)
from .errors import ApiError, field_error, field_errors, not_found

_seq = itertools.count(1)


def now() -> float:
    return time.time()


def iso(t: Optional[float]) -> Optional[str]:
    if t is None:
        return None
    return datetime.fromtimestamp(t, timezone.utc).isoformat(timespec="milliseconds")


def new_id() -> str:
    return str(uuid.uuid4())


# ==============================================================================================================
# Records

@dataclass
class Population:
    id: str
    org: Optional[str]  # None = public
    name: str
    description: str
    data_source: str
    reality_target: str
    effective_date: str
    upload_filename: str
    simulacrum_count: int
    base_question_count: int
    base_accuracy: float  # percent
    base_squared_error: float
    base_nil: float
    created_at: float
    test_started_at: float
    test_finished_at: float
    simulation_engine: str = "bss-engine 3.2"
    retest_due: Optional[float] = None
    retests: int = 0


@dataclass
class Context:
    id: str
    org: str
    owner: str
    name: str
    body: str
    created_at: float
    updated_at: float
    seq: int = field(default_factory=lambda: next(_seq))


@dataclass
class Round:
    id: str
    project_id: str
    number: int
    title: Optional[str]
    created_at: float
    sim_ids: list = field(default_factory=list)
    artefact: Optional[dict] = None
    synthesis: dict = field(default_factory=lambda: {"markdown": "", "covered_simulation_ids": [], "generated_at": None})
    synthesis_status: str = "completed"
    synthesis_error: Optional[str] = None
    synthesis_requested_at: Optional[float] = None
    synthesis_due: Optional[float] = None
    synthesis_pending: Optional[dict] = None


@dataclass
class Project:
    id: str
    org: str
    owner: str
    owner_user: str
    name: str
    context_id: Optional[str]
    created_at: float
    active_at: float
    round_ids: list = field(default_factory=list)
    planner_until: float = 0.0
    created_seq: int = field(default_factory=lambda: next(_seq))
    active_seq: int = 0

    def touch(self) -> None:
        self.active_at = now()
        self.active_seq = next(_seq)


@dataclass
class Simulation:
    id: str
    org: str
    owner: str
    mode: str
    goal: str
    inputs: dict
    user_model_ids: list
    title: Optional[str]
    project_id: Optional[str]
    round_id: Optional[str]
    context_id: Optional[str]
    survey_design: Optional[dict]
    created_at: float
    plan_due: float
    pending_plan: dict
    pending_title: str
    status: str = "planning"
    plan: Optional[dict] = None
    plan_revision: int = 0
    planned_at: Optional[float] = None
    run_started_at: Optional[float] = None
    run_due: Optional[float] = None
    completed_at: Optional[float] = None
    outcome: Optional[dict] = None
    pending_outcome: Optional[dict] = None
    share_slug: Optional[str] = None
    seq: int = field(default_factory=lambda: next(_seq))


@dataclass
class Batch:
    id: str
    kind: str  # "prediction" or "test"
    org: str
    name: str
    description: str
    created_at: float
    item_ids: list = field(default_factory=list)


# ==============================================================================================================
# Store

_ORG_NS = uuid.UUID("5b0c7f3e-2a43-4c1e-9e55-0d7f3f1b9a21")


class Store:
    def __init__(self) -> None:
        self.populations: dict[str, Population] = {}
        self.contexts: dict[str, Context] = {}
        self.projects: dict[str, Project] = {}
        self.rounds: dict[str, Round] = {}
        self.simulations: dict[str, Simulation] = {}
        self.shares: dict[str, str] = {}
        self.batches: dict[str, Batch] = {}
        self.predictions: dict[str, dict] = {}
        self.answers: dict[str, dict] = {}
        self._seed_public_models()

    # ---------------------------------------------------------------------------------------- populations
    def _seed_public_models(self) -> None:
        t = now() - 86400 * 30
        seeds = [
            ("0f6a1d52-6c1b-4f57-a7a4-3a1de7b0c001", "UK adults (nationally representative)", "Census-weighted UK adults 18+",
             "ONS-weighted online panel", "United Kingdom adults", "2025-01-15", "uk_adults_2025.parquet", 5000, 412, 87.4),
            ("0f6a1d52-6c1b-4f57-a7a4-3a1de7b0c002", "US adults (nationally representative)", "US adults 18+, weighted",
             "Probability panel, 2024 wave", "United States adults", "2024-11-01", "us_adults_2024.parquet", 8000, 655, 85.9),
            ("0f6a1d52-6c1b-4f57-a7a4-3a1de7b0c003", "SaaS buyers (EU)", "People who buy software for small firms",
             "B2B buyer interviews", "EU software purchasers", "2025-03-01", "eu_saas_buyers.csv", 1200, 138, 81.2),
        ]
        for pid, name, desc, src, target, date, fname, n, q, acc in seeds:
            self.populations[pid] = Population(
                id=pid, org=None, name=name, description=desc, data_source=src, reality_target=target,
                effective_date=date, upload_filename=fname, simulacrum_count=n, base_question_count=q,
                base_accuracy=acc, base_squared_error=round(0.004 + (100 - acc) / 2000, 4),
                base_nil=round((100 - acc) / 160, 4), created_at=t, test_started_at=t + 3600, test_finished_at=t + 7200)

    def org_model(self, org: str) -> Population:
        """Every organisation owns one model, created the first time the organisation is seen."""
        pid = str(uuid.uuid5(_ORG_NS, org))
        pop = self.populations.get(pid)
        if pop is None:
            t = now()
            acc = round(78 + 10 * content.unit(org, "acc"), 1)
            pop = Population(
                id=pid, org=org, name=f"{org} customers", description=f"Customers of {org}, built from its CRM export",
                data_source="CRM export", reality_target=f"{org} customer base", effective_date=iso(t)[:10],
                upload_filename=f"{org}-customers.csv", simulacrum_count=600, base_question_count=24,
                base_accuracy=acc, base_squared_error=round(0.004 + (100 - acc) / 2000, 4),
                base_nil=round((100 - acc) / 160, 4), created_at=t, test_started_at=t, test_finished_at=t)
            self.populations[pid] = pop
        return pop

    def visible_populations(self, caller: Caller) -> list[Population]:
        self.org_model(caller.org)
        pops = [p for p in self.populations.values()
                if p.org is None or p.org == caller.org or bug("user_models_leak")]
        return sorted(pops, key=lambda p: (p.org is not None, p.name))  # public first, then by name

    def population(self, caller: Caller, pid: str) -> Population:
        self.org_model(caller.org)
        pop = self.populations.get(pid)
        if pop is None or not (pop.org is None or pop.org == caller.org or bug("user_models_leak")):
            raise not_found("population", pid)
        self.advance_population(pop)
        return pop

    def advance_population(self, pop: Population) -> None:
        if pop.retest_due is not None and now() >= pop.retest_due:
            pop.test_finished_at = pop.retest_due
            pop.retest_due = None
            pop.retests += 1

    def retest(self, caller: Caller, pid: str) -> Population:
        pop = self.population(caller, pid)
        if pop.org is None:
            raise ApiError(403, "population_read_only", "Public populations are retested by the service, not by callers.")
        if pop.retest_due is None:
            t = now()
            pop.test_started_at = t
            pop.retest_due = t + RETEST_SECONDS
        return pop

    def population_answers(self, pop: Population) -> list[dict]:
        return [a for a in self.answers.values() if a["population"] == pop.id]

    # ---------------------------------------------------------------------------------------- contexts
    def org_contexts(self, caller: Caller) -> list[Context]:
        return [c for c in self.contexts.values() if c.org == caller.org]

    def list_contexts(self, caller: Caller) -> list[Context]:
        ctxs = list(self.contexts.values()) if bug("contexts_leak_orgs") else self.org_contexts(caller)
        return sorted(ctxs, key=lambda c: (c.updated_at, c.seq), reverse=not bug("contexts_oldest_first"))

    def context(self, caller: Caller, cid: str) -> Context:
        c = self.contexts.get(cid)
        if c is None or (c.org != caller.org and not bug("contexts_leak_orgs")):
            raise not_found("context", cid)
        return c

    def default_context(self, caller: Caller) -> Optional[Context]:
        newest_first = not bug("default_context_oldest")
        ctxs = sorted(self.org_contexts(caller), key=lambda c: (c.updated_at, c.seq), reverse=newest_first)
        own = [c for c in ctxs if c.owner == caller.key]
        others = [c for c in ctxs if c.owner != caller.key]
        if bug("default_context_prefers_org") and others:
            return others[0]
        if own:
            return own[0]
        return ctxs[0] if ctxs else None

    def create_context(self, caller: Caller, name: str, body: str) -> Context:
        t = now()
        c = Context(id=new_id(), org=caller.org, owner=caller.key, name=name, body=body, created_at=t, updated_at=t)
        self.contexts[c.id] = c
        return c

    def update_context(self, caller: Caller, cid: str, name: Optional[str], body: Optional[str]) -> Context:
        c = self.context(caller, cid)
        if c.owner != caller.key:
            raise ApiError(403, "not_context_owner", "Only the caller who created a context can edit it.")
        if name is not None:
            c.name = name
        if body is not None:
            c.body = body
        c.updated_at = now()
        c.seq = next(_seq)
        return c

    # ---------------------------------------------------------------------------------------- projects & rounds
    def project(self, caller: Caller, pid: str) -> Project:
        p = self.projects.get(pid)
        if p is None or p.owner != caller.key:
            raise not_found("project", pid)
        return p

    def list_projects(self, caller: Caller) -> list[Project]:
        ps = [p for p in self.projects.values() if p.owner == caller.key]
        if bug("projects_by_created"):
            return sorted(ps, key=lambda p: p.created_seq, reverse=True)
        return sorted(ps, key=lambda p: (p.active_at, p.active_seq), reverse=True)

    def create_project(self, caller: Caller, name: Optional[str], context_id: Optional[str]) -> Project:
        if context_id is not None:
            try:
                ctx = self.context(caller, context_id)
            except ApiError:
                raise field_error(["body", "context_id"], "Context not found for this caller", "unknown_context")
        else:
            ctx = self.default_context(caller)
        if name is None or not name.strip():
            name = "Untitled project" if bug("project_default_name") else "New project"
        t = now()
        p = Project(id=new_id(), org=caller.org, owner=caller.key, owner_user=caller.user, name=name,
                    context_id=ctx.id if ctx else None, created_at=t, active_at=t)
        p.active_seq = next(_seq)
        self.projects[p.id] = p
        return p

    def rounds_of(self, p: Project) -> list[Round]:
        return [self.rounds[r] for r in p.round_ids]

    def round(self, caller: Caller, pid: str, rid: str) -> tuple[Project, Round]:
        p = self.project(caller, pid)
        if rid not in p.round_ids:
            raise not_found("round", rid)
        r = self.rounds[rid]
        self.advance_round(r)
        return p, r

    def add_round(self, p: Project, title: Optional[str]) -> Round:
        number = (self.rounds[p.round_ids[-1]].number + 1) if p.round_ids else 1
        r = Round(id=new_id(), project_id=p.id, number=number, title=title, created_at=now())
        self.rounds[r.id] = r
        p.round_ids.append(r.id)
        p.touch()
        return r

    def start_round(self, caller: Caller, pid: str, title: Optional[str]) -> Round:
        p = self.project(caller, pid)
        if p.round_ids and not bug("start_round_when_empty"):
            latest = self.rounds[p.round_ids[-1]]
            if not latest.sim_ids:
                raise ApiError(400, "latest_round_empty",
                               f"Round {latest.number} has no simulations yet; add simulations to it instead.",
                               round_id=latest.id)
        return self.add_round(p, title)

    def join_round(self, sim: Simulation, p: Project, r: Optional[Round]) -> None:
        sim.project_id = p.id
        sim.round_id = r.id if r else None
        if r is not None:
            r.sim_ids.append(sim.id)
            if bug("round_title_overwritten"):
                r.title = None
        p.touch()

    def round_title(self, r: Round) -> tuple[str, str]:
        if r.title:
            return r.title, "caller"
        sims = [self.simulations[s] for s in r.sim_ids if s in self.simulations]
        if not sims:
            return f"Round {r.number}", "automatic"
        first = sims[0]
        name = first.title or content.GOALS[first.mode][first.goal]["title"]
        return (name if len(sims) == 1 else f"{name} + {len(sims) - 1} more"), "automatic"

    def rename_round(self, caller: Caller, pid: str, rid: str, title: str) -> Round:
        p, r = self.round(caller, pid, rid)
        r.title = title
        p.touch()
        return r

    def set_artefact(self, caller: Caller, pid: str, rid: str, artefact: dict) -> Round:
        p, r = self.round(caller, pid, rid)
        r.artefact = {**artefact, "attached_at": iso(now())}
        p.touch()
        return r

    def planner_turn(self, caller: Caller, pid: str) -> Project:
        p = self.project(caller, pid)
        p.planner_until = now() + PLANNER_TURN_SECONDS
        p.touch()
        return p

    # ---------------------------------------------------------------------------------------- round synthesis
    def completed_sims(self, r: Round) -> list[Simulation]:
        sims = [self.simulations[s] for s in r.sim_ids if s in self.simulations]
        for s in sims:
            self.advance_sim(s)
        return sorted((s for s in sims if s.status == "completed"), key=lambda s: (s.completed_at, s.seq))

    def regenerate_synthesis(self, caller: Caller, pid: str, rid: str) -> Round:
        p, r = self.round(caller, pid, rid)
        done = self.completed_sims(r)
        if bug("synthesis_latest_only"):
            done = done[-1:]
        t = now()
        r.synthesis_status = "generating"
        r.synthesis_error = None
        r.synthesis_requested_at = t
        r.synthesis_due = t + SYNTHESIS_SECONDS
        r.synthesis_pending = {
            "covered_simulation_ids": [s.id for s in done],
            "markdown": content.round_synthesis_markdown(
                r.number, [{"title": s.title or s.id, "headline": s.outcome["synthesis"]["headline"]} for s in done]),
        }
        p.touch()
        return r

    def advance_round(self, r: Round) -> None:
        if r.synthesis_status != "generating" or now() < r.synthesis_due:
            return
        pending = r.synthesis_pending or {"covered_simulation_ids": [], "markdown": ""}
        missing = [s for s in pending["covered_simulation_ids"] if s not in self.simulations]
        if missing:
            r.synthesis_status = "failed"
            r.synthesis_error = f"Simulation {missing[0]} was deleted while the synthesis was being generated."
        else:
            r.synthesis = {"markdown": pending["markdown"],
                           "covered_simulation_ids": list(pending["covered_simulation_ids"]),
                           "generated_at": iso(r.synthesis_due)}
            r.synthesis_status = "completed"
        r.synthesis_pending = None

    def synthesis_stale(self, r: Round) -> bool:
        if bug("stale_never"):
            return False
        covered = set(r.synthesis["covered_simulation_ids"])
        return any(s.id not in covered for s in self.completed_sims(r))

    # ---------------------------------------------------------------------------------------- simulations
    def advance_sim(self, sim: Simulation) -> None:
        t = now()
        if sim.status == "planning" and t >= sim.plan_due:
            self._finish_planning(sim)
        if sim.status == "running" and t >= sim.run_due:
            sim.status = "completed"
            sim.completed_at = sim.run_due
            sim.outcome = sim.pending_outcome

    def _finish_planning(self, sim: Simulation) -> None:
        sim.status = "planned"
        sim.planned_at = sim.plan_due
        sim.plan = copy.deepcopy(sim.pending_plan)
        sim.plan_revision = 1
        if sim.title is None and not bug("title_never_set"):
            sim.title = sim.pending_title

    def sim_visible(self, caller: Caller, sim: Simulation) -> bool:
        return sim.owner == caller.key or (bug("org_sees_simulations") and sim.org == caller.org)

    def simulation(self, caller: Caller, sid: str) -> Simulation:
        sim = self.simulations.get(sid)
        if sim is None or not self.sim_visible(caller, sim):
            raise not_found("simulation", sid)
        self.advance_sim(sim)
        return sim

    def list_simulations(self, caller: Caller, statuses: Optional[set], project_id: Optional[str],
                         limit: int) -> list[Simulation]:
        sims = [s for s in self.simulations.values() if self.sim_visible(caller, s)]
        for s in sims:
            self.advance_sim(s)
        if statuses and not bug("status_filter_ignored"):
            sims = [s for s in sims if s.status in statuses]
        if project_id is not None:
            sims = [s for s in sims if s.project_id == project_id]
        sims.sort(key=lambda s: (s.created_at, s.seq), reverse=not bug("oldest_first"))
        return sims[:limit]

    def create_simulation(self, caller: Caller, body) -> Simulation:
        mode, goal = body.mode, body.goal
        if goal not in content.GOALS[mode]:
            raise field_error(["body", "goal"], f"Unknown goal for mode '{mode}'; see GET /v1/simulation-schema?mode={mode}",
                              "unknown_goal")
        inputs = dict(body.inputs or {})
        bad = content.input_errors(mode, goal, inputs)
        if bad:
            raise field_errors([(["body", "inputs", i], f"Input should be of kind '{k}'", "input_kind")
                                              for i, k in bad])
        models = []
        for n, uid in enumerate(body.user_model_ids):
            try:
                models.append(self.population(caller, str(uid)))
            except ApiError:
                raise field_error(["body", "user_model_ids", n], "User model not visible to this caller",
                                  "unknown_user_model")
        design = body.survey_design.model_dump() if body.survey_design is not None else None
        if design is not None:
            problem = content.survey_design_problem(mode, design)
            if problem:
                raise ApiError(400, "survey_design_unusable", problem)

        project, target_round = None, None
        project_id = str(body.project_id) if body.project_id else None
        round_id = str(body.round_id) if body.round_id else None
        if round_id and not project_id:
            owner = next((p for p in self.projects.values() if round_id in p.round_ids and p.owner == caller.key), None)
            if owner is None:
                raise field_error(["body", "round_id"], "Round not found in any of the caller's projects", "unknown_round")
            project_id = owner.id
        if project_id:
            project = self.project(caller, project_id)
            if now() < project.planner_until and not bug("planner_ignored"):
                raise ApiError(409, "planner_mid_turn", "The in-app planner is mid-turn on this project; retry shortly.")
            if round_id:
                if round_id not in project.round_ids:
                    raise field_error(["body", "round_id"], "Round does not belong to project_id", "unknown_round")
                target_round = self.rounds[round_id]
            if body.context_id is not None and str(body.context_id) != project.context_id:
                raise field_error(["body", "context_id"], "A simulation in a project plans against the project's "
                                  "context; omit context_id or name that same context", "context_mismatch")
            if bug("sim_ignores_project_context"):
                ctx = self.default_context(caller)
                context_id = ctx.id if ctx else None
            else:
                context_id = project.context_id
        elif body.context_id is not None:
            try:
                context_id = self.context(caller, str(body.context_id)).id
            except ApiError:
                raise field_error(["body", "context_id"], "Context not found for this caller", "unknown_context")
        else:
            ctx = self.default_context(caller)
            context_id = ctx.id if ctx else None

        t = now()
        sim = Simulation(
            id=new_id(), org=caller.org, owner=caller.key, mode=mode, goal=goal, inputs=inputs,
            user_model_ids=[str(u) for u in body.user_model_ids], title=body.title, project_id=None, round_id=None,
            context_id=context_id, survey_design=design, created_at=t, plan_due=t + PLAN_SECONDS,
            pending_plan=content.make_plan(mode, goal, inputs, design),
            pending_title=content.auto_title(mode, goal, inputs, design))
        self.simulations[sim.id] = sim
        if project is not None:
            if target_round is None:
                rounds = self.rounds_of(project)
                if rounds:
                    target_round = rounds[0] if bug("create_oldest_round") else rounds[-1]
                else:
                    target_round = self.add_round(project, None)
            self.join_round(sim, project, target_round)
        return sim

    def move_simulation(self, caller: Caller, sid: str, project_id: str) -> Simulation:
        sim = self.simulation(caller, sid)
        if sim.project_id is not None and not (bug("move_twice") and sim.project_id != project_id):
            raise ApiError(409, "already_in_project", "The simulation already belongs to a project.",
                           project_id=sim.project_id)
        try:
            p = self.project(caller, project_id)
        except ApiError:
            raise ApiError(409, "project_unavailable", "The target project is not one of the caller's projects.")
        if sim.round_id and sim.round_id in self.rounds:
            self.rounds[sim.round_id].sim_ids.remove(sim.id)
        rounds = self.rounds_of(p)
        if rounds:
            r = rounds[0] if bug("move_oldest_round") else rounds[-1]
        elif bug("move_no_round"):
            r = None
        else:
            r = self.add_round(p, None)
        self.join_round(sim, p, r)
        return sim

    def edit_plan(self, caller: Caller, sid: str, patch) -> Simulation:
        sim = self.simulation(caller, sid)
        editable = {"planned", "running"} if bug("plan_edit_while_running") else {"planned"}
        if sim.status not in editable:
            raise ApiError(423, "plan_locked", f"The plan can be edited only while the simulation is planned; "
                                               f"it is {sim.status}.", status=sim.status)
        given = {key: patch.model_dump()[key] for key in patch.model_fields_set}  # only fields present in the body
        for key, value in given.items():
            if key == "survey_questions" and value is not None and bug("plan_patch_appends"):
                value = (sim.plan.get("survey_questions") or []) + value
            sim.plan[key] = value
        sim.plan_revision += 1
        return sim

    def run(self, caller: Caller, sid: str, models_lookup) -> Simulation:
        sim = self.simulation(caller, sid)
        runnable = {"planned", "planning"} if bug("run_while_planning") else {"planned"}
        if sim.status not in runnable:
            raise ApiError(400, "not_runnable", f"Only a planned simulation can be run; it is {sim.status}.",
                           status=sim.status)
        if sim.status == "planning":
            self._finish_planning(sim)
        t = now()
        sim.status = "running"
        sim.run_started_at = t
        sim.run_due = t + RUN_SECONDS
        ctx = self.contexts.get(sim.context_id) if sim.context_id else None
        models = [models_lookup(u) for u in sim.user_model_ids]
        sim.pending_outcome = content.make_outcome(sim.id, sim.title or sim.pending_title, sim.mode, sim.plan, models,
                                                   ctx.name if ctx else None)
        return sim

    def delete_simulation(self, caller: Caller, sid: str) -> Simulation:
        sim = self.simulation(caller, sid)
        busy = {"running"} if bug("delete_while_planning") else {"planning", "running"}
        if sim.status in busy:
            raise ApiError(409, "simulation_busy", f"A {sim.status} simulation cannot be deleted.", status=sim.status)
        del self.simulations[sim.id]
        if sim.round_id and sim.round_id in self.rounds:
            r = self.rounds[sim.round_id]
            r.sim_ids = [s for s in r.sim_ids if s != sim.id]
            self.projects[r.project_id].touch()
        if sim.share_slug:
            self.shares.pop(sim.share_slug, None)
        return sim

    def share(self, caller: Caller, sid: str) -> Simulation:
        sim = self.simulation(caller, sid)
        if sim.share_slug is None:
            sim.share_slug = secrets.token_urlsafe(9)
            self.shares[sim.share_slug] = sim.id
        return sim

    # ---------------------------------------------------------------------------------------- predictions & tests
    def resolve_batch(self, caller: Caller, kind: str, batch) -> Batch:
        if batch is not None and not hasattr(batch, "name"):
            b = self.batches.get(str(batch))
            if b is None or b.kind != kind or b.org != caller.org:
                raise field_error(["body", "batch"], f"No {kind} batch with this id", "unknown_batch")
            return b
        t = now()
        name = batch.name if batch is not None else f"{kind.capitalize()} batch {iso(t)[:16]}"
        desc = batch.description if batch is not None else ""
        b = Batch(id=new_id(), kind=kind, org=caller.org, name=name, description=desc, created_at=t)
        self.batches[b.id] = b
        return b

    def batch(self, caller: Caller, kind: str, bid: str) -> Batch:
        b = self.batches.get(bid)
        if b is None or b.kind != kind or b.org != caller.org:
            raise not_found(f"{kind}_batch", bid)
        return b

    def create_predictions(self, caller: Caller, body, kind: str) -> tuple[Batch, list[dict]]:
        try:
            pop = self.population(caller, str(body.population))
        except ApiError:
            raise field_error(["body", "population"], "Population not visible to this caller", "unknown_population")
        if kind == "test":
            problems = []
            for n, item in enumerate(body.items):
                for key in item.ground_answer_counts:
                    if key not in item.answer_options:
                        problems.append((["body", "items", n, "ground_answer_counts", key],
                                         "Key is not one of answer_options", "unknown_answer_option"))
                if sum(item.ground_answer_counts.values()) == 0:
                    problems.append((["body", "items", n, "ground_answer_counts"], "At least one count must be above 0",
                                     "empty_counts"))
            if problems:
                raise field_errors(problems)
        b = self.resolve_batch(caller, kind, body.batch)
        records = []
        for item in body.items:
            t = now()
            predicted = content.distribution(item.answer_options, pop.id, item.question)
            rec = {
                "id": new_id(), "org": caller.org, "created_at": iso(t), "population": pop.id,
                "population_name": pop.name, "status": "predicted", "question": item.question,
                "predicted_answer_percentages": predicted, "batch": b.id,
                "prediction_started_at": iso(t), "prediction_finished_at": iso(t + 0.35),
                "simulation_engine": pop.simulation_engine, "public": False,
                "answer_options": list(item.answer_options),
                "question_options": {"question_type": item.question_type},
            }
            if kind == "test":
                counts = {o: int(item.ground_answer_counts.get(o, 0)) for o in item.answer_options}
                rec.update(content.score(predicted, counts))
                rec.update({"status": "scored", "ground_answer_counts": counts,
                            "test_started_at": iso(t + 0.35), "test_finished_at": iso(t + 0.5)})
                self.answers[rec["id"]] = rec
            else:
                self.predictions[rec["id"]] = rec
            b.item_ids.append(rec["id"])
            records.append(rec)
        return b, records

    def prediction(self, caller: Caller, pid: str) -> dict:
        rec = self.predictions.get(pid)
        if rec is None or rec["org"] != caller.org:
            raise not_found("prediction", pid)
        return rec

    def answer(self, caller: Caller, aid: str) -> dict:
        rec = self.answers.get(aid)
        if rec is None or rec["org"] != caller.org:
            raise not_found("answer", aid)
        return rec


STORE = Store()
