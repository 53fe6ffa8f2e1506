// HTTP layer: routing, authentication, body handling, and every operation's handler.
import { randomUUID, randomBytes } from 'node:crypto';
import { config, bug } from './config.mjs';
import { T, check, problem, UUID_RE } from './validate.mjs';
import { parseMultipart, boundaryOf } from './multipart.mjs';
import * as C from './content.mjs';
import {
  db, now, iso, nextSeq, settle, ensureOrg, createOrgModel, modelVisible, projectRounds, latestRound, firstRound,
  roundSims, createRound, touchProject, joinRound, finishPlanningNow,
} from './store.mjs';
import { openapiDocument } from './openapi.mjs';

// ================================================================ errors
class HttpError extends Error {
  constructor(status, body, headers = {}) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}
const fail = (status, code, message, headers) => {
  throw new HttpError(status, { error: { code, message } }, headers);
};
const invalid = (problems) => {
  throw new HttpError(422, { detail: problems });
};

function validated(schema, value, loc) {
  const errs = [];
  const out = check(schema, value, loc, errs);
  if (errs.length) invalid(errs);
  return out;
}

// ================================================================ auth
// Authorization: Token org=<org>,user=<user>
export function parseToken(header) {
  if (header === undefined) return { missing: true };
  const m = /^\s*token\s+(.+?)\s*$/i.exec(header);
  if (!m) return { bad: 'the scheme must be "Token"' };
  const kv = {};
  for (const part of m[1].split(',')) {
    const i = part.indexOf('=');
    if (i <= 0) return { bad: `cannot read "${part.trim()}" (expected key=value)` };
    kv[part.slice(0, i).trim().toLowerCase()] = part.slice(i + 1).trim();
  }
  const keys = Object.keys(kv).sort().join(',');
  if (keys !== 'org,user') return { bad: 'the token must name exactly org=... and user=...' };
  if (!kv.org || !kv.user) return { bad: 'org and user must not be empty' };
  if (kv.org.length > 200 || kv.user.length > 200) return { bad: 'org and user are limited to 200 characters each' };
  return { org: kv.org, user: kv.user, key: `${kv.org}\u0000${kv.user}` };
}

// ================================================================ views
const truncate = (s, n) => ([...s].length > n ? `${[...s].slice(0, n - 3).join('')}...` : s);

function displayStatus(s) {
  if (s.status === 'running' && bug('status_executing')) return 'executing';
  return s.status;
}

function progressOf(s) {
  const total = C.progressTotal(s);
  const span = Math.max(1, s.run_due - s.run_started_ms);
  const frac = Math.min(0.99, Math.max(0, (now() - s.run_started_ms) / span));
  const done = Math.min(total - 1 < 0 ? 0 : total - 1, Math.floor(frac * total));
  return { done, of: total, percent: Math.floor(frac * 100) };
}

function simView(s, full = true) {
  const v = {
    id: s.id,
    mode: s.mode,
    goal: s.goal,
    inputs: s.inputs,
    user_model_ids: s.user_model_ids,
    title: s.title,
    project_id: s.project_id,
    round_id: s.round_id,
    status: displayStatus(s),
    context_id: s.context_id,
    fixed_questions: !!s.survey_design,
    shared: !!s.share_slug,
    created_ms: s.created_ms,
    updated_ms: s.updated_ms,
  };
  if (s.status === 'running') v.progress = progressOf(s);
  if (full) {
    v.survey_design = s.survey_design;
    v.plan_document = s.plan;
    if (s.status === 'completed') v.outcome = s.outcome;
  }
  return v;
}

function roundTitle(r) {
  if (r.titleByCaller) return r.title;
  const sims = roundSims(r);
  const titled = sims.filter((s) => s.title);
  if (!titled.length) return `Round ${r.number}`;
  return truncate(titled[0].title + (sims.length > 1 ? ` (+${sims.length - 1} more)` : ''), 200);
}

function roundStale(r) {
  if (bug('stale_never') && r.synth.generated_ms != null) return false;
  const covered = new Set(r.synth.covered);
  return roundSims(r).some((s) => s.status === 'completed' && !covered.has(s.id));
}

function roundView(r) {
  const a = r.artefact;
  const v = {
    id: r.id,
    project_id: r.project_id,
    number: r.number,
    title: roundTitle(r),
    title_source: r.titleByCaller ? 'caller' : 'automatic',
    artefact_name: a ? a.name : null,
    artefact_type: a ? a.type : null,
    artefact: a ? { ...a } : null,
    simulations: roundSims(r).map((s) => ({ id: s.id, title: s.title, status: displayStatus(s), mode: s.mode, goal: s.goal })),
    synthesis: { markdown: r.synth.markdown, covered_simulation_ids: [...r.synth.covered], generated_ms: r.synth.generated_ms },
    synthesis_status: r.synth.status,
    synthesis_stale: roundStale(r),
    created_ms: r.created_ms,
  };
  if (r.synth.status === 'failed') v.synthesis_error = r.synth.error;
  return v;
}

function projectView(p, withRounds) {
  const rs = projectRounds(p);
  const v = {
    id: p.id,
    name: p.name,
    context_id: p.context_id,
    owner_user: p.owner_user,
    round_count: rs.length,
    created_ms: p.created_ms,
    last_active_ms: p.active_ms,
  };
  if (withRounds) v.rounds = rs.map(roundView);
  return v;
}

function contextView(c, caller, full = true) {
  const v = {
    id: c.id,
    name: c.name,
    scope: c.scope,
    yours: c.owner === caller.key,
    created_ms: c.created_ms,
    updated_ms: c.updated_ms,
  };
  if (full) v.body = c.body;
  else v.excerpt = truncate(c.body.replace(/\s+/g, ' ').trim(), 160);
  return v;
}

function userModelEntry(m, caller) {
  return {
    id: m.id,
    owned_by_org: bug('owned_flag_public') ? true : (!m.public && m.org === caller.org),
    display_name: m.name,
    accuracy_pct: m.average_accuracy,
    meta: {
      summary: m.description,
      simulacrum_count: m.simulacrum_count,
      data_source: m.data_source,
      effective_date: m.effective_date,
      state: m.status,
    },
  };
}

function populationView(m) {
  const qc = m.base_question_count + [...db.records.values()].filter((x) => x.kind === 'test' && x.population === m.id).length;
  return {
    id: m.id,
    created_at: iso(m.created_ms),
    name: m.name,
    public: m.public,
    question_count: bug('question_count_string') ? String(qc) : qc,
    simulacrum_count: m.simulacrum_count,
    status: m.status,
    average_accuracy: m.average_accuracy,
    average_squared_error: m.average_squared_error,
    average_normalised_information_loss: m.average_normalised_information_loss,
    data_source: m.data_source,
    description: m.description,
    effective_date: m.effective_date,
    reality_target: m.reality_target,
    simulation_engine: m.simulation_engine,
    test_started_at: iso(m.test_started_ms),
    test_finished_at: iso(m.test_finished_ms),
    upload_filename: m.upload_filename,
  };
}

