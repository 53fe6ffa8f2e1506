// Environment-driven configuration and the BUG switch.
const env = process.env;

function ms(name, def) {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`ignoring ${name}=${raw}: not a non-negative number of milliseconds`);
    return def;
  }
  return n;
}

export const config = {
  host: env.HOST || '127.0.0.1',
  port: Number(env.PORT || 8080),
  planningMs: ms('BSS_PLANNING_MS', 2500),
  runningMs: ms('BSS_RUNNING_MS', 6000),
  synthesisMs: ms('BSS_SYNTHESIS_MS', 3000),
  retestMs: ms('BSS_RETEST_MS', 5000),
  plannerTurnMs: ms('BSS_PLANNER_TURN_MS', 4000),
  synthesisFail: env.BSS_SYNTHESIS_FAIL === '1',
  listMax: 50,
  jsonBodyMax: 1024 * 1024,
  fileMax: 10 * 1024 * 1024,
};

export const BUGS = [
  'plan_edit_running',
  'run_completed',
  'delete_running',
  'move_reproject',
  'move_first_round',
  'move_no_round',
  'create_round_ignored',
  'create_no_round1',
  'start_round_first_check',
  'round_title_overwritten',
  'round_rename_empty',
  'survey_journey_ok',
  'survey_extra_ok',
  'items_min_one',
  'scale_eight',
  'custom_options_ten',
  'stimulus_in_custom',
  'stimulus_first_only',
  'loc_string',
  'missing_field_400',
  'path_uuid_404',
  'status_executing',
  'list_oldest_first',
  'page_size_25',
  'list_org_sims',
  'sim_cross_caller',
  'context_cross_org',
  'default_context_oldest',
  'no_context_404',
  'context_body_optional',
  'projects_by_created',
  'project_default_name',
  'project_name_201',
  'rename_not_owner',
  'stale_never',
  'synthesis_partial',
  'envelope_errors_object',
  'prediction_has_accuracy',
  'predicted_percent',
  'simulated_field_dropped',
  'answers_route_removed',
  'question_count_string',
  'owned_flag_public',
  'user_models_cross_org',
  'create_returns_200',
  'create_planned_sync',
  'title_not_set',
  'delete_200_body',
  'plan_append',
  'question_type_hyphen',
  'artefact_not_replaced',
  'file_md_rejected',
  'file_no_size_limit',
];

export const BUG = env.BUG || '';
if (BUG && !BUGS.includes(BUG)) {
  console.error(`unknown BUG value '${BUG}'. Known values:\n  ${BUGS.join('\n  ')}`);
  process.exit(2);
}

export const bug = (name) => BUG === name;
