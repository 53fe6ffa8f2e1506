// Goal catalogue and the (simple, deterministic) content the service produces:
// plans, simulation outcomes, round syntheses, predicted distributions.
import { createHash } from 'node:crypto';
import { bug } from './config.mjs';

// ---------------------------------------------------------------- randomness
export function rng(seed) {
  let counter = 0;
  return () => {
    const h = createHash('sha256').update(`${seed}#${counter++}`).digest();
    return h.readUInt32BE(0) / 2 ** 32;
  };
}

// a distribution over options (fractions rounded to 4 dp, summing to exactly 1)
export function distribution(seed, options) {
  const r = rng(seed);
  const w = options.map(() => 0.15 + r() * r() * 2);
  const total = w.reduce((a, b) => a + b, 0);
  const out = {};
  let acc = 0;
  options.forEach((o, i) => {
    if (i === options.length - 1) {
      out[o] = Math.round((1 - acc) * 10000) / 10000;
    } else {
      const v = Math.round((w[i] / total) * 10000) / 10000;
      out[o] = v;
      acc += v;
    }
  });
  return out;
}

// ---------------------------------------------------------------- goals
// Every input is optional and has a default; unknown input ids are rejected.
export const GOALS = {
  research: [
    {
      goal_id: 'concept_test',
      title: 'Concept test',
      summary: 'Measure appeal and intent to try for a product or feature concept.',
      fields: [
        { input_id: 'concept', kind: 'text', label: 'Concept described in a sentence or two', default: 'a new product' },
        { input_id: 'audience_note', kind: 'text', label: 'Anything respondents should know about themselves', default: '' },
      ],
    },
    {
      goal_id: 'message_test',
      title: 'Message test',
      summary: 'Check whether a marketing message is clear, believable and motivating.',
      fields: [
        { input_id: 'message', kind: 'text', label: 'The message, exactly as it would be shown', default: 'Save time every day.' },
        { input_id: 'channel', kind: 'choice', label: 'Where the message appears', choices: ['email', 'social', 'landing_page', 'print'], default: 'landing_page' },
      ],
    },
    {
      goal_id: 'pricing_probe',
      title: 'Pricing probe',
      summary: 'Find out which price points respondents would accept.',
      fields: [
        { input_id: 'product', kind: 'text', label: 'What is being priced', default: 'the product' },
        { input_id: 'price_points', kind: 'number_list', label: 'Prices to test (2 to 6)', min_items: 2, max_items: 6, default: [5, 10, 20] },
        { input_id: 'currency', kind: 'choice', label: 'Currency', choices: ['GBP', 'EUR', 'USD'], default: 'GBP' },
      ],
    },
    {
      goal_id: 'single_question',
      title: 'Single question',
      summary: 'Put one closed question of your own to the panel.',
      fields: [
        { input_id: 'question', kind: 'text', label: 'The question', default: 'Would you recommend us to a friend?' },
        { input_id: 'options', kind: 'text_list', label: 'Answer options (2 to 8)', min_items: 2, max_items: 8, default: ['Yes', 'No', 'Not sure'] },
      ],
    },
  ],
  journey: [
    {
      goal_id: 'task_completion',
      title: 'Task completion',
      summary: 'Simulated users try to complete a task starting from a page.',
      fields: [
        { input_id: 'start_url', kind: 'url', label: 'Page the journey starts on', default: 'https://example.com/' },
        { input_id: 'task', kind: 'text', label: 'What the user is trying to do', default: 'find the pricing page' },
        { input_id: 'max_steps', kind: 'integer', label: 'Most page actions allowed', min: 1, max: 30, default: 8 },
      ],
    },
    {
      goal_id: 'first_impression',
      title: 'First impression',
      summary: 'Simulated users look at a page briefly and report what they understood.',
      fields: [
        { input_id: 'start_url', kind: 'url', label: 'Page to look at', default: 'https://example.com/' },
        { input_id: 'seconds', kind: 'integer', label: 'Seconds of attention', min: 3, max: 60, default: 10 },
      ],
    },
  ],
};

export function findGoal(mode, goalId) {
  return (GOALS[mode] || []).find((g) => g.goal_id === goalId) || null;
}

export function goalSummary(mode, g) {
  return { goal_id: g.goal_id, title: g.title, summary: g.summary, mode, input_count: g.fields.length };
}

export function goalSchema(mode, g) {
  return {
    mode,
    goal_id: g.goal_id,
    title: g.title,
    summary: g.summary,
    fields: g.fields.map((f) => ({ required: false, ...f })),
  };
}