function pct(d) {
  if (!d) return d;
  if (!bug('predicted_percent')) return { ...d };
  const o = {};
  for (const [k, v] of Object.entries(d)) o[k] = Math.round(v * 10000) / 100;
  return o;
}

function answerView(x) {
  const m = db.userModels.get(x.population);
  const tested = x.kind === 'test';
  const v = {
    id: x.id,
    created_at: iso(x.created_ms),
    population: x.population,
    population_name: m ? m.name : null,
    status: tested ? 'scored' : 'predicted',
    question: x.question,
    accuracy: tested ? x.metrics.accuracy : null,
    squared_error: tested ? x.metrics.squared_error : null,
    root_mean_squared_error: tested ? x.metrics.root_mean_squared_error : null,
    simulated_answer_percentages: pct(x.predicted),
    predicted_answer_percentages: pct(x.predicted),
    information_loss: tested ? x.metrics.information_loss : null,
    normalised_information_loss: tested ? x.metrics.normalised_information_loss : null,
    batch: x.batch,
    prediction_started_at: iso(x.prediction_started_ms),
    prediction_finished_at: iso(x.prediction_finished_ms),
    test_started_at: tested ? iso(x.test_started_ms) : null,
    test_finished_at: tested ? iso(x.test_finished_ms) : null,
    ground_answer_counts: tested ? { ...x.ground_counts } : null,
    ground_answer_percentages: tested ? { ...x.ground_pct } : null,
    simulation_engine: 'bss-sim-2',
    public: x.public,
    answer_options: [...x.answer_options],
    question_options: { question_type: x.question_type },
  };
  if (bug('simulated_field_dropped')) delete v.simulated_answer_percentages;
  return v;
}

const PREDICTION_EXCLUDED = ['accuracy', 'squared_error', 'root_mean_squared_error', 'information_loss', 'normalised_information_loss', 'test_started_at', 'test_finished_at', 'ground_answer_counts', 'ground_answer_percentages'];

function predictionView(x) {
  const v = answerView(x);
  if (!bug('prediction_has_accuracy')) for (const k of PREDICTION_EXCLUDED) delete v[k];
  return v;
}

function batchView(b) {
  return { id: b.id, name: b.name, description: b.description, kind: b.kind, created_at: iso(b.created_ms), size: b.items.length };
}

// ================================================================ access helpers
function pathIdLoc(name) {
  return ['path', name];
}

function getSim(ctx, id) {
  const s = db.sims.get(id);
  if (!s) fail(404, 'simulation_not_found', `There is no simulation ${id}.`);
  if (s.owner !== ctx.caller.key && !bug('sim_cross_caller')) fail(403, 'not_your_simulation', 'This simulation belongs to another caller.');
  return s;
}

function getProject(ctx, id, { forRename = false } = {}) {
  const p = db.projects.get(id);
  if (!p) fail(404, 'project_not_found', `There is no project ${id}.`);
  if (p.owner === ctx.caller.key) return p;
  if (forRename && bug('rename_not_owner') && p.org === ctx.caller.org) return p;
  fail(403, 'not_your_project', 'Projects are private to the caller who created them.');
}

function getRound(p, id) {
  const r = db.rounds.get(id);
  if (!r || r.project_id !== p.id) fail(404, 'round_not_found', `Project ${p.id} has no round ${id}.`);
  return r;
}

function contextVisible(c, caller) {
  return c.owner === caller.key || (c.org === caller.org && c.scope === 'organisation');
}

function getContext(ctx, id) {
  const c = db.contexts.get(id);
  if (!c) fail(404, 'context_not_found', `There is no context ${id}.`);
  if (!contextVisible(c, ctx.caller) && !bug('context_cross_org')) fail(403, 'context_not_shared', 'This context is neither yours nor shared with your organisation.');
  return c;
}

function byUpdatedDesc(a, b) {
  return b.updSeq - a.updSeq;
}

function defaultContext(caller) {
  const all = [...db.contexts.values()];
  const own = all.filter((c) => c.owner === caller.key);
  const org = all.filter((c) => c.owner !== caller.key && c.org === caller.org && c.scope === 'organisation');
  const order = bug('default_context_oldest') ? (a, b) => a.updSeq - b.updSeq : byUpdatedDesc;
  if (own.length) return { c: own.sort(order)[0], source: 'own' };
  if (org.length) return { c: org.sort(order)[0], source: 'organisation' };
  return null;
}

// ================================================================ schemas
const str200 = (o = {}) => T.str({ min: 1, max: 200, ...o });

const ItemSetSchema = T.obj({
  ask: { s: T.str({ min: 1 }), req: true },
  items: { s: T.arr(T.str({ min: 1 }), { min: bug('items_min_one') ? 1 : 2 }), req: true },
  scale: { s: T.arr(T.str({ min: 1 }), { min: 2, max: bug('scale_eight') ? 8 : 7, nullable: true }) },
}, { extra: bug('survey_extra_ok') ? 'ignore' : 'forbid' });

const CustomQuestionSchema = T.obj({
  question_text: { s: T.str({ min: 1 }), req: true },
  answer_options: { s: T.arr(T.str({ min: 1 }), { min: 2, max: bug('custom_options_ten') ? 9 : 10, nullable: true }) },
}, { extra: 'forbid' });

const SurveyDesignSchema = T.obj({
  stimulus: { s: T.str({ nullable: true }) },
  item_sets: { s: T.arr(ItemSetSchema, { nullable: true }), def: [] },
  custom_questions: { s: T.arr(CustomQuestionSchema, { nullable: true }), def: [] },
}, { extra: 'forbid', nullable: true });

const CreateSimulationSchema = T.obj({
  mode: { s: T.str({ enum: ['research', 'journey'] }), req: true },
  goal: { s: T.str({ min: 1 }), req: true },
  inputs: { s: T.map(T.any(), { nullable: true }), def: {} },
  user_model_ids: { s: T.arr(T.uuid(), { min: 1 }), req: true },
  title: { s: str200({ nullable: true }) },
  project_id: { s: T.uuid({ nullable: true }) },
  round_id: { s: T.uuid({ nullable: true }) },
  context_id: { s: T.uuid({ nullable: true }) },
  survey_design: { s: SurveyDesignSchema },
}, { extra: 'forbid' });

