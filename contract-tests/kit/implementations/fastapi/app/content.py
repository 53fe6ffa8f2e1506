"""Deterministic content: goals and their input schemas, plans, results, reports and answer scoring.

Nothing here touches state; every function is a pure function of its arguments so that the same request always
produces the same plan and the same numbers.
"""
import hashlib
import math
from typing import Any, Optional

from .config import MAX_SURVEY_QUESTIONS, bug

# --------------------------------------------------------------------------------------------------------------
# Goals

GOALS: dict[str, dict[str, dict]] = {
    "research": {
        "concept_appeal": {
            "title": "Concept appeal",
            "summary": "How appealing is a product or feature concept, and why?",
            "fields": [
                {"input_id": "concept", "kind": "text", "prompt": "Describe the concept", "default": "a new product concept"},
                {"input_id": "audience", "kind": "text", "prompt": "Who is it for?", "default": "general consumers"},
            ],
        },
        "price_sensitivity": {
            "title": "Price sensitivity",
            "summary": "Would people buy at each of a few price points?",
            "fields": [
                {"input_id": "product", "kind": "text", "prompt": "What is being priced?", "default": "the product"},
                {"input_id": "price_points", "kind": "number_list", "prompt": "Prices to test", "default": [9, 19, 29]},
            ],
        },
        "message_testing": {
            "title": "Message testing",
            "summary": "Which marketing message convinces most?",
            "fields": [
                {"input_id": "messages", "kind": "text_list", "prompt": "Messages to compare",
                 "default": ["Save an hour a day", "Trusted by 10,000 teams"]},
                {"input_id": "product", "kind": "text", "prompt": "What the messages promote", "default": "the product"},
            ],
        },
    },
    "journey": {
        "task_success": {
            "title": "Task success",
            "summary": "Can simulated users complete a task starting from a page?",
            "fields": [
                {"input_id": "start_url", "kind": "url", "prompt": "Where users start", "default": "https://example.com/"},
                {"input_id": "task", "kind": "text", "prompt": "What users try to do", "default": "find the pricing page"},
            ],
        },
        "first_impression": {
            "title": "First impression",
            "summary": "What do users understand from a page in the first seconds?",
            "fields": [
                {"input_id": "page_url", "kind": "url", "prompt": "Page to look at", "default": "https://example.com/"},
                {"input_id": "seconds", "kind": "number", "prompt": "Seconds of exposure", "default": 8},
            ],
        },
    },
}


def goal_list(mode: str) -> list[dict]:
    return [
        {"goal_id": gid, "title": g["title"], "summary": g["summary"], "input_ids": [f["input_id"] for f in g["fields"]]}
        for gid, g in GOALS[mode].items()
    ]


def goal_schema(mode: str, goal_id: str) -> dict:
    g = GOALS[mode][goal_id]
    return {
        "goal_id": goal_id,
        "mode": mode,
        "title": g["title"],
        "fields": [
            {"input_id": f["input_id"], "kind": f["kind"], "prompt": f["prompt"], "required": False, "default": f["default"]}
            for f in g["fields"]
        ],
    }


def _kind_ok(kind: str, value: Any) -> bool:
    def num(v):
        return isinstance(v, (int, float)) and not isinstance(v, bool)

    if kind == "text":
        return isinstance(value, str)
    if kind == "url":
        return isinstance(value, str) and value.startswith(("http://", "https://"))
    if kind == "number":
        return num(value)
    if kind == "number_list":
        return isinstance(value, list) and all(num(v) for v in value)
    if kind == "text_list":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    return True


def input_errors(mode: str, goal_id: str, inputs: dict) -> list[tuple[str, str]]:
    """(input_id, kind) for each known input whose value has the wrong kind; unknown keys are kept and ignored."""
    bad = []
    for f in GOALS[mode][goal_id]["fields"]:
        if f["input_id"] in inputs and not _kind_ok(f["kind"], inputs[f["input_id"]]):
            bad.append((f["input_id"], f["kind"]))
    return bad


def effective_inputs(mode: str, goal_id: str, inputs: dict) -> dict:
    out = {f["input_id"]: f["default"] for f in GOALS[mode][goal_id]["fields"]}
    out.update({k: v for k, v in inputs.items() if k in out})
    return out


# --------------------------------------------------------------------------------------------------------------
# Survey design -> questions

DEFAULT_SCALE = ["Very poor", "Poor", "Acceptable", "Good", "Excellent"]
DEFAULT_CUSTOM_OPTIONS = ["Yes", "No", "Unsure"]


def _question(text, qtype, options, variable, insight=None) -> dict:
    return {"question_text": text, "question_type": qtype, "answer_options": options, "insight": insight,
            "variable_name": variable}


