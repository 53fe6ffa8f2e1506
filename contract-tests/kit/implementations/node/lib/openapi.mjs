// Hand-written OpenAPI 3.1 description of every operation this server answers.

const ref = (n) => ({ $ref: `#/components/schemas/${n}` });
const json = (description, schema) => ({ description, content: { 'application/json': { schema } } });
const nullable = (schema) => ({ anyOf: [schema, { type: 'null' }] });
const uuid = { type: 'string', format: 'uuid' };
const ts = { type: 'string', format: 'date-time' };
const ms = { type: 'integer', description: 'milliseconds since the Unix epoch' };
const strMap = (values) => ({ type: 'object', additionalProperties: values });

const AUTH_PARAM = {
  name: 'authorization',
  in: 'header',
  required: false,
  description: 'Caller credential: `Token org=<organisation>,user=<user>`. Any new pair names a new caller; requests to /v1 without a readable credential get 401.',
  schema: { type: 'string' },
};

const pathParam = (name, description, schema = uuid) => ({ name, in: 'path', required: true, description, schema });

const E = {
  400: json('The request is well-formed but cannot be carried out', ref('ErrorBody')),
  401: json('Missing or unreadable authorization header', ref('ErrorBody')),
  403: json('The resource exists but belongs to another caller or organisation', ref('ErrorBody')),
  404: json('No such resource', ref('ErrorBody')),
  409: json('Conflicts with the current state of the resource', ref('ErrorBody')),
  413: json('Body or uploaded file too large', ref('ErrorBody')),
  415: json('Unsupported file type', ref('ErrorBody')),
  422: json('Validation error', ref('HTTPValidationError')),
};
const EE = {
  401: json('Missing or unreadable authorization header', ref('EnvelopeError')),
  403: json('Belongs to another organisation', ref('EnvelopeError')),
  404: json('Not found', ref('EnvelopeError')),
  409: json('Conflict', ref('EnvelopeError')),
  422: json('Validation error (validation body plus envelope fields)', ref('EnvelopeValidationError')),
};
const pick = (src, codes) => Object.fromEntries(codes.map((c) => [String(c), src[c]]));

function op(o) {
  const out = {
    operationId: o.id,
    summary: o.summary,
    tags: o.tags,
    parameters: [...(o.params || []), ...(o.auth === false ? [] : [AUTH_PARAM])],
    responses: { ...o.responses, ...(o.errors || {}) },
  };
  if (o.description) out.description = o.description;
  if (o.body) out.requestBody = o.body;
  if (o.deprecated) out.deprecated = true;
  if (o.auth === false) out.security = [];
  return out;
}

const body = (schemaName, required = true) => ({ required, content: { 'application/json': { schema: ref(schemaName) } } });

