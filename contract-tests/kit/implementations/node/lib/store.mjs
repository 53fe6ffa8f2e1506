// In-memory state, the clock, and the background transitions (evaluated lazily: every request
// first "settles" all timers whose due time has passed, in chronological order).
import { randomUUID, createHash } from 'node:crypto';
import { config, bug } from './config.mjs';
import * as C from './content.mjs';

export const db = {
  orgs: new Map(), // org -> { org, first_seen_ms, panel_id }
  userModels: new Map(), // id -> population / user model record
  sims: new Map(),
  projects: new Map(),
  rounds: new Map(),
  contexts: new Map(),
  records: new Map(), // predictions and test answers
  batches: new Map(),
  shares: new Map(), // slug -> simulation id
};

let seq = 0;
export const nextSeq = () => ++seq;
export const now = () => Date.now();
export const iso = (ms) => (ms == null ? null : new Date(ms).toISOString());

// deterministic uuid (v4 layout) from a seed, used for the fixed public models
export function seededUuid(seed) {
  const h = createHash('sha256').update(seed).digest('hex');
  const v = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16], 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  return v;
}

function makeModel({ id, name, description, isPublic, org, simulacra, accuracy, source, target, effective, filename }) {
  const created = now();
  return {
    id,
    name,
    description,
    public: isPublic,
    org: org || null,
    created_ms: created,
    base_question_count: 120 + (name.length * 7) % 300,
    simulacrum_count: simulacra,
    status: 'active',
    average_accuracy: accuracy, // percent
    average_squared_error: Math.round((1 - accuracy / 100) ** 2 * 10000) / 10000,
    average_normalised_information_loss: Math.round((1 - accuracy / 100) * 0.4 * 10000) / 10000,
    data_source: source,
    effective_date: effective,
    reality_target: target,
    simulation_engine: 'bss-sim-2',
    test_started_ms: created - 86400000 * 3,
    test_finished_ms: created - 86400000 * 3 + 3600000,
    upload_filename: filename,
    retest_due: null,
    seq: nextSeq(),
  };
}

const PUBLIC_MODELS = [
  { name: 'UK adults (nationally representative)', description: 'Adults aged 18+ living in the United Kingdom, weighted on age, gender and region.', simulacra: 2000, accuracy: 86.4, source: 'national omnibus survey waves', target: 'GB adult population', effective: '2024-06-30', filename: 'uk_adults_2024q2.csv' },
  { name: 'US online shoppers, 18-34', description: 'US residents aged 18 to 34 who bought something online in the past month.', simulacra: 1500, accuracy: 82.9, source: 'retail panel', target: 'US online shoppers 18-34', effective: '2024-09-15', filename: 'us_shoppers_young.csv' },
  { name: 'European SME decision makers', description: 'Owners and managers who choose software for companies of 10 to 250 staff in the EU.', simulacra: 800, accuracy: 79.1, source: 'B2B recruitment panel', target: 'EU SME software buyers', effective: '2024-03-01', filename: 'eu_sme_buyers.xlsx' },
];

for (const m of PUBLIC_MODELS) {
  const id = seededUuid(`public-model:${m.name}`);
  db.userModels.set(id, makeModel({ ...m, id, isPublic: true }));
}

export function ensureOrg(org) {
  let o = db.orgs.get(org);
  if (!o) {
    const id = randomUUID();
    db.userModels.set(id, makeModel({
      id,
      name: `${org} customer panel`,
      description: `Customers of organisation ${org}, built from its uploaded customer list.`,
      isPublic: false,
      org,
      simulacra: 300,
      accuracy: 74.5,
      source: 'organisation customer upload',
      target: `customers of ${org}`,
      effective: new Date().toISOString().slice(0, 10),
      filename: 'customers.csv',
    }));
    o = { org, first_seen_ms: now(), panel_id: id };
    db.orgs.set(org, o);
  }
  return o;
}

export function createOrgModel(org, name, description) {
  const id = randomUUID();
  const m = makeModel({ id, name, description: description || '', isPublic: false, org, simulacra: 200, accuracy: 70, source: 'organisation upload', target: name, effective: new Date().toISOString().slice(0, 10), filename: 'upload.csv' });
  db.userModels.set(id, m);
  return m;
}

export function modelVisible(m, caller) {
  if (bug('user_models_cross_org')) return true;
  return m.public || m.org === caller.org;
}

