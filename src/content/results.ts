import type { Plan, SimulationRecord, UserModelRecord } from "../world/records.js";
import { Random } from "./random.js";

export interface SegmentResult {
  user_model_id: string;
  name: string;
  respondents: number;
}

export interface QuestionResult {
  variable_name: string;
  question_text: string;
  question_type: string;
  answer_options: string[];
  overall: Record<string, number>;
  by_user_model: Record<string, Record<string, number>>;
  insight: string;
}

export interface ResearchResults {
  respondents: number;
  segments: SegmentResult[];
  questions: QuestionResult[];
}

/**
 * How many respondents (research) or sessions (journey) each user model contributes. Drawn from a stream of its own
 * so progress while running and the final results agree on the totals.
 */
export function sampleSizes(
  simulationId: string,
  mode: "research" | "journey",
  models: number,
  seed: number,
): number[] {
  const random = new Random(seed, "sample", simulationId);
  return Array.from({ length: models }, () => (mode === "research" ? random.int(18, 42) * 10 : random.int(3, 6) * 10));
}

/** Splits `total` into integer counts proportional to `weights` (largest remainder), so counts sum exactly. */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (w / sum) * total : total / weights.length));
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    counts[i] = (counts[i] as number) + 1;
    left--;
  }
  return counts;
}

function distribution(options: string[], counts: number[], total: number): Record<string, number> {
  const out: Record<string, number> = {};
  options.forEach((option, i) => {
    out[option] = total > 0 ? (counts[i] as number) / total : 0;
  });
  return out;
}

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/**
 * Answers for one question: a shared base preference over the options, shifted per segment, turned into whole
 * respondent counts. Fractions are counts over respondents, so every distribution sums to 1.
 */
function answerQuestion(
  random: Random,
  options: string[],
  segments: Array<SegmentResult & { lean: number }>,
): { overall: number[]; bySegment: number[][] } {
  const k = options.length;
  const centre = random.next() * 0.6 + 0.35; // where on an ordered scale opinion sits, 0 = first option
  const spread = 0.9 + random.next() * 0.8;
  const bySegment = segments.map((segment) => {
    const shifted = Math.min(0.95, Math.max(0.05, centre + segment.lean * 0.18 + random.normal() * 0.04));
    const weights = options.map((_, i) => {
      const position = k === 1 ? 0 : i / (k - 1);
      return Math.exp(-((position - shifted) ** 2) / (0.12 * spread)) + 0.03;
    });
    return apportion(segment.respondents, weights);
  });
  const overall = options.map((_, i) => bySegment.reduce((sum, counts) => sum + (counts[i] as number), 0));
  return { overall, bySegment };
}

export function researchResults(
  simulation: Pick<SimulationRecord, "id">,
  plan: Plan,
  models: UserModelRecord[],
  seed: number,
): ResearchResults {
  const random = new Random(seed, "results", simulation.id);
  const sizes = sampleSizes(simulation.id, "research", models.length, seed);
  const segments = models.map((model, i) => ({
    user_model_id: model.id,
    name: model.name,
    respondents: sizes[i] as number,
    lean: random.normal(),
  }));
  const respondents = segments.reduce((sum, s) => sum + s.respondents, 0);
  const questions = (plan.survey_questions ?? []).map((question, index) => {
    const options = question.answer_options?.length ? question.answer_options : ["Yes", "No", "Not sure"];
    const { overall, bySegment } = answerQuestion(random, options, segments);
    const overallDistribution = distribution(options, overall, respondents);
    const byUserModel: Record<string, Record<string, number>> = {};
    segments.forEach((segment, i) => {
      byUserModel[segment.user_model_id] = distribution(options, bySegment[i] as number[], segment.respondents);
    });
    const top = options.reduce((best, option) =>
      (overallDistribution[option] ?? 0) > (overallDistribution[best] ?? 0) ? option : best,
    );
    let insight = `"${top}" is the most common answer (${percent(overallDistribution[top] ?? 0)}).`;
    if (segments.length > 1) {
      const shares = segments.map((s) => ({ name: s.name, share: byUserModel[s.user_model_id]?.[top] ?? 0 }));
      shares.sort((a, b) => b.share - a.share);
      const high = shares[0] as { name: string; share: number };
      const low = shares[shares.length - 1] as { name: string; share: number };
      insight += ` ${high.name} choose it most (${percent(high.share)}), ${low.name} least (${percent(low.share)}).`;
    }
    return {
      variable_name: question.variable_name ?? `q${index + 1}`,
      question_text: question.question_text,
      question_type: question.question_type,
      answer_options: [...options],
      overall: overallDistribution,
      by_user_model: byUserModel,
      insight,
    };
  });
  return {
    respondents,
    segments: segments.map(({ lean: _lean, ...segment }) => segment),
    questions,
  };
}