const schemas = {
  ValidationProblem: {
    type: 'object',
    required: ['loc', 'msg', 'type'],
    properties: {
      loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, description: 'path to the offending value, starting with body, query or path' },
      msg: { type: 'string' },
      type: { type: 'string', description: 'problem kind, e.g. bss.missing, bss.too_short, bss.unknown_property, bss.bad_uuid' },
    },
  },
  HTTPValidationError: { type: 'object', required: ['detail'], properties: { detail: { type: 'array', items: ref('ValidationProblem') } } },
  ErrorBody: {
    type: 'object',
    required: ['error'],
    properties: { error: ref('ErrorObject') },
  },
  ErrorObject: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
  EnvelopeError: {
    type: 'object',
    required: ['data', 'errors'],
    properties: { data: { type: 'null' }, errors: { type: 'array', items: ref('ErrorObject') } },
  },
  EnvelopeValidationError: {
    type: 'object',
    required: ['detail', 'data', 'errors'],
    properties: { detail: { type: 'array', items: ref('ValidationProblem') }, data: { type: 'null' }, errors: { type: 'array', items: ref('ErrorObject') } },
  },

  UserModel: {
    type: 'object',
    required: ['id', 'owned_by_org', 'display_name', 'accuracy_pct', 'meta'],
    properties: {
      id: uuid,
      owned_by_org: { type: 'boolean', description: "true for the caller's organisation's models, false for public ones" },
      display_name: { type: 'string' },
      accuracy_pct: { type: 'number', description: 'average accuracy in percent (0 to 100)' },
      meta: {
        type: 'object',
        properties: {
          summary: { type: 'string' },
          simulacrum_count: { type: 'integer' },
          data_source: { type: 'string' },
          effective_date: { type: 'string', format: 'date' },
          state: { type: 'string', enum: ['active', 'retesting'] },
        },
      },
    },
  },
  CreateUserModelBody: {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, description: nullable({ type: 'string', maxLength: 2000 }) },
  },
  GoalSummary: {
    type: 'object',
    required: ['goal_id', 'title', 'summary', 'mode', 'input_count'],
    properties: { goal_id: { type: 'string' }, title: { type: 'string' }, summary: { type: 'string' }, mode: { type: 'string', enum: ['research', 'journey'] }, input_count: { type: 'integer' } },
  },
  GoalInputField: {
    type: 'object',
    required: ['input_id', 'kind', 'label', 'required'],
    properties: {
      input_id: { type: 'string' },
      kind: { type: 'string', enum: ['text', 'url', 'integer', 'choice', 'number_list', 'text_list'] },
      label: { type: 'string' },
      required: { type: 'boolean' },
      default: {},
      choices: { type: 'array', items: { type: 'string' } },
      min: { type: 'integer' },
      max: { type: 'integer' },
      min_items: { type: 'integer' },
      max_items: { type: 'integer' },
    },
  },
  GoalSchema: {
    type: 'object',
    required: ['mode', 'goal_id', 'title', 'summary', 'fields'],
    properties: { mode: { type: 'string' }, goal_id: { type: 'string' }, title: { type: 'string' }, summary: { type: 'string' }, fields: { type: 'array', items: ref('GoalInputField') } },
  },

  ItemSet: {
    type: 'object',
    additionalProperties: false,
    required: ['ask', 'items'],
    properties: {
      ask: { type: 'string', minLength: 1 },
      items: { type: 'array', minItems: 2, items: { type: 'string', minLength: 1 } },
      scale: nullable({ type: 'array', minItems: 2, maxItems: 7, items: { type: 'string', minLength: 1 } }),
    },
  },
  CustomQuestion: {
    type: 'object',
    additionalProperties: false,
    required: ['question_text'],
    properties: {
      question_text: { type: 'string', minLength: 1 },
      answer_options: nullable({ type: 'array', minItems: 2, maxItems: 10, items: { type: 'string', minLength: 1 } }),
    },
  },
  SurveyDesign: {
    type: 'object',
    additionalProperties: false,
    description: 'Research mode only. At most 24 questions (one per item plus one per custom question).',
    properties: {
      stimulus: nullable({ type: 'string' }),
      item_sets: nullable({ type: 'array', items: ref('ItemSet') }),
      custom_questions: nullable({ type: 'array', items: ref('CustomQuestion') }),
    },
  },
  CreateSimulationBody: {
    type: 'object',
    additionalProperties: false,
    required: ['mode', 'goal', 'user_model_ids'],
    properties: {
      mode: { type: 'string', enum: ['research', 'journey'] },
      goal: { type: 'string', description: 'goal_id from GET /v1/simulation-schema?mode=...' },
      inputs: nullable({ type: 'object', additionalProperties: true, description: "keyed by the goal's input ids; all inputs are optional; unknown ids are rejected" }),
      user_model_ids: { type: 'array', minItems: 1, items: uuid },
      title: nullable({ type: 'string', minLength: 1, maxLength: 200 }),
      project_id: nullable(uuid),
      round_id: nullable(uuid),
      context_id: nullable(uuid),
      survey_design: nullable(ref('SurveyDesign')),
    },
  },
  SurveyQuestionIn: {
    type: 'object',
    required: ['question_text'],
    properties: {
      question_text: { type: 'string' },
      question_type: { type: 'string', default: 'single_choice' },
      answer_options: nullable({ type: 'array', items: { type: 'string' } }),
      insight: nullable({ type: 'string' }),
      variable_name: nullable({ type: 'string' }),
    },
  },
  Plan: {
    type: 'object',
    properties: {
      question_text: nullable({ type: 'string' }),
      hypothesis_text: nullable({ type: 'string' }),
      survey_questions: nullable({ type: 'array', items: ref('SurveyQuestionIn') }),
      journey_task: nullable({ type: 'object', additionalProperties: true }),
    },
  },
  Progress: {
    type: 'object',
    required: ['done', 'of', 'percent'],
    properties: { done: { type: 'integer' }, of: { type: 'integer' }, percent: { type: 'integer', minimum: 0, maximum: 100 } },
  },
  Outcome: {
    type: 'object',
    required: ['synthesis', 'report_markdown', 'results'],
    properties: {
      synthesis: { type: 'object', properties: { headline: { type: 'string' }, key_points: { type: 'array', items: { type: 'string' } } } },
      report_markdown: { type: 'string' },
      results: { type: 'object', additionalProperties: true, description: 'kind "survey": questions with per-user-model answer shares; kind "journey": per-user-model success rates' },
    },
  },
  SimulationSummary: {
    type: 'object',
    required: ['id', 'mode', 'goal', 'inputs', 'user_model_ids', 'title', 'project_id', 'round_id', 'status'],
    properties: {
      id: uuid,
      mode: { type: 'string', enum: ['research', 'journey'] },
      goal: { type: 'string' },
      inputs: { type: 'object', additionalProperties: true },
      user_model_ids: { type: 'array', items: uuid },
      title: nullable({ type: 'string' }),
      project_id: nullable(uuid),
      round_id: nullable(uuid),
      status: { type: 'string', enum: ['planning', 'planned', 'running', 'completed'] },
      context_id: nullable(uuid),
      fixed_questions: { type: 'boolean' },
      shared: { type: 'boolean' },
      created_ms: ms,
      updated_ms: ms,
      progress: ref('Progress'),
    },
  },
  Simulation: {
    allOf: [
      ref('SimulationSummary'),
      {
        type: 'object',
        properties: {
          survey_design: nullable(ref('SurveyDesign')),
          plan_document: nullable(ref('Plan')),
          outcome: ref('Outcome'),
        },
      },
    ],
  },
  SimulationList: {
    type: 'object',
    required: ['simulations', 'limit', 'has_more'],
    properties: { simulations: { type: 'array', items: ref('SimulationSummary') }, limit: { type: 'integer' }, has_more: { type: 'boolean' } },
  },
  MoveSimulationBody: { type: 'object', required: ['project_id'], properties: { project_id: uuid } },
  RenameSimulationBody: { type: 'object', required: ['title'], properties: { title: { type: 'string', minLength: 1, maxLength: 200 } } },
  ShareResult: { type: 'object', required: ['simulation_id', 'public', 'url'], properties: { simulation_id: uuid, public: { type: 'boolean' }, url: { type: 'string', format: 'uri' } } },

  RoundSynthesis: {
    type: 'object',
    properties: { markdown: { type: 'string' }, covered_simulation_ids: { type: 'array', items: uuid }, generated_ms: nullable(ms) },
  },
  Round: {
    type: 'object',
    required: ['id', 'project_id', 'number', 'title', 'artefact_name', 'artefact_type', 'simulations', 'synthesis', 'synthesis_status', 'synthesis_stale'],
    properties: {
      id: uuid,
      project_id: uuid,
      number: { type: 'integer', minimum: 1 },
      title: { type: 'string' },
      title_source: { type: 'string', enum: ['caller', 'automatic'] },
      artefact_name: nullable({ type: 'string' }),
      artefact_type: nullable({ type: 'string', enum: ['pasted_text', 'web_page', 'pdf', 'docx', 'md', 'txt'] }),
      artefact: nullable({ type: 'object', additionalProperties: true }),
      simulations: {
        type: 'array',
        items: { type: 'object', properties: { id: uuid, title: nullable({ type: 'string' }), status: { type: 'string' }, mode: { type: 'string' }, goal: { type: 'string' } } },
      },
      synthesis: ref('RoundSynthesis'),
      synthesis_status: { type: 'string', enum: ['generating', 'completed', 'failed'] },
      synthesis_error: { type: 'string', description: 'present only when synthesis_status is failed' },
      synthesis_stale: { type: 'boolean' },
      created_ms: ms,
    },
  },
  Project: {
    type: 'object',
    required: ['id', 'name', 'context_id'],
    properties: {
      id: uuid,
      name: { type: 'string' },
      context_id: nullable(uuid),
      owner_user: { type: 'string' },
      round_count: { type: 'integer' },
      created_ms: ms,
      last_active_ms: ms,
      rounds: { type: 'array', items: ref('Round') },
    },
  },
  ProjectList: { type: 'object', required: ['projects'], properties: { projects: { type: 'array', items: ref('Project') } } },
  CreateProjectBody: {
    type: 'object',
    properties: { name: nullable({ type: 'string', minLength: 1, maxLength: 200, default: 'New project' }), context_id: nullable(uuid) },
  },
  RenameProjectBody: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 200 } } },
  CreateRoundBody: { type: 'object', properties: { title: nullable({ type: 'string', minLength: 1, maxLength: 200 }) } },
  RenameRoundBody: { type: 'object', required: ['title'], properties: { title: { type: 'string', minLength: 1, maxLength: 200 } } },
  ArtefactBody: {
    type: 'object',
    description: 'Either text (with an optional name) or url, not both.',
    properties: { name: nullable({ type: 'string', maxLength: 200 }), text: nullable({ type: 'string' }), url: nullable({ type: 'string' }) },
  },
  ArtefactFileForm: {
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', format: 'binary', description: 'pdf, docx, md or txt; 10 MB (10485760 bytes) maximum' } },
  },
  PlannerTurnBody: { type: 'object', required: ['message'], properties: { message: { type: 'string', minLength: 1, maxLength: 4000 } } },
  PlannerTurnResult: { type: 'object', properties: { project_id: uuid, busy_until_ms: ms, reply: { type: 'string' } } },

  Context: {
    type: 'object',
    required: ['id', 'name', 'body', 'scope'],
    properties: {
      id: uuid,
      name: { type: 'string' },
      body: { type: 'string' },
      scope: { type: 'string', enum: ['personal', 'organisation'] },
      yours: { type: 'boolean' },
      created_ms: ms,
      updated_ms: ms,
    },
  },
  DefaultContext: {
    oneOf: [
      { allOf: [ref('Context'), { type: 'object', properties: { source: { type: 'string', enum: ['own', 'organisation'] } } }] },
      { type: 'object', required: ['has_context'], properties: { has_context: { const: false }, reason: { type: 'string' } } },
    ],
  },
  ContextSummary: {
    type: 'object',
    properties: { id: uuid, name: { type: 'string' }, excerpt: { type: 'string' }, scope: { type: 'string' }, yours: { type: 'boolean' }, created_ms: ms, updated_ms: ms },
  },
  ContextList: { type: 'object', required: ['contexts'], properties: { contexts: { type: 'array', items: ref('ContextSummary') } } },
  CreateContextBody: {
    type: 'object',
    required: ['name', 'body'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 200 },
      body: { type: 'string', description: 'markdown' },
      scope: { type: 'string', enum: ['personal', 'organisation'], default: 'personal', description: 'organisation shares the context with every caller of the organisation' },
    },
  },
  UpdateContextBody: {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, body: { type: 'string' }, scope: { type: 'string', enum: ['personal', 'organisation'] } },
  },

  Answer: {
    type: 'object',
    properties: {
      id: uuid,
      created_at: ts,
      population: uuid,
      population_name: { type: 'string' },
      status: { type: 'string', enum: ['predicted', 'scored'] },
      question: { type: 'string' },
      accuracy: nullable({ type: 'number', description: 'percent, 0 to 100 (100 = identical distributions)' }),
      squared_error: nullable({ type: 'number' }),
      root_mean_squared_error: nullable({ type: 'number' }),
      simulated_answer_percentages: { ...strMap({ type: 'number' }), deprecated: true, description: 'deprecated name of predicted_answer_percentages' },
      predicted_answer_percentages: { ...strMap({ type: 'number' }), description: 'fractions summing to 1' },
      information_loss: nullable({ type: 'number', description: 'KL divergence of ground truth from prediction, in nats' }),
      normalised_information_loss: nullable({ type: 'number' }),
      batch: uuid,
      prediction_started_at: ts,
      prediction_finished_at: ts,
      test_started_at: nullable(ts),
      test_finished_at: nullable(ts),
      ground_answer_counts: nullable(strMap({ type: 'integer' })),
      ground_answer_percentages: nullable(strMap({ type: 'number' })),
      simulation_engine: { type: 'string' },
      public: { type: 'boolean' },
      answer_options: { type: 'array', items: { type: 'string' } },
      question_options: { type: 'object', properties: { question_type: { type: 'string' } } },
    },
  },
  Prediction: {
    type: 'object',
    properties: {
      id: uuid,
      created_at: ts,
      population: uuid,
      population_name: { type: 'string' },
      status: { type: 'string', enum: ['predicted', 'scored'] },
      question: { type: 'string' },
      simulated_answer_percentages: { ...strMap({ type: 'number' }), deprecated: true },
      predicted_answer_percentages: strMap({ type: 'number' }),
      batch: uuid,
      prediction_started_at: ts,
      prediction_finished_at: ts,
      simulation_engine: { type: 'string' },
      public: { type: 'boolean' },
      answer_options: { type: 'array', items: { type: 'string' } },
      question_options: { type: 'object', properties: { question_type: { type: 'string' } } },
    },
  },
  Population: {
    type: 'object',
    properties: {
      id: uuid,
      created_at: ts,
      name: { type: 'string' },
      public: { type: 'boolean' },
      question_count: { type: 'integer' },
      simulacrum_count: { type: 'integer' },
      status: { type: 'string', enum: ['active', 'retesting'] },
      average_accuracy: { type: 'number', description: 'percent, 0 to 100' },
      average_squared_error: { type: 'number' },
      average_normalised_information_loss: { type: 'number' },
      data_source: { type: 'string' },
      description: { type: 'string' },
      effective_date: { type: 'string', format: 'date' },
      reality_target: { type: 'string' },
      simulation_engine: { type: 'string' },
      test_started_at: ts,
      test_finished_at: ts,
      upload_filename: { type: 'string' },
    },
  },
  Batch: {
    type: 'object',
    properties: { id: uuid, name: { type: 'string' }, description: { type: 'string' }, kind: { type: 'string', enum: ['prediction', 'test'] }, created_at: ts, size: { type: 'integer' } },
  },
  PredictionQuestion: {
    type: 'object',
    additionalProperties: false,
    required: ['question', 'answer_options'],
    properties: {
      question: { type: 'string', minLength: 1, maxLength: 2000 },
      answer_options: { type: 'array', minItems: 2, maxItems: 20, items: { type: 'string', minLength: 1 } },
      question_type: { type: 'string', enum: ['single-choice', 'multiple-choice'], default: 'single-choice' },
    },
  },
  TestQuestion: {
    type: 'object',
    additionalProperties: false,
    required: ['question', 'answer_options', 'observed_counts'],
    properties: {
      question: { type: 'string', minLength: 1, maxLength: 2000 },
      answer_options: { type: 'array', minItems: 2, maxItems: 20, items: { type: 'string', minLength: 1 } },
      question_type: { type: 'string', enum: ['single-choice', 'multiple-choice'], default: 'single-choice' },
      observed_counts: { ...strMap({ type: 'integer', minimum: 0 }), description: 'real answer counts keyed by answer option; options left out count 0' },
    },
  },
  NewBatch: {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, description: { type: 'string', maxLength: 2000, default: '' } },
  },
  CreatePredictionsBody: {
    type: 'object',
    additionalProperties: false,
    required: ['population', 'questions'],
    properties: {
      population: uuid,
      questions: { type: 'array', minItems: 1, maxItems: 50, items: ref('PredictionQuestion') },
      batch: nullable(ref('NewBatch')),
      batch_id: nullable({ ...uuid, description: 'add to an existing prediction batch instead of creating one' }),
      public: { type: 'boolean', default: false },
    },
  },
  CreateTestsBody: {
    type: 'object',
    additionalProperties: false,
    required: ['population', 'questions'],
    properties: {
      population: uuid,
      questions: { type: 'array', minItems: 1, maxItems: 50, items: ref('TestQuestion') },
      batch: nullable(ref('NewBatch')),
      batch_id: nullable(uuid),
      public: { type: 'boolean', default: false },
    },
  },
};