const SurveyQuestionInSchema = T.obj({
  question_text: { s: T.str(), req: true },
  question_type: { s: T.str(), def: bug('question_type_hyphen') ? 'single-choice' : 'single_choice' },
  answer_options: { s: T.arr(T.str(), { nullable: true }), def: null },
  insight: { s: T.str({ nullable: true }), def: null },
  variable_name: { s: T.str({ nullable: true }), def: null },
});

const PlanSchema = T.obj({
  question_text: { s: T.str({ nullable: true }) },
  hypothesis_text: { s: T.str({ nullable: true }) },
  survey_questions: { s: T.arr(SurveyQuestionInSchema, { nullable: true }) },
  journey_task: { s: T.map(T.any(), { nullable: true }) },
});

const MoveSchema = T.obj({ project_id: { s: T.uuid(), req: true } });
const TitleSchema = T.obj({ title: { s: str200(), req: true } });
const CreateProjectSchema = T.obj({
  name: { s: str200({ nullable: true }) },
  context_id: { s: T.uuid({ nullable: true }) },
}, { nullable: true });
const RenameProjectSchema = T.obj({ name: { s: T.str({ min: 1, max: bug('project_name_201') ? 201 : 200 }), req: true } });
const CreateRoundSchema = T.obj({ title: { s: str200({ nullable: true }) } }, { nullable: true });
const RenameRoundSchema = T.obj({ title: { s: T.str({ min: bug('round_rename_empty') ? 0 : 1, max: 200 }), req: true } });
const ArtefactSchema = T.obj({
  name: { s: T.str({ nullable: true, max: 200 }) },
  text: { s: T.str({ nullable: true }) },
  url: { s: T.str({ nullable: true }) },
});
const CreateContextSchema = T.obj({
  name: { s: str200(), req: true },
  body: bug('context_body_optional') ? { s: T.str(), def: '' } : { s: T.str(), req: true },
  scope: { s: T.str({ enum: ['personal', 'organisation'] }), def: 'personal' },
});
const UpdateContextSchema = T.obj({
  name: { s: str200() },
  body: { s: T.str() },
  scope: { s: T.str({ enum: ['personal', 'organisation'] }) },
});
const CreateUserModelSchema = T.obj({
  name: { s: str200(), req: true },
  description: { s: T.str({ nullable: true, max: 2000 }) },
});
const PlannerTurnSchema = T.obj({ message: { s: T.str({ min: 1, max: 4000 }), req: true } });

const QuestionInSchema = (withCounts) => T.obj({
  question: { s: T.str({ min: 1, max: 2000 }), req: true },
  answer_options: { s: T.arr(T.str({ min: 1, max: 500 }), { min: 2, max: 20 }), req: true },
  question_type: { s: T.str({ enum: ['single-choice', 'multiple-choice'] }), def: 'single-choice' },
  ...(withCounts ? { observed_counts: { s: T.map(T.int({ min: 0 })), req: true } } : {}),
}, { extra: 'forbid' });

const BatchRequestSchema = (withCounts) => T.obj({
  population: { s: T.uuid(), req: true },
  questions: { s: T.arr(QuestionInSchema(withCounts), { min: 1, max: 50 }), req: true },
  batch: { s: T.obj({ name: { s: str200(), req: true }, description: { s: T.str({ max: 2000 }), def: '' } }, { nullable: true, extra: 'forbid' }) },
  batch_id: { s: T.uuid({ nullable: true }) },
  public: { s: T.bool(), def: false },
}, { extra: 'forbid' });