// validate the free-form inputs object against a goal; returns {values, problems}
export function checkInputs(goal, inputs, loc) {
  const problems = [];
  const values = {};
  const known = new Map(goal.fields.map((f) => [f.input_id, f]));
  for (const key of Object.keys(inputs)) {
    if (!known.has(key)) {
      problems.push({ loc: [...loc, key], msg: `goal '${goal.goal_id}' has no input '${key}' (see GET /v1/simulation-schema)`, type: 'bss.unknown_input' });
    }
  }
  for (const f of goal.fields) {
    if (!(f.input_id in inputs) || inputs[f.input_id] === null) continue;
    const v = inputs[f.input_id];
    const l = [...loc, f.input_id];
    const bad = (msg, type) => problems.push({ loc: l, msg, type });
    switch (f.kind) {
      case 'text':
        if (typeof v !== 'string') bad('expected a JSON string', 'bss.expected_string');
        else values[f.input_id] = v;
        break;
      case 'url':
        if (typeof v !== 'string' || !/^https?:\/\/\S+$/i.test(v)) bad('expected an http(s) URL', 'bss.bad_url');
        else values[f.input_id] = v;
        break;
      case 'integer':
        if (typeof v !== 'number' || !Number.isInteger(v)) bad('expected a whole number', 'bss.expected_integer');
        else if (v < f.min || v > f.max) bad(`must be between ${f.min} and ${f.max}`, 'bss.out_of_range');
        else values[f.input_id] = v;
        break;
      case 'choice':
        if (!f.choices.includes(v)) bad(`must be one of: ${f.choices.join(', ')}`, 'bss.not_in_enum');
        else values[f.input_id] = v;
        break;
      case 'number_list':
      case 'text_list': {
        const want = f.kind === 'number_list' ? 'number' : 'string';
        if (!Array.isArray(v) || v.some((x) => typeof x !== want)) bad(`expected an array of ${want}s`, 'bss.expected_array');
        else if (v.length < f.min_items || v.length > f.max_items) bad(`needs ${f.min_items} to ${f.max_items} entries`, 'bss.entry_count');
        else values[f.input_id] = v;
        break;
      }
      default:
        values[f.input_id] = v;
    }
  }
  return { values, problems };
}

export function inputValue(goal, inputs, id) {
  if (inputs && inputs[id] !== undefined && inputs[id] !== null && inputs[id] !== '') return inputs[id];
  const f = goal.fields.find((x) => x.input_id === id);
  return f ? f.default : undefined;
}

// ---------------------------------------------------------------- survey design
export const DEFAULT_ITEM_SCALE = ['Not at all', 'A little', 'Quite a lot', 'Very much'];
export const DEFAULT_CUSTOM_OPTIONS = ['Yes', 'No', 'Unsure'];
export const MAX_SURVEY_QUESTIONS = 24;

export function surveyQuestionCount(design) {
  const sets = design.item_sets || [];
  const custom = design.custom_questions || [];
  return sets.reduce((n, s) => n + s.items.length, 0) + custom.length;
}

export function questionsFromDesign(design) {
  const out = [];
  const stimulus = design.stimulus;
  (design.item_sets || []).forEach((set, si) => {
    const scale = set.scale && set.scale.length ? [...set.scale] : [...DEFAULT_ITEM_SCALE];
    set.items.forEach((item, ii) => {
      const withStimulus = stimulus != null && stimulus !== '' && !(bug('stimulus_first_only') && ii > 0);
      const text = withStimulus ? `Thinking about "${stimulus}": ${set.ask} - ${item}` : `${set.ask} - ${item}`;
      out.push({
        question_text: text,
        question_type: 'single_choice',
        answer_options: scale,
        insight: `Item ${ii + 1} of set ${si + 1} ("${set.ask}")`,
        variable_name: `set${si + 1}_item${ii + 1}`,
      });
    });
  });
  (design.custom_questions || []).forEach((q, qi) => {
    const text = bug('stimulus_in_custom') && stimulus ? `Thinking about "${stimulus}": ${q.question_text}` : q.question_text;
    out.push({
      question_text: text,
      question_type: 'single_choice',
      answer_options: q.answer_options ? [...q.answer_options] : [...DEFAULT_CUSTOM_OPTIONS],
      insight: null,
      variable_name: `custom${qi + 1}`,
    });
  });
  return out;
}