const envelope = (name, dataSchema) => {
  schemas[name] = { type: 'object', required: ['data', 'errors'], properties: { data: dataSchema, errors: nullable({ type: 'array', items: ref('ErrorObject') }) } };
  return ref(name);
};
const AnswerEnvelope = envelope('AnswerEnvelope', ref('Answer'));
const PredictionEnvelope = envelope('PredictionEnvelope', ref('Prediction'));
const PopulationEnvelope = envelope('PopulationEnvelope', ref('Population'));
const PopulationListEnvelope = envelope('PopulationListEnvelope', { type: 'object', properties: { items: { type: 'array', items: ref('Population') }, count: { type: 'integer' } } });
const PredictionBatchEnvelope = envelope('PredictionBatchEnvelope', { type: 'object', properties: { batch: ref('Batch'), items: { type: 'array', items: ref('Prediction') } } });
const TestBatchEnvelope = envelope('TestBatchEnvelope', { type: 'object', properties: { batch: ref('Batch'), items: { type: 'array', items: ref('Answer') } } });

const simId = pathParam('simulation_id', 'simulation uuid');
const projectId = pathParam('project_id', 'project uuid');
const roundId = pathParam('round_id', 'round uuid');

function createPredictions(id, deprecated) {
  return op({
    id,
    summary: deprecated ? 'Create predictions (deprecated name of POST /v1/predictions)' : 'Predict answer distributions for one or more questions',
    tags: ['predictions'],
    deprecated,
    body: body('CreatePredictionsBody'),
    responses: { 201: json('Batch created with its predictions', PredictionBatchEnvelope) },
    errors: pick(EE, [401, 422]),
  });
}
function createTests(id, deprecated) {
  return op({
    id,
    summary: deprecated ? 'Benchmark predictions (deprecated name of POST /v1/tests)' : 'Predict and score against observed answer counts',
    tags: ['tests'],
    deprecated,
    body: body('CreateTestsBody'),
    responses: { 201: json('Batch created with its scored answers', TestBatchEnvelope) },
    errors: pick(EE, [401, 422]),
  });
}