def questions_from_design(design: dict) -> list[dict]:
    """Custom questions come first (as written), then one question per item of each item set."""
    stimulus = design.get("stimulus")
    questions = []
    for n, cq in enumerate(design.get("custom_questions") or [], start=1):
        text = cq["question_text"]
        if stimulus and bug("stimulus_in_custom"):
            text = f"{stimulus}: {text}"
        options = cq.get("answer_options")
        if options is None:
            options = list(DEFAULT_CUSTOM_OPTIONS)
        elif bug("custom_options_sorted"):
            options = sorted(options)
        else:
            options = list(options)
        questions.append(_question(text, "single_choice", options, f"custom_{n}"))
    for s, item_set in enumerate(design.get("item_sets") or [], start=1):
        scale = list(item_set.get("scale") or DEFAULT_SCALE)
        items = item_set["items"]
        if bug("item_set_one_question"):
            items = [", ".join(items)]
        for i, item in enumerate(items, start=1):
            about = f"Thinking about {stimulus}: " if stimulus else ""
            text = f"{about}{item_set['ask']} - {item}"
            questions.append(_question(text, "scale", scale, f"set{s}_item{i}",
                                       insight=f"Rated on a {len(scale)}-point scale"))
    return questions


def survey_design_problem(mode: str, design: dict) -> Optional[str]:
    """Why a well-formed design cannot be used, or None."""
    if mode == "journey" and not bug("survey_journey_accepted"):
        return "survey_design applies to research mode only"
    count = len(questions_from_design(design))
    if count == 0 and not bug("survey_empty_accepted"):
        return "survey_design has nothing to ask: give at least one item set or custom question"
    if count > MAX_SURVEY_QUESTIONS:
        return f"survey_design asks {count} questions; at most {MAX_SURVEY_QUESTIONS} are allowed"
    return None


# --------------------------------------------------------------------------------------------------------------
# Plans and titles

def make_plan(mode: str, goal_id: str, inputs: dict, design: Optional[dict]) -> dict:
    inp = effective_inputs(mode, goal_id, inputs)
    if mode == "journey":
        if goal_id == "task_success":
            task = {"start_url": inp["start_url"], "instruction": inp["task"], "max_steps": 12,
                    "success_when": f"the user reports they managed to {inp['task']}"}
            question = f"Can people {inp['task']} starting from {inp['start_url']}?"
        else:
            task = {"start_url": inp["page_url"], "instruction": "Look at the page, then describe what it offers",
                    "exposure_seconds": inp["seconds"], "max_steps": 1}
            question = f"What do people take away from {inp['page_url']} in {inp['seconds']} seconds?"
        return {"question_text": question, "hypothesis_text": "Most users succeed without backtracking.",
                "survey_questions": None, "journey_task": task}

    if design is not None:
        stimulus = design.get("stimulus")
        return {"question_text": f"How do people respond to {stimulus}?" if stimulus else "How do people respond?",
                "hypothesis_text": None, "survey_questions": questions_from_design(design), "journey_task": None}

    if goal_id == "concept_appeal":
        c, a = inp["concept"], inp["audience"]
        qs = [
            _question(f"How appealing is this concept: {c}?", "scale",
                      ["Not at all", "Slightly", "Moderately", "Very", "Extremely"], "appeal"),
            _question("How likely would you be to try it in the next month?", "scale",
                      ["Very unlikely", "Unlikely", "Neutral", "Likely", "Very likely"], "trial"),
            _question("What matters most in your answer?", "single_choice",
                      ["Price", "Usefulness", "Design", "Trust", "Something else"], "driver"),
        ]
        return {"question_text": f"Does {a} find {c} appealing?",
                "hypothesis_text": f"{a.capitalize()} rate the concept at least moderately appealing.",
                "survey_questions": qs, "journey_task": None}
    if goal_id == "price_sensitivity":
        p = inp["product"]
        qs = [_question(f"Would you buy {p} at {price}?", "single_choice", ["Yes", "Maybe", "No"], f"buy_at_{n}")
              for n, price in enumerate(inp["price_points"] or [19], start=1)]
        return {"question_text": f"At which price do people stop buying {p}?",
                "hypothesis_text": "Purchase intent falls as the price rises.", "survey_questions": qs,
                "journey_task": None}
    msgs = list(inp["messages"] or ["Message A", "Message B"])
    qs = [_question(f'How convincing is this message: "{m}"?', "scale",
                    ["Not convincing", "Somewhat", "Convincing", "Very convincing"], f"message_{n}")
          for n, m in enumerate(msgs, start=1)]
    if len(msgs) >= 2:
        qs.append(_question("Which message makes you most want to learn more?", "single_choice", msgs, "preferred"))
    return {"question_text": f"Which message works best for {inp['product']}?",
            "hypothesis_text": "One message clearly outperforms the others.", "survey_questions": qs,
            "journey_task": None}


def auto_title(mode: str, goal_id: str, inputs: dict, design: Optional[dict]) -> str:
    goal_title = GOALS[mode][goal_id]["title"]
    inp = effective_inputs(mode, goal_id, inputs)
    if design is not None and design.get("stimulus"):
        subject = design["stimulus"]
    elif mode == "journey":
        subject = inp.get("start_url") or inp.get("page_url")
    else:
        subject = inp.get("concept") or inp.get("product")
    title = f"{goal_title}: {subject}"
    return title if len(title) <= 120 else title[:117] + "..."