// ---------------------------------------------------------------- rounds & projects helpers
export function projectRounds(p) {
  return [...db.rounds.values()].filter((r) => r.project_id === p.id).sort((a, b) => a.number - b.number);
}
export function latestRound(p) {
  const rs = projectRounds(p);
  return rs.length ? rs[rs.length - 1] : null;
}
export function firstRound(p) {
  const rs = projectRounds(p);
  return rs.length ? rs[0] : null;
}
export function roundSims(r) {
  return [...db.sims.values()].filter((s) => s.round_id === r.id).sort((a, b) => a.seq - b.seq);
}

export function createRound(p, title) {
  const rs = projectRounds(p);
  const r = {
    id: randomUUID(),
    project_id: p.id,
    number: rs.length ? rs[rs.length - 1].number + 1 : 1,
    title: title ?? null,
    titleByCaller: title != null,
    artefact: null,
    created_ms: now(),
    seq: nextSeq(),
    synth: { status: 'completed', markdown: '', covered: [], generated_ms: null, error: null, due: null, started_ms: null },
  };
  db.rounds.set(r.id, r);
  touchProject(p);
  return r;
}

export function touchProject(p) {
  if (!p) return;
  p.active_ms = now();
  p.activeSeq = nextSeq();
}

export function joinRound(sim, round) {
  sim.round_id = round ? round.id : null;
  if (round && bug('round_title_overwritten')) round.titleByCaller = false;
}

// ---------------------------------------------------------------- background transitions
function finishPlanning(s) {
  const goal = C.findGoal(s.mode, s.goal);
  const ctx = s.context_id ? db.contexts.get(s.context_id) : null;
  s.plan = C.buildPlan(s, goal, ctx ? ctx.name : null);
  if (!s.title && !bug('title_not_set')) s.title = C.autoTitle(s, goal, s.plan);
  s.status = 'planned';
  s.planned_ms = s.plan_due;
  s.updated_ms = s.plan_due;
}

function modelName(id) {
  const m = db.userModels.get(id);
  return m ? m.name : id;
}

function finishRun(s) {
  s.outcome = C.buildOutcome(s, modelName);
  s.status = 'completed';
  s.completed_ms = s.run_due;
  s.updated_ms = s.run_due;
}

function finishSynthesis(r) {
  const syn = r.synth;
  syn.due = null;
  if (config.synthesisFail) {
    syn.status = 'failed';
    syn.error = 'The synthesis writer did not answer in time (BSS_SYNTHESIS_FAIL=1).';
    return;
  }
  let done = roundSims(r).filter((s) => s.status === 'completed');
  if (bug('synthesis_partial') && done.length > 1) {
    done = [done.reduce((a, b) => (b.completed_ms >= a.completed_ms ? b : a))];
  }
  syn.status = 'completed';
  syn.error = null;
  syn.covered = done.map((s) => s.id);
  syn.markdown = C.roundSynthesisMarkdown(r, done);
  syn.generated_ms = now();
}

function finishRetest(m) {
  const tests = [...db.records.values()].filter((x) => x.kind === 'test' && x.population === m.id);
  if (tests.length) {
    m.average_accuracy = Math.round((tests.reduce((a, t) => a + t.metrics.accuracy, 0) / tests.length) * 100) / 100;
    m.average_squared_error = Math.round((tests.reduce((a, t) => a + t.metrics.squared_error, 0) / tests.length) * 1e6) / 1e6;
    m.average_normalised_information_loss = Math.round((tests.reduce((a, t) => a + t.metrics.normalised_information_loss, 0) / tests.length) * 1e6) / 1e6;
  } else {
    const r = C.rng(`${m.id}/${m.retest_started_ms}`);
    m.average_accuracy = Math.round(Math.min(99, Math.max(40, m.average_accuracy + (r() - 0.5) * 4)) * 100) / 100;
  }
  m.status = 'active';
  m.test_finished_ms = m.retest_due;
  m.retest_due = null;
}

export function settle() {
  const t = now();
  const due = [];
  for (const s of db.sims.values()) {
    if (s.status === 'planning' && s.plan_due <= t) due.push([s.plan_due, 0, () => finishPlanning(s)]);
    else if (s.status === 'running' && s.run_due <= t) due.push([s.run_due, 1, () => finishRun(s)]);
  }
  for (const r of db.rounds.values()) {
    if (r.synth.status === 'generating' && r.synth.due <= t) due.push([r.synth.due, 2, () => finishSynthesis(r)]);
  }
  for (const m of db.userModels.values()) {
    if (m.status === 'retesting' && m.retest_due <= t) due.push([m.retest_due, 3, () => finishRetest(m)]);
  }
  due.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [, , fn] of due) fn();
}

export function finishPlanningNow(s) {
  s.plan_due = now();
  finishPlanning(s);
}