// ---------------------------------------------------------------- plans
function sq(text, options, variable, insight = null) {
  return { question_text: text, question_type: 'single_choice', answer_options: options, insight, variable_name: variable };
}

export function buildPlan(sim, goal, contextName) {
  const about = contextName ? ` for ${contextName}` : '';
  if (sim.mode === 'journey') {
    const url = inputValue(goal, sim.inputs, 'start_url');
    if (goal.goal_id === 'first_impression') {
      const seconds = inputValue(goal, sim.inputs, 'seconds');
      return {
        question_text: `What do visitors understand from ${url} within ${seconds} seconds?`,
        hypothesis_text: `Most visitors can say what the page offers${about} after a short look.`,
        survey_questions: null,
        journey_task: { start_url: url, instruction: `Look at the page for ${seconds} seconds, then describe what it offers.`, max_steps: 1, success_signal: 'visitor names the main offer' },
      };
    }
    const task = inputValue(goal, sim.inputs, 'task');
    const maxSteps = inputValue(goal, sim.inputs, 'max_steps');
    return {
      question_text: `Can visitors ${task} starting from ${url}?`,
      hypothesis_text: `At least two thirds of visitors manage to ${task} within ${maxSteps} steps${about}.`,
      survey_questions: null,
      journey_task: { start_url: url, instruction: task, max_steps: maxSteps, success_signal: `visitor reaches a page where they can ${task}` },
    };
  }
  if (sim.survey_design) {
    const qs = questionsFromDesign(sim.survey_design);
    const st = sim.survey_design.stimulus;
    return {
      question_text: st ? `How do people respond to "${st}"?` : `How do people answer ${qs.length} fixed question(s)?`,
      hypothesis_text: `Responses differ between items and between user models${about}.`,
      survey_questions: qs,
      journey_task: null,
    };
  }
  const v = (id) => inputValue(goal, sim.inputs, id);
  switch (goal.goal_id) {
    case 'concept_test': {
      const c = v('concept');
      return {
        question_text: `Does ${c} appeal to people?`,
        hypothesis_text: `Most respondents find ${c} at least quite appealing${about}.`,
        survey_questions: [
          sq(`How appealing is ${c} to you?`, ['Not at all appealing', 'Slightly appealing', 'Quite appealing', 'Very appealing'], 'appeal'),
          sq(`How likely would you be to try ${c}?`, ['Very unlikely', 'Unlikely', 'Likely', 'Very likely'], 'intent'),
          sq(`Which word best describes ${c}?`, ['Useful', 'Fun', 'Confusing', 'Unnecessary'], 'descriptor'),
        ],
        journey_task: null,
      };
    }
    case 'message_test': {
      const m = v('message');
      return {
        question_text: `Does the message "${m}" work on ${v('channel')}?`,
        hypothesis_text: `The message is clear and believable${about}.`,
        survey_questions: [
          sq(`How clear is this message: "${m}"?`, ['Very unclear', 'Unclear', 'Clear', 'Very clear'], 'clarity'),
          sq(`How believable is this message: "${m}"?`, ['Not believable', 'Somewhat believable', 'Very believable'], 'belief'),
          sq('Would this message make you want to find out more?', ['Yes', 'Maybe', 'No'], 'interest'),
        ],
        journey_task: null,
      };
    }
    case 'pricing_probe': {
      const p = v('product');
      const cur = v('currency');
      const prices = v('price_points');
      return {
        question_text: `Which price would people pay for ${p}?`,
        hypothesis_text: `Acceptance falls as the price rises${about}.`,
        survey_questions: [
          ...prices.map((x, i) => sq(`Would you buy ${p} for ${x} ${cur}?`, ['Definitely not', 'Probably not', 'Probably', 'Definitely'], `price_${i + 1}`)),
          sq(`Which price for ${p} feels fair?`, prices.map((x) => `${x} ${cur}`), 'fair_price'),
        ],
        journey_task: null,
      };
    }
    default: {
      const q = v('question');
      return {
        question_text: q,
        hypothesis_text: `Answers to "${q}" split clearly${about}.`,
        survey_questions: [sq(q, [...v('options')], 'answer')],
        journey_task: null,
      };
    }
  }
}

export function autoTitle(sim, goal, plan) {
  const subject = plan && plan.question_text ? plan.question_text : goal.title;
  const t = `${goal.title}: ${subject}`;
  return [...t].length > 120 ? `${[...t].slice(0, 117).join('')}...` : t;
}