// ================================================================ body helpers
function jsonBody(ctx, { optional = false } = {}) {
  const raw = ctx.raw;
  if (!raw || raw.length === 0 || raw.toString('utf8').trim() === '') {
    if (optional) return undefined;
    invalid([problem(['body'], 'a JSON request body is required', 'bss.missing')]);
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (e) {
    invalid([problem(['body'], `the body is not valid JSON (${e.message})`, 'bss.bad_json')]);
  }
}

function queryInt(ctx, name, def, min) {
  const raw = ctx.query.get(name);
  if (raw === null) return def;
  if (!/^[+-]?\d+$/.test(raw.trim())) {
    invalid([problem(['query', name], 'expected a whole number', 'bss.expected_integer')]);
  }
  const n = parseInt(raw, 10);
  if (n < min) invalid([problem(['query', name], `must be >= ${min}`, 'bss.out_of_range')]);
  return n;
}

function queryUuid(ctx, name) {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return null;
  if (!UUID_RE.test(raw)) invalid([problem(['query', name], 'expected a UUID', 'bss.bad_uuid')]);
  return raw.toLowerCase();
}

// ================================================================ handlers: user models & schema
function listUserModels(ctx) {
  const list = [...db.userModels.values()]
    .filter((m) => modelVisible(m, ctx.caller))
    .sort((a, b) => (a.public === b.public ? a.seq - b.seq : a.public ? 1 : -1))
    .map((m) => userModelEntry(m, ctx.caller));
  return { status: 200, body: list };
}

function createUserModel(ctx) {
  const b = validated(CreateUserModelSchema, jsonBody(ctx), ['body']);
  const m = createOrgModel(ctx.caller.org, b.name, b.description);
  return { status: 201, body: userModelEntry(m, ctx.caller) };
}

function simulationSchema(ctx) {
  const mode = ctx.query.get('mode');
  if (mode === null) invalid([problem(['query', 'mode'], 'this query parameter is required', 'bss.missing')]);
  if (!['research', 'journey'].includes(mode)) invalid([problem(['query', 'mode'], 'must be one of: research, journey', 'bss.not_in_enum')]);
  const goalId = ctx.query.get('goal');
  if (goalId === null || goalId === '') return { status: 200, body: C.GOALS[mode].map((g) => C.goalSummary(mode, g)) };
  const g = C.findGoal(mode, goalId);
  if (!g) fail(404, 'unknown_goal', `Mode ${mode} has no goal '${goalId}'.`);
  return { status: 200, body: C.goalSchema(mode, g) };
}

// ================================================================ handlers: simulations
function listSimulations(ctx) {
  const limitRaw = queryInt(ctx, 'limit', bug('page_size_25') ? 25 : 20, 1);
  const limit = Math.min(limitRaw, config.listMax);
  const statusFilter = ctx.query.get('status_filter');
  const projectId = queryUuid(ctx, 'project_id');
  const wanted = statusFilter ? new Set(statusFilter.split(',').map((x) => x.trim()).filter(Boolean)) : null;
  let list = [...db.sims.values()].filter((s) => (bug('list_org_sims') ? s.org === ctx.caller.org : s.owner === ctx.caller.key));
  if (wanted) list = list.filter((s) => wanted.has(displayStatus(s)));
  if (projectId) list = list.filter((s) => s.project_id === projectId);
  list.sort((a, b) => (bug('list_oldest_first') ? a.seq - b.seq : b.seq - a.seq));
  const page = list.slice(0, limit);
  return { status: 200, body: { simulations: page.map((s) => simView(s, false)), limit, has_more: list.length > page.length } };
}

function createSimulation(ctx) {
  const raw = jsonBody(ctx);
  const errs = [];
  const body = check(CreateSimulationSchema, raw, ['body'], errs);
  if (errs.length) {
    if (bug('missing_field_400') && errs.some((e) => e.type === 'bss.missing')) fail(400, 'bad_request', errs.map((e) => e.msg).join('; '));
    invalid(errs);
  }
  const goal = C.findGoal(body.mode, body.goal);
  if (!goal) invalid([problem(['body', 'goal'], `mode '${body.mode}' has no goal '${body.goal}'; valid goals: ${C.GOALS[body.mode].map((g) => g.goal_id).join(', ')}`, 'bss.unknown_goal')]);
  const { values, problems } = C.checkInputs(goal, body.inputs || {}, ['body', 'inputs']);
  const modelIds = [...new Set(body.user_model_ids)];
  body.user_model_ids.forEach((id, i) => {
    const m = db.userModels.get(id);
    if (!m || !modelVisible(m, ctx.caller)) problems.push(problem(['body', 'user_model_ids', i], `no user model ${id} is visible to you`, 'bss.unknown_user_model'));
  });
  if (problems.length) invalid(problems);

  const design = body.survey_design || null;
  if (design) {
    const n = C.surveyQuestionCount(design);
    if (body.mode === 'journey' && !bug('survey_journey_ok')) fail(400, 'survey_design_unusable', 'survey_design applies to research mode only; journey simulations navigate pages instead of asking questions.');
    if (body.mode === 'research') {
      if (n === 0) fail(400, 'survey_design_unusable', 'survey_design has nothing to ask: give at least one item set or custom question.');
      if (n > C.MAX_SURVEY_QUESTIONS) fail(400, 'survey_design_unusable', `survey_design asks ${n} questions; at most ${C.MAX_SURVEY_QUESTIONS} are allowed.`);
    }
  }

  let project = null;
  let round = null;
  if (body.project_id) project = getProject(ctx, body.project_id);
  if (body.round_id) {
    const r = db.rounds.get(body.round_id);
    if (!r) fail(404, 'round_not_found', `There is no round ${body.round_id}.`);
    if (project && r.project_id !== project.id) fail(400, 'round_not_in_project', `Round ${r.id} belongs to a different project.`);
    if (!project) project = getProject(ctx, r.project_id);
    round = r;
  }
  let contextId = null;
  if (project) {
    if (body.context_id && body.context_id !== project.context_id) fail(400, 'context_conflict', 'A simulation in a project plans against the project\'s context; omit context_id or name that same context.');
    contextId = project.context_id;
    if (project.planner_busy_until > now()) fail(409, 'planner_mid_turn', 'The in-app planner is working on this project; try again when its turn ends.');
  } else if (body.context_id) {
    contextId = getContext(ctx, body.context_id).id;
  } else {
    const d = defaultContext(ctx.caller);
    contextId = d ? d.c.id : null;
  }
  if (project) {
    if (bug('create_round_ignored')) round = null;
    if (!round) round = latestRound(project);
    if (!round && !bug('create_no_round1')) round = createRound(project, null);
  }

  const t = now();
  const s = {
    id: randomUUID(),
    seq: nextSeq(),
    owner: ctx.caller.key,
    org: ctx.caller.org,
    mode: body.mode,
    goal: body.goal,
    inputs: values,
    user_model_ids: modelIds,
    title: body.title ?? null,
    project_id: project ? project.id : null,
    round_id: null,
    context_id: contextId,
    survey_design: design ? { stimulus: design.stimulus ?? null, item_sets: design.item_sets || [], custom_questions: design.custom_questions || [] } : null,
    status: 'planning',
    plan: null,
    outcome: null,
    created_ms: t,
    updated_ms: t,
    plan_due: t + config.planningMs,
    share_slug: null,
  };
  joinRound(s, round);
  db.sims.set(s.id, s);
  touchProject(project);
  if (bug('create_planned_sync')) finishPlanningNow(s);
  return { status: bug('create_returns_200') ? 200 : 201, body: simView(s) };
}

function getSimulation(ctx) {
  return { status: 200, body: simView(getSim(ctx, ctx.params.simulation_id)) };
}

function moveSimulation(ctx) {
  const s = getSim(ctx, ctx.params.simulation_id);
  const b = validated(MoveSchema, jsonBody(ctx), ['body']);
  if (s.project_id && !(bug('move_reproject') && s.project_id !== b.project_id)) {
    fail(409, 'already_in_project', `Simulation ${s.id} is already in project ${s.project_id}; it cannot be moved again.`);
  }
  const p = db.projects.get(b.project_id);
  if (!p) fail(404, 'project_not_found', `There is no project ${b.project_id}.`);
  if (p.owner !== ctx.caller.key) fail(409, 'move_not_allowed', 'Simulations can only be moved into your own projects.');
  let r = bug('move_first_round') ? firstRound(p) : latestRound(p);
  if (!r && !bug('move_no_round')) r = createRound(p, null);
  s.project_id = p.id;
  joinRound(s, r);
  s.updated_ms = now();
  touchProject(p);
  return { status: 200, body: simView(s) };
}

function renameSimulation(ctx) {
  const s = getSim(ctx, ctx.params.simulation_id);
  const b = validated(TitleSchema, jsonBody(ctx), ['body']);
  s.title = b.title;
  s.updated_ms = now();
  return { status: 200, body: simView(s) };
}

function deleteSimulation(ctx) {
  const s = getSim(ctx, ctx.params.simulation_id);
  const busy = bug('delete_running') ? ['planning'] : ['planning', 'running'];
  if (busy.includes(s.status)) fail(409, 'simulation_busy', `Simulation ${s.id} is ${s.status}; wait until it finishes before deleting it.`);
  db.sims.delete(s.id);
  if (s.share_slug) db.shares.delete(s.share_slug);
  if (s.project_id) touchProject(db.projects.get(s.project_id));
  if (bug('delete_200_body')) return { status: 200, body: { deleted: true, id: s.id } };
  return { status: 204, body: null };
}

function editPlan(ctx) {
  const s = getSim(ctx, ctx.params.simulation_id);
  const b = validated(PlanSchema, jsonBody(ctx), ['body']);
  const ok = bug('plan_edit_running') ? ['planned', 'running'] : ['planned'];
  if (!ok.includes(s.status)) fail(400, 'plan_locked', `The plan can only be edited while the simulation is planned; it is ${displayStatus(s)}.`);
  for (const k of ['question_text', 'hypothesis_text', 'survey_questions', 'journey_task']) {
    if (!(k in b)) continue;
    if (k === 'survey_questions' && bug('plan_append') && Array.isArray(b[k]) && Array.isArray(s.plan[k])) s.plan[k] = [...s.plan[k], ...b[k]];
    else s.plan[k] = b[k];
  }
  s.updated_ms = now();
  return { status: 200, body: s.plan };
}

function runSimulation(ctx) {
  const s = getSim(ctx, ctx.params.simulation_id);
  const ok = bug('run_completed') ? ['planned', 'completed'] : ['planned'];
  if (!ok.includes(s.status)) fail(400, 'not_runnable', `Only a planned simulation can be run; this one is ${displayStatus(s)}.`);
  if (s.mode === 'research' && !(s.plan.survey_questions && s.plan.survey_questions.length)) {
    fail(400, 'nothing_to_run', 'The plan has no survey questions; add some with PATCH .../plan first.');
  }
  const t = now();
  s.status = 'running';
  s.outcome = null;
  s.run_started_ms = t;
  s.run_due = t + config.runningMs;
  s.updated_ms = t;
  if (s.project_id) touchProject(db.projects.get(s.project_id));
  return { status: 200, body: simView(s) };
}

function shareSimulation(ctx) {
  const s = getSim(ctx, ctx.params.simulation_id);
  if (!s.share_slug) {
    s.share_slug = randomBytes(9).toString('base64url');
    db.shares.set(s.share_slug, s.id);
  }
  return { status: 200, body: { simulation_id: s.id, public: true, url: `${ctx.baseUrl}/shared/${s.share_slug}` } };
}

function sharedView(ctx) {
  const id = db.shares.get(ctx.params.share_slug);
  const s = id && db.sims.get(id);
  if (!s) fail(404, 'share_not_found', 'No simulation is shared under this link.');
  const v = simView(s);
  delete v.context_id;
  return { status: 200, body: v };
}

// ================================================================ handlers: projects & rounds
function listProjects(ctx) {
  const list = [...db.projects.values()].filter((p) => p.owner === ctx.caller.key);
  list.sort((a, b) => (bug('projects_by_created') ? b.seq - a.seq : b.activeSeq - a.activeSeq));
  return { status: 200, body: { projects: list.map((p) => projectView(p, false)) } };
}

function createProject(ctx) {
  const raw = jsonBody(ctx, { optional: true });
  const b = raw === undefined || raw === null ? {} : validated(CreateProjectSchema, raw, ['body']);
  let contextId = null;
  if (b.context_id) contextId = getContext(ctx, b.context_id).id;
  else {
    const d = defaultContext(ctx.caller);
    contextId = d ? d.c.id : null;
  }
  const t = now();
  const p = {
    id: randomUUID(),
    seq: nextSeq(),
    owner: ctx.caller.key,
    owner_user: ctx.caller.user,
    org: ctx.caller.org,
    name: b.name ?? (bug('project_default_name') ? 'Untitled project' : 'New project'),
    context_id: contextId,
    created_ms: t,
    planner_busy_until: 0,
  };
  touchProject(p);
  db.projects.set(p.id, p);
  return { status: 201, body: projectView(p, true) };
}

function getProjectOp(ctx) {
  return { status: 200, body: projectView(getProject(ctx, ctx.params.project_id), true) };
}

function renameProject(ctx) {
  const p = getProject(ctx, ctx.params.project_id, { forRename: true });
  const b = validated(RenameProjectSchema, jsonBody(ctx), ['body']);
  p.name = b.name;
  touchProject(p);
  return { status: 200, body: projectView(p, true) };
}

function startRound(ctx) {
  const p = getProject(ctx, ctx.params.project_id);
  const raw = jsonBody(ctx, { optional: true });
  const b = raw === undefined || raw === null ? {} : validated(CreateRoundSchema, raw, ['body']);
  const probe = bug('start_round_first_check') ? firstRound(p) : latestRound(p);
  if (probe && roundSims(probe).length === 0) {
    const latest = latestRound(p);
    fail(400, 'latest_round_empty', `Round ${latest.number} (${latest.id}) has no simulations yet; add simulations to it instead of starting a new round.`);
  }
  const r = createRound(p, b.title ?? null);
  return { status: 201, body: roundView(r) };
}

function renameRound(ctx) {
  const p = getProject(ctx, ctx.params.project_id);
  const r = getRound(p, ctx.params.round_id);
  const b = validated(RenameRoundSchema, jsonBody(ctx), ['body']);
  r.title = b.title;
  r.titleByCaller = true;
  touchProject(p);
  return { status: 200, body: roundView(r) };
}

function setArtefact(r, a) {
  if (bug('artefact_not_replaced') && r.artefact) {
    r.artefact = { ...a, name: r.artefact.name, type: r.artefact.type };
  } else r.artefact = a;
}

function attachArtefact(ctx) {
  const p = getProject(ctx, ctx.params.project_id);
  const r = getRound(p, ctx.params.round_id);
  const b = validated(ArtefactSchema, jsonBody(ctx), ['body']);
  const hasText = typeof b.text === 'string' && b.text.trim() !== '';
  const hasUrl = typeof b.url === 'string' && b.url.trim() !== '';
  if (hasText && hasUrl) fail(400, 'ambiguous_artefact', 'Give either text or url, not both.');
  if (!hasText && !hasUrl) fail(400, 'empty_artefact', 'Give pasted text (with an optional name) or a url.');
  const t = now();
  if (hasText) {
    setArtefact(r, { type: 'pasted_text', name: b.name || 'Pasted text', char_count: [...b.text].length, text: b.text, attached_ms: t });
  } else {
    let u;
    try {
      u = new URL(b.url.trim());
    } catch {
      u = null;
    }
    if (!u || !['http:', 'https:'].includes(u.protocol)) fail(400, 'unreadable_url', 'The url must be an absolute http or https address.');
    setArtefact(r, { type: 'web_page', name: b.name || u.hostname, source_url: u.href, attached_ms: t });
  }
  touchProject(p);
  return { status: 200, body: roundView(r) };
}

const FILE_TYPES = { pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', md: 'text/markdown', txt: 'text/plain' };

function attachArtefactFile(ctx) {
  const p = getProject(ctx, ctx.params.project_id);
  const r = getRound(p, ctx.params.round_id);
  const ct = ctx.req.headers['content-type'];
  if (!boundaryOf(ct)) invalid([problem(['body'], 'expected a multipart/form-data body with a boundary', 'bss.not_multipart')]);
  const parts = parseMultipart(ctx.raw, ct);
  if (!parts) invalid([problem(['body'], 'the multipart body could not be read', 'bss.bad_multipart')]);
  const file = parts.find((x) => x.name === 'file');
  if (!file) invalid([problem(['body', 'file'], 'this form field is required', 'bss.missing')]);
  if (file.filename === undefined) invalid([problem(['body', 'file'], 'expected an uploaded file, got a plain form field', 'bss.expected_file')]);
  if (!bug('file_no_size_limit') && file.data.length > config.fileMax) fail(413, 'file_too_large', `The file is ${file.data.length} bytes; the limit is 10 MB (${config.fileMax} bytes).`);
  const name = file.filename || 'upload';
  const ext = (/\.([A-Za-z0-9]+)$/.exec(name) || [])[1];
  const allowed = Object.keys(FILE_TYPES).filter((e) => !(bug('file_md_rejected') && e === 'md'));
  if (!ext || !allowed.includes(ext.toLowerCase())) fail(415, 'unsupported_file_type', `Only ${allowed.join(', ')} files are accepted.`);
  if (file.data.length === 0) fail(400, 'empty_file', 'The uploaded file is empty.');
  setArtefact(r, { type: ext.toLowerCase(), name, size_bytes: file.data.length, media_type: FILE_TYPES[ext.toLowerCase()], attached_ms: now() });
  touchProject(p);
  return { status: 200, body: roundView(r) };
}

function regenerateSynthesis(ctx) {
  const p = getProject(ctx, ctx.params.project_id);
  const r = getRound(p, ctx.params.round_id);
  const t = now();
  r.synth.status = 'generating';
  r.synth.error = null;
  r.synth.started_ms = t;
  r.synth.due = t + config.synthesisMs;
  touchProject(p);
  return { status: 200, body: roundView(r) };
}

function plannerTurn(ctx) {
  const p = getProject(ctx, ctx.params.project_id);
  validated(PlannerTurnSchema, jsonBody(ctx), ['body']);
  const t = now();
  if (p.planner_busy_until > t) fail(409, 'planner_mid_turn', 'The planner is already mid-turn on this project.');
  p.planner_busy_until = t + config.plannerTurnMs;
  touchProject(p);
  return { status: 202, body: { project_id: p.id, busy_until_ms: p.planner_busy_until, reply: 'Planning the next round; new simulations in this project are blocked until the turn ends.' } };
}

// ================================================================ handlers: contexts
function getDefaultContext(ctx) {
  const d = defaultContext(ctx.caller);
  if (!d) {
    if (bug('no_context_404')) fail(404, 'no_context', 'You have no context yet.');
    return { status: 200, body: { has_context: false, reason: 'Neither you nor your organisation has a shared context yet.' } };
  }
  return { status: 200, body: { ...contextView(d.c, ctx.caller), source: d.source } };
}

function listContexts(ctx) {
  const list = [...db.contexts.values()].filter((c) => contextVisible(c, ctx.caller)).sort(byUpdatedDesc);
  return { status: 200, body: { contexts: list.map((c) => contextView(c, ctx.caller, false)) } };
}

function createContext(ctx) {
  const b = validated(CreateContextSchema, jsonBody(ctx), ['body']);
  const t = now();
  const c = { id: randomUUID(), owner: ctx.caller.key, org: ctx.caller.org, name: b.name, body: b.body, scope: b.scope, created_ms: t, updated_ms: t, updSeq: nextSeq() };
  db.contexts.set(c.id, c);
  return { status: 201, body: contextView(c, ctx.caller) };
}

function getContextOp(ctx) {
  return { status: 200, body: contextView(getContext(ctx, ctx.params.context_id), ctx.caller) };
}

function updateContext(ctx) {
  const c = getContext(ctx, ctx.params.context_id);
  if (c.owner !== ctx.caller.key) fail(403, 'not_your_context', 'Only the caller who created a context can change it.');
  const b = validated(UpdateContextSchema, jsonBody(ctx), ['body']);
  for (const k of ['name', 'body', 'scope']) if (k in b) c[k] = b[k];
  c.updated_ms = now();
  c.updSeq = nextSeq();
  return { status: 200, body: contextView(c, ctx.caller) };
}

// ================================================================ handlers: envelope endpoints
const ok = (data, status = 200, headers = {}) => ({ status, body: { data, errors: null }, headers });

function getRecord(ctx, id, what) {
  const x = db.records.get(id);
  if (!x) fail(404, `${what}_not_found`, `There is no ${what} ${id}.`);
  if (x.org !== ctx.caller.org && !x.public) fail(403, 'forbidden', `This ${what} belongs to another organisation.`);
  return x;
}

function getAnswer(ctx) {
  return ok(answerView(getRecord(ctx, ctx.params.answer_id, 'answer')));
}

function getPrediction(ctx) {
  return ok(predictionView(getRecord(ctx, ctx.params.prediction_id, 'prediction')));
}

function getPopulationRecord(ctx, id) {
  const m = db.userModels.get(id);
  if (!m) fail(404, 'population_not_found', `There is no population ${id}.`);
  if (!modelVisible(m, ctx.caller)) fail(403, 'forbidden', 'This population belongs to another organisation.');
  return m;
}

function getPopulation(ctx) {
  return ok(populationView(getPopulationRecord(ctx, ctx.params.population_id)));
}

function listPopulations(ctx) {
  const items = [...db.userModels.values()].filter((m) => modelVisible(m, ctx.caller)).sort((a, b) => a.seq - b.seq).map(populationView);
  return ok({ items, count: items.length });
}

function retestPopulation(ctx) {
  const m = getPopulationRecord(ctx, ctx.params.population_id);
  if (m.status === 'retesting') fail(409, 'retest_in_progress', 'This population is already being retested.');
  const t = now();
  m.status = 'retesting';
  m.retest_started_ms = t;
  m.test_started_ms = t;
  m.retest_due = t + config.retestMs;
  return ok(populationView(m));
}

function round6(x) {
  return Math.round(x * 1e6) / 1e6;
}

function scoreTest(predicted, counts, options) {
  const total = options.reduce((a, o) => a + (counts[o] || 0), 0);
  const g = {};
  options.forEach((o) => { g[o] = round6((counts[o] || 0) / total); });
  let tv = 0;
  let se = 0;
  let kl = 0;
  for (const o of options) {
    const d = predicted[o] - g[o];
    tv += Math.abs(d);
    se += d * d;
    if (g[o] > 0) kl += g[o] * Math.log(g[o] / Math.max(predicted[o], 1e-6));
  }
  const n = options.length;
  return {
    ground_pct: g,
    metrics: {
      accuracy: Math.round((1 - tv / 2) * 10000) / 100,
      squared_error: round6(se),
      root_mean_squared_error: round6(Math.sqrt(se / n)),
      information_loss: round6(kl),
      normalised_information_loss: round6(n > 1 ? kl / Math.log(n) : 0),
    },
  };
}

function createBatchOf(kind) {
  return (ctx) => {
    const raw = jsonBody(ctx);
    const errs = [];
    const b = check(BatchRequestSchema(kind === 'test'), raw, ['body'], errs);
    if (errs.length) invalid(errs);
    const problems = [];
    const pop = db.userModels.get(b.population);
    if (!pop || !modelVisible(pop, ctx.caller)) problems.push(problem(['body', 'population'], `no population ${b.population} is visible to you`, 'bss.unknown_population'));
    b.questions.forEach((q, i) => {
      if (new Set(q.answer_options).size !== q.answer_options.length) problems.push(problem(['body', 'questions', i, 'answer_options'], 'answer options must be distinct', 'bss.duplicate_option'));
      if (kind === 'test') {
        for (const k of Object.keys(q.observed_counts)) if (!q.answer_options.includes(k)) problems.push(problem(['body', 'questions', i, 'observed_counts', k], 'not one of answer_options', 'bss.unknown_option'));
        if (Object.values(q.observed_counts).reduce((a, v) => a + v, 0) === 0) problems.push(problem(['body', 'questions', i, 'observed_counts'], 'at least one observed answer is needed', 'bss.no_observations'));
      }
    });
    if (b.batch && b.batch_id) problems.push(problem(['body', 'batch_id'], 'give batch (a new batch) or batch_id (an existing one), not both', 'bss.conflicting_fields'));
    let batch = null;
    if (b.batch_id) {
      batch = db.batches.get(b.batch_id);
      if (!batch || batch.org !== ctx.caller.org || batch.kind !== kind) problems.push(problem(['body', 'batch_id'], `no ${kind} batch ${b.batch_id} belongs to your organisation`, 'bss.unknown_batch'));
    }
    if (problems.length) invalid(problems);
    const t = now();
    if (!batch) {
      batch = {
        id: randomUUID(),
        org: ctx.caller.org,
        kind,
        name: b.batch ? b.batch.name : `${kind === 'test' ? 'Tests' : 'Predictions'} of ${iso(t).slice(0, 16).replace('T', ' ')}`,
        description: b.batch ? b.batch.description : '',
        created_ms: t,
        items: [],
      };
      db.batches.set(batch.id, batch);
    }
    const made = b.questions.map((q) => {
      const predicted = C.distribution(`${pop.id}/${q.question}/${q.answer_options.join('|')}`, q.answer_options);
      const x = {
        id: randomUUID(),
        kind,
        org: ctx.caller.org,
        owner: ctx.caller.key,
        population: pop.id,
        question: q.question,
        answer_options: q.answer_options,
        question_type: q.question_type,
        predicted,
        public: b.public,
        batch: batch.id,
        created_ms: t,
        prediction_started_ms: t,
        prediction_finished_ms: now(),
      };
      if (kind === 'test') {
        const counts = {};
        for (const o of q.answer_options) counts[o] = q.observed_counts[o] || 0;
        x.ground_counts = counts;
        x.test_started_ms = x.prediction_finished_ms;
        Object.assign(x, scoreTest(predicted, counts, q.answer_options));
        x.test_finished_ms = now();
      }
      db.records.set(x.id, x);
      batch.items.push(x.id);
      return x;
    });
    const view = kind === 'test' ? answerView : predictionView;
    const headers = ctx.route.deprecated ? { deprecation: 'true', link: `</v1/${kind === 'test' ? 'tests' : 'predictions'}>; rel="successor-version"` } : {};
    return ok({ batch: batchView(batch), items: made.map(view) }, 201, headers);
  };
}

function getBatchOf(kind) {
  return (ctx) => {
    const bt = db.batches.get(ctx.params.batch_id);
    if (!bt || bt.kind !== kind) fail(404, 'batch_not_found', `There is no ${kind} batch ${ctx.params.batch_id}.`);
    if (bt.org !== ctx.caller.org) fail(403, 'forbidden', 'This batch belongs to another organisation.');
    const view = kind === 'test' ? answerView : predictionView;
    return ok({ batch: batchView(bt), items: bt.items.map((id) => db.records.get(id)).filter(Boolean).map(view) });
  };
}

// ================================================================ misc
function health() {
  return { status: 200, body: { ok: true, uptime_s: Math.round(process.uptime()) } };
}

function openapi(ctx) {
  return { status: 200, body: openapiDocument(ctx.baseUrl) };
}

// ================================================================ routing
const ROUTES = [
  { m: 'GET', p: '/healthz', h: health, auth: false },
  { m: 'GET', p: '/openapi.json', h: openapi, auth: false },
  { m: 'GET', p: '/shared/{share_slug}', h: sharedView, auth: false, strings: ['share_slug'] },

  { m: 'GET', p: '/v1/user-models', h: listUserModels },
  { m: 'POST', p: '/v1/user-models', h: createUserModel },
  { m: 'GET', p: '/v1/simulation-schema', h: simulationSchema },

  { m: 'GET', p: '/v1/simulations', h: listSimulations },
  { m: 'POST', p: '/v1/simulations', h: createSimulation },
  { m: 'GET', p: '/v1/simulations/{simulation_id}', h: getSimulation },
  { m: 'PATCH', p: '/v1/simulations/{simulation_id}', h: moveSimulation },
  { m: 'DELETE', p: '/v1/simulations/{simulation_id}', h: deleteSimulation },
  { m: 'PUT', p: '/v1/simulations/{simulation_id}/title', h: renameSimulation },
  { m: 'PATCH', p: '/v1/simulations/{simulation_id}/plan', h: editPlan },
  { m: 'POST', p: '/v1/simulations/{simulation_id}/run', h: runSimulation },
  { m: 'POST', p: '/v1/simulations/{simulation_id}/share', h: shareSimulation },

  { m: 'GET', p: '/v1/projects', h: listProjects },
  { m: 'POST', p: '/v1/projects', h: createProject },
  { m: 'GET', p: '/v1/projects/{project_id}', h: getProjectOp },
  { m: 'PATCH', p: '/v1/projects/{project_id}', h: renameProject },
  { m: 'POST', p: '/v1/projects/{project_id}/rounds', h: startRound },
  { m: 'PATCH', p: '/v1/projects/{project_id}/rounds/{round_id}', h: renameRound },
  { m: 'POST', p: '/v1/projects/{project_id}/rounds/{round_id}/artefact', h: attachArtefact },
  { m: 'POST', p: '/v1/projects/{project_id}/rounds/{round_id}/artefact/file', h: attachArtefactFile, file: true },
  { m: 'POST', p: '/v1/projects/{project_id}/rounds/{round_id}/synthesis', h: regenerateSynthesis },
  { m: 'POST', p: '/v1/projects/{project_id}/planner-turns', h: plannerTurn },

  { m: 'GET', p: '/v1/context', h: getDefaultContext },
  { m: 'GET', p: '/v1/contexts', h: listContexts },
  { m: 'POST', p: '/v1/contexts', h: createContext },
  { m: 'GET', p: '/v1/contexts/{context_id}', h: getContextOp },
  { m: 'PATCH', p: '/v1/contexts/{context_id}', h: updateContext },

  { m: 'GET', p: '/v1/answers/{answer_id}', h: getAnswer, env: true },
  { m: 'GET', p: '/v1/predictions/batch/{batch_id}', h: getBatchOf('prediction'), env: true },
  { m: 'GET', p: '/v1/predictions/{prediction_id}', h: getPrediction, env: true },
  { m: 'GET', p: '/v1/tests/batch/{batch_id}', h: getBatchOf('test'), env: true },
  { m: 'GET', p: '/v1/populations', h: listPopulations, env: true },
  { m: 'GET', p: '/v1/populations/{population_id}', h: getPopulation, env: true },
  { m: 'POST', p: '/v1/populations/{population_id}/retest', h: retestPopulation, env: true, strings: ['population_id'] },
  { m: 'POST', p: '/v1/predictions', h: createBatchOf('prediction'), env: true },
  { m: 'POST', p: '/v1/tests', h: createBatchOf('test'), env: true },
  ...(bug('answers_route_removed') ? [] : [
    { m: 'POST', p: '/v1/answers', h: createBatchOf('prediction'), env: true, deprecated: true },
  ]),
  { m: 'POST', p: '/v1/answers/benchmark', h: createBatchOf('test'), env: true, deprecated: true },
].map((r) => ({ ...r, segs: r.p.split('/').slice(1) }));

function matchRoute(pathname) {
  const segs = pathname.split('/').slice(1);
  const hits = [];
  for (const r of ROUTES) {
    if (r.segs.length !== segs.length) continue;
    const params = {};
    let okMatch = true;
    let literal = 0;
    for (let i = 0; i < segs.length; i++) {
      const rs = r.segs[i];
      if (rs.startsWith('{')) {
        if (segs[i] === '') { okMatch = false; break; }
        try {
          params[rs.slice(1, -1)] = decodeURIComponent(segs[i]);
        } catch {
          params[rs.slice(1, -1)] = segs[i];
        }
      } else if (rs !== segs[i]) {
        okMatch = false;
        break;
      } else literal += 1;
    }
    if (okMatch) hits.push({ route: r, params, literal });
  }
  return hits;
}

function readBody(req, cap) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    let over = false;
    req.on('data', (c) => {
      size += c.length;
      if (size > cap) over = true;
      else chunks.push(c);
    });
    req.on('end', () => (over ? resolve({ over: true, size }) : resolve({ buf: Buffer.concat(chunks), size })));
    req.on('error', reject);
  });
}

