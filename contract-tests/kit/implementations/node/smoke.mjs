// Smoke test: start the server, drive one simulation from create to completed, exit 0.
// Usage: node smoke.mjs            (extra env such as BUG=... is passed through)
import assert from 'node:assert/strict';
import { startServer, tokens, client, waitFor } from './lib/testkit.mjs';

const srv = await startServer(process.env.BUG ? { BUG: process.env.BUG } : {});
let code = 0;
try {
  const t = tokens();
  const a = client(srv.base, t.a);
  const health = await a('GET', '/healthz');
  assert.equal(health.status, 200);

  const models = await a('GET', '/v1/user-models');
  assert.equal(models.status, 200);
  const pub = models.body.find((m) => m.owned_by_org === false);
  assert.ok(pub, 'a public user model is visible');

  const goals = await a('GET', '/v1/simulation-schema?mode=research');
  assert.equal(goals.status, 200);
  const goal = goals.body[0].goal_id;

  const t0 = Date.now();
  const created = await a('POST', '/v1/simulations', {
    mode: 'research',
    goal,
    user_model_ids: [pub.id],
    survey_design: {
      stimulus: 'a reusable coffee cup',
      item_sets: [{ ask: 'How much do you like', items: ['the colour', 'the lid'] }],
      custom_questions: [{ question_text: 'Would you buy it?' }],
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.status, 'planning');
  const id = created.body.id;

  const planned = await waitFor(() => a('GET', `/v1/simulations/${id}`), (r) => r.body.status === 'planned');
  assert.equal(planned.body.plan_document.survey_questions.length, 3);
  assert.ok(planned.body.title, 'title set when planned');

  const run = await a('POST', `/v1/simulations/${id}/run`);
  assert.equal(run.status, 200);
  assert.equal(run.body.status, 'running');

  const done = await waitFor(() => a('GET', `/v1/simulations/${id}`), (r) => r.body.status === 'completed');
  assert.ok(done.body.outcome.report_markdown.length > 0);
  assert.equal(done.body.outcome.results.questions.length, 3);
  console.log(`smoke: simulation ${id} went planning -> planned -> running -> completed in ${Date.now() - t0} ms`);

  const del = await a('DELETE', `/v1/simulations/${id}`);
  assert.equal(del.status, 204);
  console.log('smoke: OK');
} catch (e) {
  console.error('smoke: FAILED', e);
  code = 1;
} finally {
  await srv.stop();
}
process.exit(code);