export function progressTotal(sim) {
  const models = sim.user_model_ids.length;
  if (sim.mode === 'journey') return models * Math.max(1, (sim.plan && sim.plan.journey_task && Number(sim.plan.journey_task.max_steps)) || 5);
  const qs = (sim.plan && sim.plan.survey_questions) || [];
  return Math.max(1, qs.length * models);
}

// ---------------------------------------------------------------- outcomes
export function buildOutcome(sim, modelName) {
  const title = sim.title || 'Simulation';
  if (sim.mode === 'journey') {
    const task = (sim.plan && sim.plan.journey_task) || {};
    const segments = sim.user_model_ids.map((id) => {
      const r = rng(`${sim.id}/${id}`);
      const attempts = 40 + Math.floor(r() * 60);
      const completed = Math.floor(attempts * (0.35 + r() * 0.6));
      return {
        user_model_id: id,
        user_model_name: modelName(id),
        attempts,
        completed,
        success_rate: Math.round((completed / attempts) * 1000) / 1000,
        median_steps: 1 + Math.floor(r() * Math.max(1, Number(task.max_steps) || 5)),
        main_drop_off: ['navigation menu', 'search results', 'sign-up wall', 'cookie banner'][Math.floor(r() * 4)],
      };
    });
    const best = segments.reduce((a, b) => (b.success_rate > a.success_rate ? b : a));
    const md = [
      `# ${title}`,
      '',
      `Task: ${task.instruction || 'n/a'} (from ${task.start_url || 'n/a'})`,
      '',
      '| User model | Attempts | Completed | Success rate | Median steps | Main drop-off |',
      '|---|---|---|---|---|---|',
      ...segments.map((s) => `| ${s.user_model_name} | ${s.attempts} | ${s.completed} | ${(s.success_rate * 100).toFixed(1)}% | ${s.median_steps} | ${s.main_drop_off} |`),
      '',
    ].join('\n');
    return {
      synthesis: {
        headline: `${best.user_model_name} completed the task most often (${(best.success_rate * 100).toFixed(0)}%).`,
        key_points: segments.map((s) => `${s.user_model_name}: ${(s.success_rate * 100).toFixed(0)}% success, most lost at the ${s.main_drop_off}.`),
      },
      report_markdown: md,
      results: { kind: 'journey', segments },
    };
  }
  const qs = (sim.plan && sim.plan.survey_questions) || [];
  const questions = qs.map((q, qi) => {
    const options = q.answer_options && q.answer_options.length ? q.answer_options : ['Yes', 'No'];
    const segments = sim.user_model_ids.map((id) => ({
      user_model_id: id,
      user_model_name: modelName(id),
      respondents: 100,
      shares: distribution(`${sim.id}/${qi}/${id}/${q.question_text}`, options),
    }));
    const combined = {};
    for (const o of options) combined[o] = Math.round((segments.reduce((a, s) => a + s.shares[o], 0) / segments.length) * 10000) / 10000;
    return { position: qi + 1, question_text: q.question_text, question_type: q.question_type, answer_options: options, segments, combined };
  });
  const top = (c) => Object.entries(c).reduce((a, b) => (b[1] > a[1] ? b : a));
  const points = questions.map((q) => {
    const [o, v] = top(q.combined);
    return `"${q.question_text}": most common answer "${o}" (${(v * 100).toFixed(0)}%).`;
  });
  const md = [`# ${title}`, ''];
  for (const q of questions) {
    md.push(`## Q${q.position}. ${q.question_text}`, '', `| Answer | ${q.segments.map((s) => s.user_model_name).join(' | ')} |`, `|---|${q.segments.map(() => '---|').join('')}`);
    for (const o of q.answer_options) md.push(`| ${o} | ${q.segments.map((s) => `${(s.shares[o] * 100).toFixed(1)}%`).join(' | ')} |`);
    md.push('');
  }
  return {
    synthesis: { headline: points[0] || 'No questions were asked.', key_points: points },
    report_markdown: md.join('\n'),
    results: { kind: 'survey', questions },
  };
}

export function roundSynthesisMarkdown(round, sims) {
  if (!sims.length) return `# Round ${round.number}\n\nNo completed simulations to synthesise yet.\n`;
  const lines = [`# Round ${round.number} synthesis`, '', `Covers ${sims.length} completed simulation(s).`, ''];
  for (const s of sims) {
    lines.push(`## ${s.title || s.id}`, '', s.outcome ? s.outcome.synthesis.headline : '', '');
  }
  return lines.join('\n');
}