# --------------------------------------------------------------------------------------------------------------
# Deterministic numbers

def unit(*parts: Any) -> float:
    """A stable pseudo-random number in [0, 1) derived from the parts."""
    digest = hashlib.sha256("|".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2 ** 64


def distribution(options: list[str], *seed: Any) -> dict[str, float]:
    """Fractions over options that sum to 1 (rounded to 4 places)."""
    if not options:
        return {}
    weights = [0.2 + unit(*seed, o, n) for n, o in enumerate(options)]
    total = sum(weights)
    fr = [round(w / total, 4) for w in weights]
    fr[-1] = round(1.0 - sum(fr[:-1]), 4)
    out: dict[str, float] = {}
    for o, f in zip(options, fr):
        out[o] = round(out.get(o, 0.0) + f, 4)
    return out


# --------------------------------------------------------------------------------------------------------------
# Simulation outcome

RESPONDENTS_PER_MODEL = 40


def make_outcome(sim_id: str, title: str, mode: str, plan: dict, models: list[dict], context_name: Optional[str]) -> dict:
    takeaways = []
    md = [f"# {title}", ""]
    if context_name:
        md += [f"_Planned against context: {context_name}_", ""]
    if plan.get("question_text"):
        md += [f"**Research question:** {plan['question_text']}", ""]
    if mode == "journey":
        task = plan.get("journey_task") or {}
        segments = []
        md += ["## Journey results", "", "| User model | Completed | Median steps |", "|---|---|---|"]
        for m in models:
            rate = round(35 + 60 * unit(sim_id, m["id"], "rate"), 1)
            steps = 2 + int(8 * unit(sim_id, m["id"], "steps"))
            segments.append({"user_model_id": m["id"], "user_model_name": m["name"], "completion_rate_pct": rate,
                             "median_steps": steps, "respondents": RESPONDENTS_PER_MODEL})
            md.append(f"| {m['name']} | {rate}% | {steps} |")
            takeaways.append(f"{m['name']}: {rate}% completed in a median of {steps} steps")
        results = {"kind": "journey", "task": task, "segments": segments}
        headline = takeaways[0] if takeaways else "No user models were simulated"
    else:
        questions = []
        md += ["## Survey results", ""]
        for n, q in enumerate(plan.get("survey_questions") or []):
            options = q.get("answer_options") or ["Agree", "Disagree"]
            segs = []
            md += [f"### {q['question_text']}", "", "| User model | " + " | ".join(options) + " |",
                   "|---" * (len(options) + 1) + "|"]
            for m in models:
                dist = distribution(options, sim_id, n, m["id"])
                pct = {o: round(100 * f, 1) for o, f in dist.items()}
                segs.append({"user_model_id": m["id"], "user_model_name": m["name"], "share_pct": pct,
                             "respondents": RESPONDENTS_PER_MODEL})
                md.append(f"| {m['name']} | " + " | ".join(f"{pct[o]}%" for o in options) + " |")
            md.append("")
            if segs:
                top = max(segs[0]["share_pct"].items(), key=lambda kv: kv[1])
                takeaways.append(f"{q['question_text']} Most common answer: {top[0]} ({top[1]}%)")
            questions.append({"variable_name": q.get("variable_name"), "question_text": q["question_text"],
                              "answer_options": options, "segments": segs})
        results = {"kind": "survey", "questions": questions}
        headline = takeaways[0] if takeaways else "The plan asked no questions"
    md += ["", "## Takeaways", ""] + [f"- {t}" for t in takeaways]
    return {"synthesis": {"headline": headline, "takeaways": takeaways},
            "markdown": "\n".join(md).strip() + "\n", "results": results}


def round_synthesis_markdown(number: int, sims: list[dict]) -> str:
    lines = [f"# Round {number} synthesis", ""]
    if not sims:
        lines.append("No completed simulations in this round yet.")
    for s in sims:
        lines += [f"## {s['title']}", "", s["headline"], ""]
    return "\n".join(lines).strip() + "\n"


# --------------------------------------------------------------------------------------------------------------
# Answer scoring

def score(predicted: dict[str, float], counts: dict[str, int]) -> dict:
    total = sum(counts.values())
    options = list(predicted)
    ground = {o: round(counts.get(o, 0) / total, 4) for o in options}
    diffs = [predicted[o] - ground[o] for o in options]
    squared = sum(d * d for d in diffs)
    eps = 1e-6
    kl = sum(g * math.log((g + eps) / (predicted[o] + eps)) for o, g in ground.items() if g > 0)
    kl = max(0.0, kl)
    return {
        "ground_answer_percentages": ground,
        "accuracy": round(100 * (1 - 0.5 * sum(abs(d) for d in diffs)), 2),
        "squared_error": round(squared, 6),
        "root_mean_squared_error": round(math.sqrt(squared / len(options)), 6),
        "information_loss": round(kl, 6),
        "normalised_information_loss": round(kl / math.log(len(options)), 6) if len(options) > 1 else 0.0,
    }