const paths = {
  '/healthz': { get: op({ id: 'health', summary: 'Liveness probe', tags: ['meta'], auth: false, responses: { 200: json('Server is up', { type: 'object' }) } }) },
  '/openapi.json': { get: op({ id: 'openapi', summary: 'This document', tags: ['meta'], auth: false, responses: { 200: json('OpenAPI document', { type: 'object' }) } }) },
  '/shared/{share_slug}': {
    get: op({
      id: 'viewSharedSimulation',
      summary: 'Public view of a shared simulation (no credential needed)',
      tags: ['simulations'],
      auth: false,
      params: [pathParam('share_slug', 'slug from the share URL', { type: 'string' })],
      responses: { 200: json('The simulation', ref('Simulation')) },
      errors: pick(E, [404]),
    }),
  },
  '/v1/user-models': {
    get: op({ id: 'listUserModels', summary: "User models visible to the caller (own organisation's first, then public)", tags: ['user models'], responses: { 200: json('List', { type: 'array', items: ref('UserModel') }) }, errors: pick(E, [401]) }),
    post: op({ id: 'createUserModel', summary: "Add a user model owned by the caller's organisation", tags: ['user models'], body: body('CreateUserModelBody'), responses: { 201: json('Created', ref('UserModel')) }, errors: pick(E, [401, 422]) }),
  },
  '/v1/simulation-schema': {
    get: op({
      id: 'simulationSchema',
      summary: 'Goals of a mode, or the input schema of one goal',
      tags: ['simulations'],
      params: [
        { name: 'mode', in: 'query', required: true, schema: { type: 'string', enum: ['research', 'journey'] } },
        { name: 'goal', in: 'query', required: false, schema: { type: 'string' } },
      ],
      responses: { 200: json('Goal list (no goal) or goal schema (with goal)', { oneOf: [{ type: 'array', items: ref('GoalSummary') }, ref('GoalSchema')] }) },
      errors: pick(E, [401, 404, 422]),
    }),
  },
  '/v1/simulations': {
    get: op({
      id: 'listSimulations',
      summary: "The caller's simulations, newest first",
      tags: ['simulations'],
      params: [
        { name: 'status_filter', in: 'query', required: false, description: 'one status or several separated by commas', schema: { type: 'string' } },
        { name: 'limit', in: 'query', required: false, description: 'page size; values above 50 are treated as 50', schema: { type: 'integer', minimum: 1, default: 20 } },
        { name: 'project_id', in: 'query', required: false, schema: uuid },
      ],
      responses: { 200: json('Page of simulations', ref('SimulationList')) },
      errors: pick(E, [401, 422]),
    }),
    post: op({
      id: 'createSimulation',
      summary: 'Create a simulation; planning starts in the background',
      tags: ['simulations'],
      body: body('CreateSimulationBody'),
      responses: { 201: json('The new simulation, status planning', ref('Simulation')) },
      errors: pick(E, [400, 401, 403, 404, 409, 422]),
    }),
  },
  '/v1/simulations/{simulation_id}': {
    get: op({ id: 'getSimulation', summary: 'One simulation', tags: ['simulations'], params: [simId], responses: { 200: json('The simulation', ref('Simulation')) }, errors: pick(E, [401, 403, 404, 422]) }),
    patch: op({ id: 'moveSimulation', summary: "Move a simulation (that has no project yet) into a project's latest round", tags: ['simulations'], params: [simId], body: body('MoveSimulationBody'), responses: { 200: json('The moved simulation', ref('Simulation')) }, errors: pick(E, [401, 403, 404, 409, 422]) }),
    delete: op({ id: 'deleteSimulation', summary: 'Delete a simulation with its plan and results', tags: ['simulations'], params: [simId], responses: { 204: { description: 'Deleted, no body' } }, errors: pick(E, [401, 403, 404, 409, 422]) }),
  },
  '/v1/simulations/{simulation_id}/title': {
    put: op({ id: 'renameSimulation', summary: 'Rename a simulation', tags: ['simulations'], params: [simId], body: body('RenameSimulationBody'), responses: { 200: json('The simulation', ref('Simulation')) }, errors: pick(E, [401, 403, 404, 422]) }),
  },
  '/v1/simulations/{simulation_id}/plan': {
    patch: op({ id: 'editPlan', summary: 'Replace the given plan fields (simulation must be planned)', tags: ['simulations'], params: [simId], body: body('Plan'), responses: { 200: json('The whole plan after the edit', ref('Plan')) }, errors: pick(E, [400, 401, 403, 404, 422]) }),
  },
  '/v1/simulations/{simulation_id}/run': {
    post: op({ id: 'runSimulation', summary: 'Run a planned simulation', tags: ['simulations'], params: [simId], responses: { 200: json('The simulation, now running', ref('Simulation')) }, errors: pick(E, [400, 401, 403, 404, 422]) }),
  },
  '/v1/simulations/{simulation_id}/share': {
    post: op({ id: 'shareSimulation', summary: 'Make the simulation publicly viewable', tags: ['simulations'], params: [simId], responses: { 200: json('Shareable URL', ref('ShareResult')) }, errors: pick(E, [401, 403, 404, 422]) }),
  },
  '/v1/projects': {
    get: op({ id: 'listProjects', summary: "The caller's projects, most recently active first", tags: ['projects'], responses: { 200: json('Projects', ref('ProjectList')) }, errors: pick(E, [401]) }),
    post: op({ id: 'createProject', summary: 'Create a project (no rounds yet)', tags: ['projects'], body: body('CreateProjectBody', false), responses: { 201: json('The project', ref('Project')) }, errors: pick(E, [401, 403, 404, 422]) }),
  },
  '/v1/projects/{project_id}': {
    get: op({ id: 'getProject', summary: 'A project with its rounds', tags: ['projects'], params: [projectId], responses: { 200: json('The project', ref('Project')) }, errors: pick(E, [401, 403, 404, 422]) }),
    patch: op({ id: 'renameProject', summary: 'Rename a project you own', tags: ['projects'], params: [projectId], body: body('RenameProjectBody'), responses: { 200: json('The project', ref('Project')) }, errors: pick(E, [401, 403, 404, 422]) }),
  },
  '/v1/projects/{project_id}/rounds': {
    post: op({ id: 'startRound', summary: 'Start a new round (refused with 400 while the latest round has no simulations)', tags: ['projects'], params: [projectId], body: body('CreateRoundBody', false), responses: { 201: json('The new round', ref('Round')) }, errors: pick(E, [400, 401, 403, 404, 422]) }),
  },
  '/v1/projects/{project_id}/rounds/{round_id}': {
    patch: op({ id: 'renameRound', summary: 'Set a round title', tags: ['projects'], params: [projectId, roundId], body: body('RenameRoundBody'), responses: { 200: json('The round', ref('Round')) }, errors: pick(E, [401, 403, 404, 422]) }),
  },
  '/v1/projects/{project_id}/rounds/{round_id}/artefact': {
    post: op({ id: 'attachArtefact', summary: 'Attach pasted text or a URL as the round artefact (replaces any existing one)', tags: ['projects'], params: [projectId, roundId], body: body('ArtefactBody'), responses: { 200: json('The round', ref('Round')) }, errors: pick(E, [400, 401, 403, 404, 422]) }),
  },
  '/v1/projects/{project_id}/rounds/{round_id}/artefact/file': {
    post: op({
      id: 'attachArtefactFile',
      summary: 'Upload a document as the round artefact (replaces any existing one)',
      tags: ['projects'],
      params: [projectId, roundId],
      body: { required: true, content: { 'multipart/form-data': { schema: ref('ArtefactFileForm') } } },
      responses: { 200: json('The round', ref('Round')) },
      errors: pick(E, [400, 401, 403, 404, 413, 415, 422]),
    }),
  },
  '/v1/projects/{project_id}/rounds/{round_id}/synthesis': {
    post: op({ id: 'regenerateSynthesis', summary: 'Regenerate the round synthesis in the background', tags: ['projects'], params: [projectId, roundId], responses: { 200: json('The round, synthesis_status generating', ref('Round')) }, errors: pick(E, [401, 403, 404, 422]) }),
  },
  '/v1/projects/{project_id}/planner-turns': {
    post: op({ id: 'plannerTurn', summary: 'Give the in-app planner a turn on the project (blocks simulation creation in it meanwhile)', tags: ['projects'], params: [projectId], body: body('PlannerTurnBody'), responses: { 202: json('Turn started', ref('PlannerTurnResult')) }, errors: pick(E, [401, 403, 404, 409, 422]) }),
  },
  '/v1/context': {
    get: op({ id: 'getDefaultContext', summary: "Default context: the caller's most recently updated, else the organisation's most recently updated shared one", tags: ['contexts'], responses: { 200: json('Context, or {has_context: false}', ref('DefaultContext')) }, errors: pick(E, [401]) }),
  },
  '/v1/contexts': {
    get: op({ id: 'listContexts', summary: "Contexts the caller can plan against (own, and the organisation's shared ones), most recently updated first", tags: ['contexts'], responses: { 200: json('Contexts', ref('ContextList')) }, errors: pick(E, [401]) }),
    post: op({ id: 'createContext', summary: 'Create a context', tags: ['contexts'], body: body('CreateContextBody'), responses: { 201: json('The context', ref('Context')) }, errors: pick(E, [401, 422]) }),
  },
  '/v1/contexts/{context_id}': {
    get: op({ id: 'getContext', summary: 'One context with its full text', tags: ['contexts'], params: [pathParam('context_id', 'context uuid')], responses: { 200: json('The context', ref('Context')) }, errors: pick(E, [401, 403, 404, 422]) }),
    patch: op({ id: 'updateContext', summary: 'Change a context you created', tags: ['contexts'], params: [pathParam('context_id', 'context uuid')], body: body('UpdateContextBody'), responses: { 200: json('The context', ref('Context')) }, errors: pick(E, [401, 403, 404, 422]) }),
  },
  '/v1/answers/{answer_id}': {
    get: op({ id: 'getAnswer', summary: 'One answer', tags: ['answers'], params: [pathParam('answer_id', 'answer uuid')], responses: { 200: json('Envelope with the answer', AnswerEnvelope) }, errors: pick(EE, [401, 403, 404, 422]) }),
  },
  '/v1/predictions/{prediction_id}': {
    get: op({ id: 'getPrediction', summary: 'One prediction', tags: ['predictions'], params: [pathParam('prediction_id', 'prediction uuid')], responses: { 200: json('Envelope with the prediction', PredictionEnvelope) }, errors: pick(EE, [401, 403, 404, 422]) }),
  },
  '/v1/predictions': { post: createPredictions('createPredictions', false) },
  '/v1/tests': { post: createTests('createTests', false) },
  '/v1/answers': { post: createPredictions('createAnswersDeprecated', true) },
  '/v1/answers/benchmark': { post: createTests('benchmarkAnswersDeprecated', true) },
  '/v1/predictions/batch/{batch_id}': {
    get: op({ id: 'getPredictionBatch', summary: 'A prediction batch with its predictions', tags: ['predictions'], params: [pathParam('batch_id', 'batch uuid')], responses: { 200: json('Envelope with the batch', PredictionBatchEnvelope) }, errors: pick(EE, [401, 403, 404, 422]) }),
  },
  '/v1/tests/batch/{batch_id}': {
    get: op({ id: 'getTestBatch', summary: 'A test batch with its scored answers', tags: ['tests'], params: [pathParam('batch_id', 'batch uuid')], responses: { 200: json('Envelope with the batch', TestBatchEnvelope) }, errors: pick(EE, [401, 403, 404, 422]) }),
  },
  '/v1/populations': {
    get: op({ id: 'listPopulations', summary: 'Population models visible to the caller', tags: ['populations'], responses: { 200: json('Envelope with the list', PopulationListEnvelope) }, errors: pick(EE, [401]) }),
  },
  '/v1/populations/{population_id}': {
    get: op({ id: 'getPopulation', summary: 'One population', tags: ['populations'], params: [pathParam('population_id', 'population uuid')], responses: { 200: json('Envelope with the population', PopulationEnvelope) }, errors: pick(EE, [401, 403, 404, 422]) }),
  },
  '/v1/populations/{population_id}/retest': {
    post: op({ id: 'retestPopulation', summary: 'Retest a population in the background', tags: ['populations'], params: [pathParam('population_id', 'population id (any string; unknown ids give 404)', { type: 'string' })], responses: { 200: json('Envelope with the population, status retesting', PopulationEnvelope) }, errors: pick(EE, [401, 403, 404, 409]) }),
  },
};

export function openapiDocument(baseUrl) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Behaviour Simulation Service (independent Node implementation)',
      version: '1.0.0',
      description: 'Simulations, projects and rounds, contexts, user models, and the envelope endpoints for answers, predictions and populations. Credentials: `authorization: Token org=<organisation>,user=<user>`.',
    },
    servers: [{ url: baseUrl }],
    security: [{ callerToken: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        callerToken: { type: 'apiKey', in: 'header', name: 'authorization', description: 'Token org=<organisation>,user=<user>' },
      },
    },
  };
}