function toEnvelopeError(err) {
  if (err.status === 422) {
    return { detail: err.body.detail, data: null, errors: err.body.detail.map((d) => ({ code: 'invalid_request', message: `${d.loc.join('.')}: ${d.msg}` })) };
  }
  const e = err.body && err.body.error ? err.body.error : { code: 'error', message: 'request failed' };
  return { data: null, errors: bug('envelope_errors_object') ? e : [e] };
}

function locString(body) {
  if (bug('loc_string') && body && Array.isArray(body.detail)) {
    return { ...body, detail: body.detail.map((d) => ({ ...d, loc: d.loc.join('.') })) };
  }
  return body;
}

function send(res, status, body, headers = {}) {
  const h = { ...headers };
  if (status === 204 || body === null || body === undefined) {
    res.writeHead(status, h);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  h['content-type'] = 'application/json; charset=utf-8';
  h['content-length'] = Buffer.byteLength(text);
  res.writeHead(status, h);
  res.end(text);
}

export async function handle(req, res) {
  let route = null;
  try {
    settle();
    const url = new URL(req.url, 'http://localhost');
    const hits = matchRoute(url.pathname);
    if (!hits.length) {
      await readBody(req, 0);
      fail(404, 'no_such_path', `Nothing is served at ${url.pathname}.`);
    }
    const same = hits.filter((h) => h.route.m === req.method);
    if (!same.length) {
      await readBody(req, 0);
      const allow = [...new Set(hits.map((h) => h.route.m))].join(', ');
      fail(405, 'method_not_allowed', `${req.method} is not supported here; use ${allow}.`, { allow });
    }
    same.sort((a, b) => b.literal - a.literal);
    const hit = same[0];
    route = hit.route;

    const cap = route.file ? (bug('file_no_size_limit') ? 64 * 1024 * 1024 : config.fileMax + 1024 * 1024) : config.jsonBodyMax;
    const body = await readBody(req, cap);
    if (body.over) fail(413, route.file ? 'file_too_large' : 'body_too_large', route.file ? `The upload exceeds the 10 MB file limit (${config.fileMax} bytes).` : `Request bodies are limited to ${config.jsonBodyMax} bytes.`);

    let caller = null;
    if (route.auth !== false) {
      const tok = parseToken(req.headers.authorization);
      const challenge = { 'www-authenticate': 'Token realm="bss", params="org,user"' };
      if (tok.missing) fail(401, 'missing_credentials', 'Send an authorization header: "Token org=<organisation>,user=<user>".', challenge);
      if (tok.bad) fail(401, 'unreadable_credentials', `The authorization header was not understood: ${tok.bad}.`, challenge);
      caller = tok;
      ensureOrg(caller.org);
    }

    const strings = new Set(route.strings || []);
    const pathProblems = [];
    for (const [k, v] of Object.entries(hit.params)) {
      if (k.endsWith('_id') && !strings.has(k) && !UUID_RE.test(v)) {
        if (bug('path_uuid_404')) fail(404, 'not_found', `Nothing found for ${k}=${v}.`);
        pathProblems.push(problem(pathIdLoc(k), 'expected a UUID', 'bss.bad_uuid'));
      }
      if (k.endsWith('_id') && !strings.has(k)) hit.params[k] = v.toLowerCase();
    }
    if (pathProblems.length) invalid(pathProblems);

    const host = req.headers.host || `${config.host}:${config.port}`;
    const ctx = { req, url, query: url.searchParams, params: hit.params, caller, raw: body.buf, route, baseUrl: `http://${host}` };
    const out = await route.h(ctx);
    send(res, out.status, locString(out.body), out.headers || {});
  } catch (err) {
    if (err instanceof HttpError) {
      const body = route && route.env ? toEnvelopeError(err) : err.body;
      send(res, err.status, locString(body), err.headers);
      return;
    }
    console.error(err);
    const e = { code: 'internal_error', message: 'Something went wrong on our side.' };
    send(res, 500, route && route.env ? { data: null, errors: [e] } : { error: e });
  }
}