export interface JourneyResults {
  sessions: number;
  steps: string[];
  by_user_model: Array<{
    user_model_id: string;
    name: string;
    sessions: number;
    task_success_rate: number;
    median_steps: number;
    median_time_on_task_seconds: number;
    drop_off_by_step: Array<{ step: string; reached: number; dropped: number }>;
    common_paths: Array<{ path: string[]; share: number }>;
    friction_points: Array<{ step: string; issue: string; quote: string }>;
  }>;
}

const FRICTION = [
  {
    issue: "The call to action is below the fold on smaller screens",
    quote: "I kept scrolling and wasn't sure where to click.",
  },
  {
    issue: "Delivery costs appear only at the last step",
    quote: "Why is the price suddenly higher? I almost gave up.",
  },
  {
    issue: "The form asks for an account before showing the total",
    quote: "I just want to see what it costs before I sign up.",
  },
  { issue: "Two buttons look equally important", quote: "Do I press 'Continue' or 'Save for later'? Not obvious." },
  { issue: "Error messages appear far from the field", quote: "It said something was wrong but not what." },
  { issue: "Navigation labels use internal jargon", quote: "What's a 'workspace plan'? I was looking for prices." },
];

export function journeyResults(
  simulation: Pick<SimulationRecord, "id">,
  plan: Plan,
  models: UserModelRecord[],
  seed: number,
): JourneyResults {
  const random = new Random(seed, "journey", simulation.id);
  const rawSteps = (plan.journey_task?.steps as unknown[] | undefined) ?? [];
  const steps = rawSteps.filter((s): s is string => typeof s === "string");
  const path = steps.length ? steps : ["Land on the page", "Find the call to action", "Complete the task"];
  const sizes = sampleSizes(simulation.id, "journey", models.length, seed);
  const byUserModel = models.map((model, i) => {
    const sessions = sizes[i] as number;
    let reached = sessions;
    const drop_off_by_step = path.map((step, i) => {
      const dropped = i === 0 ? 0 : Math.round(reached * (0.04 + random.next() * 0.16));
      reached -= dropped;
      return { step, reached, dropped };
    });
    const succeeded = reached;
    const friction = [...FRICTION].sort(() => random.next() - 0.5).slice(0, 2);
    const worst = drop_off_by_step.reduce((a, b) => (b.dropped > a.dropped ? b : a));
    const successShare = succeeded / sessions;
    return {
      user_model_id: model.id,
      name: model.name,
      sessions,
      task_success_rate: successShare,
      median_steps: path.length + random.int(1, 6),
      median_time_on_task_seconds: random.int(45, 240),
      drop_off_by_step,
      common_paths: [
        { path, share: Math.round(successShare * 100) / 100 },
        {
          path: [...path.slice(0, Math.max(1, path.indexOf(worst.step))), "Left the site"],
          share: Math.round((1 - successShare) * 100) / 100,
        },
      ],
      friction_points: friction.map((f, i) => ({ step: i === 0 ? worst.step : (path[1] ?? worst.step), ...f })),
    };
  });
  return { sessions: byUserModel.reduce((sum, m) => sum + m.sessions, 0), steps: path, by_user_model: byUserModel };
}
