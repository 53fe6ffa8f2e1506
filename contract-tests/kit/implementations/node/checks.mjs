// Self-check: one probe per BUG value (each asserts the spec-correct behaviour the bug breaks),
// plus a few general probes.
//   node checks.mjs                 run every probe against the correct server
//   node checks.mjs --bugs          also start the server once per BUG value and confirm that
//                                   its own probe fails while the general probes still pass
import assert from 'node:assert/strict';
import { startServer, tokens, client, waitFor, sleep } from './lib/testkit.mjs';
import { BUGS } from './lib/config.mjs';

async function setup(base) {
  const t = tokens();
  const a = client(base, t.a);
  const b = client(base, t.b);
  const c = client(base, t.c);
  const models = (await a('GET', '/v1/user-models')).body;
  const pub = models.find((m) => m.owned_by_org === false) || models[models.length - 1];
  return { a, b, c, pub: pub.id, models };
}

async function newSim(a, pub, extra = {}) {
  const r = await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], inputs: { concept: 'a solar kettle' }, ...extra });
  assert.ok([200, 201].includes(r.status), `create: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
const get = (a, id) => a('GET', `/v1/simulations/${id}`);
const untilStatus = (a, id, st) => waitFor(() => get(a, id), (r) => r.body.status === st);
async function planned(a, pub, extra) {
  const s = await newSim(a, pub, extra);
  return (await untilStatus(a, s.id, 'planned')).body;
}
async function completed(a, pub, extra) {
  const s = await planned(a, pub, extra);
  await a('POST', `/v1/simulations/${s.id}/run`);
  return (await untilStatus(a, s.id, 'completed')).body;
}
async function project(a, body) {
  const r = await a('POST', '/v1/projects', body);
  assert.equal(r.status, 201);
  return r.body;
}
const getProject = async (a, id) => (await a('GET', `/v1/projects/${id}`)).body;
const ok422 = (r) => {
  assert.equal(r.status, 422, `expected 422, got ${r.status} ${JSON.stringify(r.body)}`);
  assert.ok(Array.isArray(r.body.detail));
};
const design = (d) => ({ survey_design: d });

function multipart(name, content) {
  const boundary = '----bsscheck' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { raw: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const probes = {
  async plan_edit_running({ a, pub }) {
    const s = await planned(a, pub);
    assert.equal((await a('PATCH', `/v1/simulations/${s.id}/plan`, { hypothesis_text: 'h' })).status, 200);
    await a('POST', `/v1/simulations/${s.id}/run`);
    const r = await a('PATCH', `/v1/simulations/${s.id}/plan`, { hypothesis_text: 'late' });
    assert.ok(r.status >= 400, `plan edit while running gave ${r.status}`);
  },
  async run_completed({ a, pub }) {
    const s = await completed(a, pub);
    const r = await a('POST', `/v1/simulations/${s.id}/run`);
    assert.ok(r.status >= 400, `run of completed gave ${r.status}`);
  },
  async delete_running({ a, pub }) {
    const s = await newSim(a, pub);
    assert.equal((await a('DELETE', `/v1/simulations/${s.id}`)).status, 409);
    await untilStatus(a, s.id, 'planned');
    await a('POST', `/v1/simulations/${s.id}/run`);
    assert.equal((await a('DELETE', `/v1/simulations/${s.id}`)).status, 409);
  },
  async move_reproject({ a, pub }) {
    const s = await newSim(a, pub);
    const p1 = await project(a);
    const p2 = await project(a);
    assert.equal((await a('PATCH', `/v1/simulations/${s.id}`, { project_id: p1.id })).status, 200);
    assert.equal((await a('PATCH', `/v1/simulations/${s.id}`, { project_id: p2.id })).status, 409);
    assert.equal((await a('PATCH', `/v1/simulations/${s.id}`, { project_id: p1.id })).status, 409);
  },
  async move_first_round({ a, pub }) {
    const p = await project(a);
    await newSim(a, pub, { project_id: p.id });
    const r2 = (await a('POST', `/v1/projects/${p.id}/rounds`)).body;
    const s = await newSim(a, pub);
    const m = await a('PATCH', `/v1/simulations/${s.id}`, { project_id: p.id });
    assert.equal(m.body.round_id, r2.id);
  },
  async move_no_round({ a, pub }) {
    const p = await project(a);
    const s = await newSim(a, pub);
    const m = await a('PATCH', `/v1/simulations/${s.id}`, { project_id: p.id });
    assert.ok(m.body.round_id);
    const pj = await getProject(a, p.id);
    assert.equal(pj.rounds.length, 1);
    assert.equal(pj.rounds[0].id, m.body.round_id);
  },
  async create_round_ignored({ a, pub }) {
    const p = await project(a);
    const s1 = await newSim(a, pub, { project_id: p.id });
    await a('POST', `/v1/projects/${p.id}/rounds`);
    const s2 = await newSim(a, pub, { project_id: p.id, round_id: s1.round_id });
    assert.equal(s2.round_id, s1.round_id);
  },
  async create_no_round1({ a, pub }) {
    const p = await project(a);
    assert.equal(p.rounds.length, 0);
    const s = await newSim(a, pub, { project_id: p.id });
    assert.ok(s.round_id);
    const pj = await getProject(a, p.id);
    assert.equal(pj.rounds.length, 1);
    assert.equal(pj.rounds[0].simulations[0].id, s.id);
  },
  async start_round_first_check({ a, pub }) {
    const p = await project(a);
    await newSim(a, pub, { project_id: p.id });
    assert.equal((await a('POST', `/v1/projects/${p.id}/rounds`)).status, 201);
    const r = await a('POST', `/v1/projects/${p.id}/rounds`);
    assert.ok(r.status >= 400 && r.status < 500, `second empty round gave ${r.status}`);
  },
  async round_title_overwritten({ a, pub }) {
    const p = await project(a);
    const r = await a('POST', `/v1/projects/${p.id}/rounds`, { title: 'Mine' });
    assert.equal(r.body.title, 'Mine');
    const s = await newSim(a, pub, { project_id: p.id });
    await untilStatus(a, s.id, 'planned');
    assert.equal((await getProject(a, p.id)).rounds[0].title, 'Mine');
    const p2 = await project(a);
    const s2 = await newSim(a, pub, { project_id: p2.id, title: 'Named sim' });
    assert.ok((await getProject(a, p2.id)).rounds[0].title.includes('Named sim'));
    assert.ok(s2);
  },
  async round_rename_empty({ a, pub }) {
    const p = await project(a);
    const s = await newSim(a, pub, { project_id: p.id });
    ok422(await a('PATCH', `/v1/projects/${p.id}/rounds/${s.round_id}`, { title: '' }));
    ok422(await a('PATCH', `/v1/projects/${p.id}/rounds/${s.round_id}`, { title: 'x'.repeat(201) }));
    assert.equal((await a('PATCH', `/v1/projects/${p.id}/rounds/${s.round_id}`, { title: 'x'.repeat(200) })).status, 200);
  },
  async survey_journey_ok({ a, pub }) {
    const r = await a('POST', '/v1/simulations', { mode: 'journey', goal: 'task_completion', user_model_ids: [pub], ...design({ custom_questions: [{ question_text: 'Q?' }] }) });
    assert.equal(r.status, 400);
    const e = await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], ...design({ stimulus: 'x' }) });
    assert.equal(e.status, 400);
    const many = await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], ...design({ item_sets: [{ ask: 'a', items: Array.from({ length: 40 }, (_, i) => `i${i}`) }] }) });
    assert.equal(many.status, 400);
  },
  async survey_extra_ok({ a, pub }) {
    const base = { mode: 'research', goal: 'concept_test', user_model_ids: [pub] };
    ok422(await a('POST', '/v1/simulations', { ...base, ...design({ item_sets: [{ ask: 'a', items: ['x', 'y'], weight: 2 }] }) }));
    ok422(await a('POST', '/v1/simulations', { ...base, ...design({ custom_questions: [{ question_text: 'q', hint: 1 }] }) }));
    ok422(await a('POST', '/v1/simulations', { ...base, ...design({ custom_questions: [{ question_text: 'q' }], extra: 1 }) }));
  },
  async items_min_one({ a, pub }) {
    ok422(await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], ...design({ item_sets: [{ ask: 'a', items: ['only'] }] }) }));
    ok422(await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], ...design({ item_sets: [{ ask: 'a', items: ['x', ''] }] }) }));
  },
  async scale_eight({ a, pub }) {
    const mk = (n) => design({ item_sets: [{ ask: 'a', items: ['x', 'y'], scale: Array.from({ length: n }, (_, i) => `s${i}`) }] });
    ok422(await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], ...mk(8) }));
    ok422(await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], ...mk(1) }));
    assert.equal((await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], ...mk(7) })).status, 201);
  },
  async custom_options_ten({ a, pub }) {
    const mk = (n) => design({ custom_questions: [{ question_text: 'q', answer_options: Array.from({ length: n }, (_, i) => `o${i}`) }] });
    assert.equal((await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], ...mk(10) })).status, 201);
    assert.equal((await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], ...mk(2) })).status, 201);
    ok422(await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], ...mk(11) }));
  },
  async stimulus_in_custom({ a, pub }) {
    const s = await planned(a, pub, design({ stimulus: 'STIM', custom_questions: [{ question_text: 'Exactly this?', answer_options: ['A', 'B'] }, { question_text: 'And this?' }] }));
    const qs = s.plan_document.survey_questions;
    assert.equal(qs.length, 2);
    assert.equal(qs[0].question_text, 'Exactly this?');
    assert.deepEqual(qs[0].answer_options, ['A', 'B']);
    assert.equal(qs[1].question_text, 'And this?');
    assert.ok(qs[1].answer_options.length >= 2);
  },
  async stimulus_first_only({ a, pub }) {
    const s = await planned(a, pub, design({ stimulus: 'STIM', item_sets: [{ ask: 'Rate', items: ['i1', 'i2', 'i3'], scale: ['lo', 'hi'] }, { ask: 'Like', items: ['j1', 'j2'] }], custom_questions: [{ question_text: 'C?' }] }));
    const qs = s.plan_document.survey_questions;
    assert.equal(qs.length, 6);
    for (const q of qs.slice(0, 5)) assert.ok(q.question_text.includes('STIM'), q.question_text);
    assert.deepEqual(qs[0].answer_options, ['lo', 'hi']);
    assert.deepEqual(qs[3].answer_options, qs[4].answer_options);
  },
  async loc_string({ a }) {
    const r = await a('POST', '/v1/simulations', { mode: 'research' });
    ok422(r);
    for (const d of r.body.detail) {
      assert.ok(Array.isArray(d.loc));
      assert.equal(typeof d.msg, 'string');
      assert.equal(typeof d.type, 'string');
    }
  },
  async missing_field_400({ a }) {
    ok422(await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test' }));
    ok422(await a('POST', '/v1/simulations', { mode: 'bogus', goal: 'concept_test', user_model_ids: [] }));
  },
  async path_uuid_404({ a }) {
    ok422(await a('GET', '/v1/simulations/not-a-uuid'));
    ok422(await a('GET', '/v1/projects/123'));
  },
  async status_executing({ a, pub }) {
    const s = await planned(a, pub);
    const r = await a('POST', `/v1/simulations/${s.id}/run`);
    assert.equal(r.body.status, 'running');
    assert.equal((await get(a, s.id)).body.status, 'running');
  },
  async list_oldest_first({ a, pub }) {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await newSim(a, pub)).id);
    const l = await a('GET', '/v1/simulations');
    assert.deepEqual(l.body.simulations.slice(0, 3).map((s) => s.id), ids.reverse());
  },
  async page_size_25({ a, pub }) {
    for (let i = 0; i < 23; i++) await newSim(a, pub);
    const l = await a('GET', '/v1/simulations');
    assert.equal(l.body.simulations.length, 20);
    assert.equal((await a('GET', '/v1/simulations?limit=22')).body.simulations.length, 22);
  },
  async list_org_sims({ a, c, pub }) {
    await newSim(a, pub);
    assert.equal((await c('GET', '/v1/simulations')).body.simulations.length, 0);
  },
  async sim_cross_caller({ a, b, c, pub }) {
    const s = await newSim(a, pub);
    assert.notEqual((await c('GET', `/v1/simulations/${s.id}`)).status, 200);
    assert.notEqual((await b('GET', `/v1/simulations/${s.id}`)).status, 200);
  },
  async context_cross_org({ a, b }) {
    const ctx = (await a('POST', '/v1/contexts', { name: 'Acme', body: '# Acme', scope: 'organisation' })).body;
    assert.notEqual((await b('GET', `/v1/contexts/${ctx.id}`)).status, 200);
    assert.equal((await b('GET', '/v1/contexts')).body.contexts.length, 0);
  },
  async default_context_oldest({ a, c }) {
    await a('POST', '/v1/contexts', { name: 'first', body: 'one' });
    const c2 = (await a('POST', '/v1/contexts', { name: 'second', body: 'two' })).body;
    assert.equal((await a('GET', '/v1/context')).body.id, c2.id);
    assert.deepEqual((await a('GET', '/v1/contexts')).body.contexts.map((x) => x.name), ['second', 'first']);
    assert.equal((await c('GET', '/v1/context')).body.has_context, false);
  },
  async no_context_404({ a }) {
    const r = await a('GET', '/v1/context');
    assert.equal(r.status, 200);
    assert.equal(r.body.has_context, false);
  },
  async context_body_optional({ a }) {
    ok422(await a('POST', '/v1/contexts', { name: 'n' }));
    ok422(await a('POST', '/v1/contexts', { body: 'b' }));
  },
  async projects_by_created({ a, pub }) {
    const p1 = await project(a, { name: 'one' });
    const p2 = await project(a, { name: 'two' });
    assert.deepEqual((await a('GET', '/v1/projects')).body.projects.map((p) => p.id), [p2.id, p1.id]);
    await newSim(a, pub, { project_id: p1.id });
    assert.deepEqual((await a('GET', '/v1/projects')).body.projects.map((p) => p.id), [p1.id, p2.id]);
  },
  async project_default_name({ a }) {
    assert.equal((await project(a)).name, 'New project');
    assert.equal((await project(a, { name: null })).name, 'New project');
  },
  async project_name_201({ a }) {
    const p = await project(a);
    ok422(await a('PATCH', `/v1/projects/${p.id}`, { name: 'n'.repeat(201) }));
    ok422(await a('PATCH', `/v1/projects/${p.id}`, { name: '' }));
    assert.equal((await a('PATCH', `/v1/projects/${p.id}`, { name: 'n'.repeat(200) })).status, 200);
  },
  async rename_not_owner({ a, b, c }) {
    const p = await project(a, { name: 'mine' });
    assert.notEqual((await c('PATCH', `/v1/projects/${p.id}`, { name: 'theirs' })).status, 200);
    assert.notEqual((await b('PATCH', `/v1/projects/${p.id}`, { name: 'theirs' })).status, 200);
    assert.equal((await getProject(a, p.id)).name, 'mine');
  },
  async stale_never({ a, pub }) {
    const p = await project(a);
    const s1 = await completed(a, pub, { project_id: p.id });
    let r = (await getProject(a, p.id)).rounds[0];
    assert.equal(r.synthesis_stale, true);
    await a('POST', `/v1/projects/${p.id}/rounds/${s1.round_id}/synthesis`);
    r = (await waitFor(() => a('GET', `/v1/projects/${p.id}`), (x) => x.body.rounds[0].synthesis_status !== 'generating')).body.rounds[0];
    assert.equal(r.synthesis_status, 'completed');
    assert.equal(r.synthesis_stale, false);
    await completed(a, pub, { project_id: p.id });
    assert.equal((await getProject(a, p.id)).rounds[0].synthesis_stale, true);
  },
  async synthesis_partial({ a, pub }) {
    const p = await project(a);
    const s1 = await completed(a, pub, { project_id: p.id });
    const s2 = await completed(a, pub, { project_id: p.id });
    await a('POST', `/v1/projects/${p.id}/rounds/${s1.round_id}/synthesis`);
    const r = (await waitFor(() => a('GET', `/v1/projects/${p.id}`), (x) => x.body.rounds[0].synthesis_status !== 'generating')).body.rounds[0];
    assert.equal(r.synthesis_stale, false);
    assert.deepEqual([...r.synthesis.covered_simulation_ids].sort(), [s1.id, s2.id].sort());
  },
  async envelope_errors_object({ a }) {
    const r = await a('GET', '/v1/answers/00000000-0000-4000-8000-000000000000');
    assert.ok(r.status >= 400);
    assert.ok(Array.isArray(r.body.errors) && r.body.errors.length);
    assert.equal(typeof r.body.errors[0].code, 'string');
    assert.equal(typeof r.body.errors[0].message, 'string');
  },
  async prediction_has_accuracy({ a, pub }) {
    const r = await a('POST', '/v1/predictions', { population: pub, questions: [{ question: 'Tea?', answer_options: ['Yes', 'No'] }] });
    assert.equal(r.status, 201);
    const g = await a('GET', `/v1/predictions/${r.body.data.items[0].id}`);
    assert.equal(g.body.errors, null);
    for (const k of ['accuracy', 'squared_error', 'ground_answer_counts', 'test_started_at', 'information_loss']) assert.ok(!(k in g.body.data), k);
  },
  async predicted_percent({ a, pub }) {
    const r = await a('POST', '/v1/tests', { population: pub, questions: [{ question: 'Tea?', answer_options: ['Yes', 'No', 'Maybe'], observed_counts: { Yes: 5, No: 3 } }] });
    assert.equal(r.status, 201);
    const g = (await a('GET', `/v1/answers/${r.body.data.items[0].id}`)).body.data;
    const sum = Object.values(g.predicted_answer_percentages).reduce((x, y) => x + y, 0);
    assert.ok(Math.abs(sum - 1) < 1e-6, `sum ${sum}`);
    assert.deepEqual(g.ground_answer_counts, { Yes: 5, No: 3, Maybe: 0 });
    assert.equal(g.ground_answer_percentages.Yes, 0.625);
  },
  async simulated_field_dropped({ a, pub }) {
    const r = await a('POST', '/v1/tests', { population: pub, questions: [{ question: 'Tea?', answer_options: ['Yes', 'No'], observed_counts: { Yes: 1 } }] });
    const g = (await a('GET', `/v1/answers/${r.body.data.items[0].id}`)).body.data;
    assert.deepEqual(g.simulated_answer_percentages, g.predicted_answer_percentages);
  },
  async answers_route_removed({ a, pub }) {
    const r = await a('POST', '/v1/answers', { population: pub, questions: [{ question: 'Tea?', answer_options: ['Yes', 'No'] }] });
    assert.equal(r.status, 201);
    const t = await a('POST', '/v1/answers/benchmark', { population: pub, questions: [{ question: 'Tea?', answer_options: ['Yes', 'No'], observed_counts: { No: 2 } }] });
    assert.equal(t.status, 201);
  },
  async question_count_string({ a, pub }) {
    const g = (await a('GET', `/v1/populations/${pub}`)).body.data;
    assert.ok(Number.isInteger(g.question_count));
    assert.ok(Number.isInteger(g.simulacrum_count));
  },
  async owned_flag_public({ a, models }) {
    const pubs = models.filter((m) => m.display_name && !m.display_name.endsWith('customer panel'));
    assert.ok(pubs.length >= 1);
    for (const m of pubs) assert.equal(m.owned_by_org, false);
    assert.ok(models.some((m) => m.owned_by_org === true));
    assert.ok(a);
  },
  async user_models_cross_org({ a, b, c }) {
    const am = (await a('GET', '/v1/user-models')).body.filter((m) => m.owned_by_org).map((m) => m.id);
    const bm = (await b('GET', '/v1/user-models')).body.map((m) => m.id);
    const cm = (await c('GET', '/v1/user-models')).body.map((m) => m.id);
    for (const id of am) {
      assert.ok(!bm.includes(id));
      assert.ok(cm.includes(id));
    }
  },
  async create_returns_200({ a, pub }) {
    const r = await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub] });
    assert.equal(r.status, 201);
  },
  async create_planned_sync({ a, pub }) {
    const r = await a('POST', '/v1/simulations', { mode: 'journey', goal: 'task_completion', user_model_ids: [pub] });
    assert.equal(r.body.status, 'planning');
    assert.equal(r.body.plan_document, null);
  },
  async title_not_set({ a, pub }) {
    const s = await newSim(a, pub);
    assert.equal(s.title, null);
    const p = await untilStatus(a, s.id, 'planned');
    assert.equal(typeof p.body.title, 'string');
    const k = await planned(a, pub, { title: 'Kept' });
    assert.equal(k.title, 'Kept');
  },
  async delete_200_body({ a, pub }) {
    const s = await planned(a, pub);
    const d = await a('DELETE', `/v1/simulations/${s.id}`);
    assert.equal(d.status, 204);
    assert.equal(d.text, '');
    assert.equal((await get(a, s.id)).status, 404);
  },
  async plan_append({ a, pub }) {
    const s = await planned(a, pub);
    assert.ok(s.plan_document.survey_questions.length > 1);
    const r = await a('PATCH', `/v1/simulations/${s.id}/plan`, { survey_questions: [{ question_text: 'Only one?' }] });
    assert.equal(r.status, 200);
    const g = (await get(a, s.id)).body.plan_document;
    assert.equal(g.survey_questions.length, 1);
    assert.equal(g.question_text, s.plan_document.question_text);
  },
  async question_type_hyphen({ a, pub }) {
    const s = await planned(a, pub);
    await a('PATCH', `/v1/simulations/${s.id}/plan`, { survey_questions: [{ question_text: 'Q' }] });
    assert.equal((await get(a, s.id)).body.plan_document.survey_questions[0].question_type, 'single_choice');
  },
  async artefact_not_replaced({ a, pub }) {
    const p = await project(a);
    const s = await newSim(a, pub, { project_id: p.id });
    const u = `/v1/projects/${p.id}/rounds/${s.round_id}/artefact`;
    let r = await a('POST', u, { name: 'Brief', text: 'hello' });
    assert.equal(r.body.artefact_name, 'Brief');
    r = await a('POST', u, { url: 'https://example.org/page' });
    assert.equal(r.status, 200);
    assert.equal(r.body.artefact_type, 'web_page');
    assert.notEqual(r.body.artefact_name, 'Brief');
  },
  async file_md_rejected({ a, pub }) {
    const p = await project(a);
    const s = await newSim(a, pub, { project_id: p.id });
    const u = `/v1/projects/${p.id}/rounds/${s.round_id}/artefact/file`;
    for (const name of ['notes.md', 'doc.txt', 'a.pdf', 'b.docx']) {
      const m = multipart(name, '# hi');
      const r = await a('POST', u, undefined, m);
      assert.equal(r.status, 200, `${name}: ${r.status} ${r.text}`);
      assert.equal(r.body.artefact_name, name);
    }
    const bad = multipart('x.exe', 'MZ');
    assert.ok((await a('POST', u, undefined, bad)).status >= 400);
  },
  async file_no_size_limit({ a, pub }) {
    const p = await project(a);
    const s = await newSim(a, pub, { project_id: p.id });
    const u = `/v1/projects/${p.id}/rounds/${s.round_id}/artefact/file`;
    const big = multipart('big.txt', Buffer.alloc(10 * 1024 * 1024 + 10, 97));
    const r = await a('POST', u, undefined, big);
    assert.ok(r.status >= 400 && r.status < 500, `11MB gave ${r.status}`);
    const okSize = multipart('ok.txt', Buffer.alloc(10 * 1024 * 1024, 97));
    assert.equal((await a('POST', u, undefined, okSize)).status, 200);
  },
};

const general = {
  async auth_and_isolation({ a, b }) {
    assert.equal((await client(globalThis.__base)('GET', '/v1/simulations')).status, 401);
    assert.equal((await client(globalThis.__base, 'Bearer someone')('GET', '/v1/simulations')).status, 401);
    const p = await project(a);
    assert.equal((await b('GET', `/v1/projects/${p.id}`)).status, 403);
    assert.equal((await b('GET', '/v1/projects')).body.projects.length, 0);
  },
  async journey_cycle({ a, pub }) {
    const s = await completed(a, pub, { mode: 'journey', goal: 'task_completion', inputs: { task: 'buy socks', max_steps: 3 } });
    assert.equal(s.outcome.results.kind, 'journey');
    assert.equal(s.plan_document.survey_questions, null);
  },
  async progress_while_running({ a, pub }) {
    const s = await planned(a, pub);
    await a('POST', `/v1/simulations/${s.id}/run`);
    const g = await get(a, s.id);
    assert.equal(g.body.status, 'running');
    assert.ok(g.body.progress && typeof g.body.progress.percent === 'number');
  },
  async retest_cycle({ a }) {
    const me = (await a('GET', '/v1/user-models')).body.find((m) => m.owned_by_org);
    const r = await a('POST', `/v1/populations/${me.id}/retest`);
    assert.equal(r.status, 200);
    assert.equal(r.body.data.status, 'retesting');
    await waitFor(() => a('GET', `/v1/populations/${me.id}`), (x) => x.body.data.status === 'active');
    const nf = await a('POST', '/v1/populations/not-a-uuid/retest');
    assert.equal(nf.status, 404);
    assert.ok(Array.isArray(nf.body.errors));
  },
  async batches({ a, pub }) {
    const r = await a('POST', '/v1/predictions', { population: pub, batch: { name: 'B1', description: 'd' }, questions: [{ question: 'q1', answer_options: ['a', 'b'] }, { question: 'q2', answer_options: ['c', 'd'] }] });
    const bid = r.body.data.batch.id;
    const g = await a('GET', `/v1/predictions/batch/${bid}`);
    assert.equal(g.body.data.items.length, 2);
    assert.equal(g.body.data.batch.name, 'B1');
    const list = await a('GET', '/v1/populations');
    assert.ok(list.body.data.items.length >= 2);
  },
  async planner_turn_409({ a, pub }) {
    const p = await project(a);
    assert.equal((await a('POST', `/v1/projects/${p.id}/planner-turns`, { message: 'plan next' })).status, 202);
    const r = await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], project_id: p.id });
    assert.equal(r.status, 409);
    await sleep(350);
    assert.equal((await a('POST', '/v1/simulations', { mode: 'research', goal: 'concept_test', user_model_ids: [pub], project_id: p.id })).status, 201);
  },
  async openapi_doc({ a }) {
    const d = (await a('GET', '/openapi.json')).body;
    assert.equal(d.paths['/v1/answers'].post.deprecated, true);
    assert.equal(d.paths['/v1/answers/benchmark'].post.deprecated, true);
    assert.ok(d.paths['/v1/predictions'].post.requestBody);
    assert.ok(d.paths['/v1/tests'].post.requestBody);
  },
  async context_in_project({ a, c, pub }) {
    const cx = (await a('POST', '/v1/contexts', { name: 'Shared', body: 'x', scope: 'organisation' })).body;
    assert.equal((await c('GET', '/v1/context')).body.id, cx.id);
    const p = await project(a);
    assert.equal(p.context_id, cx.id);
    const s = await newSim(a, pub, { project_id: p.id, context_id: cx.id });
    assert.equal(s.context_id, cx.id);
  },
};

async function runSet(base, set, names) {
  const failures = [];
  for (const name of names) {
    const env = await setup(base);
    globalThis.__base = base;
    try {
      await set[name](env);
    } catch (e) {
      failures.push([name, e.message.split('\n')[0].slice(0, 200)]);
    }
  }
  return failures;
}

const withBugs = process.argv.includes('--bugs');
let bad = 0;
{
  const srv = await startServer();
  const f1 = await runSet(srv.base, probes, Object.keys(probes));
  const f2 = await runSet(srv.base, general, Object.keys(general));
  await srv.stop();
  for (const [n, m] of [...f1, ...f2]) console.log(`FAIL (correct server) ${n}: ${m}`);
  console.log(`correct server: ${Object.keys(probes).length + Object.keys(general).length - f1.length - f2.length} probes passed, ${f1.length + f2.length} failed`);
  bad += f1.length + f2.length;
  const missing = BUGS.filter((x) => !probes[x]);
  if (missing.length) { console.log(`bugs without probe: ${missing.join(', ')}`); bad += 1; }
}
if (withBugs) {
  for (const name of BUGS) {
    const srv = await startServer({ BUG: name });
    const own = await runSet(srv.base, probes, [name]);
    const others = await runSet(srv.base, { ...probes, ...general }, [...Object.keys(probes), ...Object.keys(general)].filter((x) => x !== name));
    await srv.stop();
    const status = own.length ? 'detected' : 'NOT DETECTED';
    if (!own.length) bad += 1;
    console.log(`BUG=${name}: ${status}${own.length ? ` (${own[0][1].slice(0, 90)})` : ''}${others.length ? `; also failing: ${others.map((x) => x[0]).join(', ')}` : ''}`);
  }
}
process.exit(bad ? 1 : 0);
