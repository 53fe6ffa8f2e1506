"""Settings read once from the environment: background durations and the BUG switch."""
import os
import sys


def _seconds(name: str, default_ms: int) -> float:
    raw = os.environ.get(name, "").strip()
    try:
        return max(0.0, float(raw) / 1000.0) if raw else default_ms / 1000.0
    except ValueError:
        return default_ms / 1000.0


PLAN_SECONDS = _seconds("BSS_PLAN_MS", 2500)          # planning -> planned
RUN_SECONDS = _seconds("BSS_RUN_MS", 6000)            # running -> completed
SYNTHESIS_SECONDS = _seconds("BSS_SYNTHESIS_MS", 3000)  # round synthesis generating -> completed/failed
RETEST_SECONDS = _seconds("BSS_RETEST_MS", 4000)      # population retesting -> available
PLANNER_TURN_SECONDS = _seconds("BSS_PLANNER_TURN_MS", 8000)  # in-app planner mid-turn window

# Limits where the spec is silent (see CHOICES.md)
MAX_LIST_LIMIT = 250
MAX_SURVEY_QUESTIONS = 30
MAX_UPLOAD_BYTES = 10 * 1024 * 1024

KNOWN_BUGS = {
    # simulation states
    "plan_edit_while_running", "run_while_planning", "delete_while_planning", "delete_returns_200",
    "move_twice", "move_no_round", "move_oldest_round", "create_oldest_round", "planner_ignored",
    "title_never_set", "plan_patch_appends", "question_type_default", "create_status_queued",
    # survey design
    "survey_journey_accepted", "survey_empty_accepted", "items_min_one", "scale_max_eight",
    "options_max_nine", "stimulus_in_custom", "survey_extra_ignored", "item_set_one_question",
    "custom_options_sorted",
    # validation bodies
    "validation_400", "loc_dotted",
    # listing
    "default_limit_10", "oldest_first", "status_filter_ignored",
    # scoping
    "org_sees_simulations", "contexts_leak_orgs", "user_models_leak", "public_owned_true",
    # contexts
    "default_context_oldest", "default_context_prefers_org", "no_context_404", "contexts_oldest_first",
    "sim_ignores_project_context",
    # projects and rounds
    "project_default_name", "project_name_201", "round_title_200_rejected", "round_title_overwritten",
    "start_round_when_empty", "projects_by_created",
    # round synthesis
    "stale_never", "synthesis_status_done", "synthesis_latest_only",
    # envelope, answers, predictions, populations
    "envelope_detail_errors", "percentages_as_percent", "deprecated_field_dropped",
    "deprecated_route_removed", "prediction_has_scores", "question_count_float",
    "effective_date_timestamp", "retest_bare", "deprecated_not_marked",
    # artefact limits
    "file_type_any", "file_size_unchecked",
}

BUG = os.environ.get("BUG", "").strip()
if BUG and BUG not in KNOWN_BUGS:
    sys.stderr.write(f"unknown BUG value {BUG!r}; known: {', '.join(sorted(KNOWN_BUGS))}\n")
    raise SystemExit(2)


def bug(name: str) -> bool:
    """True when the BUG switch names this bug."""
    assert name in KNOWN_BUGS, name
    return BUG == name
