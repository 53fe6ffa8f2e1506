import type { ContextRecord, Plan, SimulationRecord, SurveyDesign, SurveyQuestion } from "../world/records.js";
import type { Goal } from "./goals.js";
import { Random } from "./random.js";
import { optionsForQuestion, SCALES, scaleFor } from "./scales.js";

/** `variable_name` slugs: lower snake case, unique within the plan. */
export function slugify(text: string, taken: Set<string>): string {
  const base =
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .split("_")
      .slice(0, 5)
      .join("_") || "question";
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}_${n}`;
  taken.add(slug);
  return slug;
}

function question(
  taken: Set<string>,
  question_text: string,
  answer_options: readonly string[],
  insight: string | null,
  slugSource = question_text,
): SurveyQuestion {
  return {
    question_text,
    question_type: "single_choice",
    answer_options: [...answer_options],
    insight,
    variable_name: slugify(slugSource, taken),
  };
}

/**
 * A survey design fixes the questions exactly: each item set in order, one question per item stating the stimulus
 * and the item on the set's scale (or one default scale for the whole set); then the custom questions in order, as
 * written, with their own options or supplied ones, and no stimulus added.
 */
export function questionsFromDesign(design: SurveyDesign): SurveyQuestion[] {
  const taken = new Set<string>();
  const out: SurveyQuestion[] = [];
  const stimulus = design.stimulus?.trim();
  for (const set of design.item_sets ?? []) {
    const scale = set.scale ?? scaleFor(set.ask);
    const ask = set.ask.trim().replace(/[?:.]+$/, "");
    for (const item of set.items) {
      const text = stimulus ? `${ask} (${stimulus}): ${item}` : `${ask}: ${item}`;
      out.push(question(taken, text, scale, `How "${item}" rates on this scale, compared with the other items.`, item));
    }
  }
  for (const custom of design.custom_questions ?? []) {
    const options = custom.answer_options ?? optionsForQuestion(custom.question_text);
    out.push(question(taken, custom.question_text, options, null));
  }
  return out;
}

function text(inputs: Record<string, unknown>, key: string): string | undefined {
  const value = inputs[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function list(inputs: Record<string, unknown>, key: string): string[] {
  const value = inputs[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "") : [];
}

function shorten(value: string, words = 6): string {
  const parts = value.split(/\s+/);
  return parts.length <= words ? value : `${parts.slice(0, words).join(" ")}…`;
}

function money(amount: number, currency: string): string {
  const symbol = ({ GBP: "£", EUR: "€", USD: "$" } as Record<string, string>)[currency] ?? `${currency} `;
  return `${symbol}${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

interface PlanDraft {
  title: string;
  question_text: string;
  hypothesis_text: string;
  questions: SurveyQuestion[];
}

function researchDraft(goal: Goal, inputs: Record<string, unknown>, context: ContextRecord | undefined): PlanDraft {
  const taken = new Set<string>();
  const q = (t: string, options: readonly string[], insight: string) => question(taken, t, options, insight);
  const product = text(inputs, "product_name") ?? text(inputs, "product") ?? text(inputs, "brand") ?? context?.name;
  switch (goal.id) {
    case "concept_test": {
      const concept = text(inputs, "concept") ?? "the concept";
      const name = product ?? shorten(concept, 4);
      const price = text(inputs, "price_point");
      return {
        title: `Concept test: ${name}`,
        question_text: `How appealing is ${name}, and would people buy it?`,
        hypothesis_text: `Most people in the target group find ${name} appealing and at least a third would consider buying it${price ? ` at ${price}` : ""}.`,
        questions: [
          q(
            `How appealing is this idea to you? "${shorten(concept, 18)}"`,
            SCALES.appeal,
            "Overall appeal; the top-two-box share is the headline number.",
          ),
          q(
            `How clear is it what ${name} does?`,
            SCALES.clarity,
            "Low clarity usually caps appeal; check it before reading intent.",
          ),
          q(
            `How different is ${name} from what you use today?`,
            ["Not at all different", "Slightly different", "Somewhat different", "Very different", "Completely new"],
            "Differentiation separates a nice idea from a reason to switch.",
          ),
          q(
            price ? `At ${price}, how likely would you be to buy ${name}?` : `How likely would you be to buy ${name}?`,
            SCALES.likelihood,
            "Stated intent; discount it (roughly halve top-box) for forecasting.",
          ),
          q(
            `Which best describes what you would do with ${name}?`,
            ["Replace something I use now", "Use it alongside what I have", "Try it once", "Not use it"],
            "Shows whether it cannibalises or adds to current habits.",
          ),
          q(
            `How believable are the claims made about ${name}?`,
            SCALES.trust,
            "Credibility of the claims; weak trust points to proof the copy needs.",
          ),
        ],
      };
    }
    case "message_test": {
      const messages = list(inputs, "messages");
      const audience = text(inputs, "audience");
      const subject = product ?? "the product";
      return {
        title: `Message test: ${messages.length} messages${audience ? ` for ${audience}` : ""}`,
        question_text: `Which message makes ${subject} most appealing and believable${audience ? ` to ${audience}` : ""}?`,
        hypothesis_text: `One message clearly outperforms the others on appeal without losing credibility.`,
        questions: [
          ...messages.map((m, i) =>
            q(
              `How appealing is this message? "${m}"`,
              SCALES.appeal,
              `Appeal of message ${i + 1}; compare top-two-box across messages.`,
            ),
          ),
          q(
            "Which message would most make you want to find out more?",
            messages.length ? messages : ["None of them"],
            "Forced choice breaks ties between similarly rated messages.",
          ),
          q(
            "Which message do you find hardest to believe?",
            messages.length ? messages : ["None of them"],
            "A message that wins appeal but loses here overpromises.",
          ),
        ].slice(0, 8),
      };
    }
    case "pricing": {
      const what = text(inputs, "product") ?? product ?? "the product";
      const currency = text(inputs, "currency") ?? "GBP";
      const points =
        (inputs.price_points as unknown[] | undefined)?.filter((p): p is number => typeof p === "number") ?? [];
      const billing = text(inputs, "billing");
      const per = billing === "monthly" ? " a month" : billing === "yearly" ? " a year" : "";
      const labels = points.map((p) => `${money(p, currency)}${per}`);
      return {
        title: `Pricing: ${what}`,
        question_text: `What would people pay for ${what}, and where does the price start to put them off?`,
        hypothesis_text: `Willingness to buy holds up to ${labels[Math.floor(labels.length / 2)] ?? "the middle price"} and drops sharply above it.`,
        questions: [
          ...labels.map((label) =>
            q(
              `At ${label}, how likely would you be to buy ${what}?`,
              SCALES.likelihood,
              `Purchase likelihood at ${label}; the demand curve is read across price points.`,
            ),
          ),
          q(
            `At which price would ${what} seem so cheap you would doubt its quality?`,
            labels.length ? labels : ["Any price"],
            "Van Westendorp 'too cheap' threshold.",
          ),
          q(
            `At which price would ${what} be too expensive to consider?`,
            labels.length ? labels : ["Any price"],
            "Van Westendorp 'too expensive' threshold.",
          ),
          q(
            `How would you rate ${what} for value at its expected price?`,
            SCALES.value,
            "Perceived value anchors the acceptable range.",
          ),
        ].slice(0, 8),
      };
    }
    case "feature_prioritisation": {
      const features = list(inputs, "features");
      const what = product ?? "the product";
      return {
        title: `Feature priorities: ${what}`,
        question_text: `Which features of ${what} matter most to people?`,
        hypothesis_text: `${features[0] ?? "The first feature"} is the most wanted feature.`,
        questions: [
          ...features
            .slice(0, 6)
            .map((f) =>
              q(
                `How important is "${f}" to you in ${what}?`,
                SCALES.importance,
                `Importance of ${f}; rank features by the top-two-box share.`,
              ),
            ),
          q(
            `If ${what} could have only one of these, which would you choose?`,
            features.length ? features.slice(0, 8) : ["None"],
            "Forced choice: the clearest single priority.",
          ),
        ].slice(0, 8),
      };
    }
    case "brand_perception": {
      const brand = text(inputs, "brand") ?? product ?? "the brand";
      const competitors = list(inputs, "competitors");
      return {
        title: `Brand perception: ${brand}`,
        question_text: `How is ${brand} seen against ${competitors.length ? competitors.join(", ") : "its competitors"}?`,
        hypothesis_text: `${brand} is trusted but seen as less innovative than its main competitor.`,
        questions: [
          q(
            `How familiar are you with ${brand}?`,
            ["Never heard of it", "Heard of it only", "Know a little", "Know it well", "Use it regularly"],
            "Awareness funnel: the base for every other answer.",
          ),
          q(
            `How much do you trust ${brand}?`,
            SCALES.trust,
            "Trust is the strongest driver of consideration in most categories.",
          ),
          q(
            `How well does "innovative" describe ${brand}?`,
            ["Not at all", "Not very well", "Somewhat", "Quite well", "Very well"],
            "Image attribute; compare with competitors.",
          ),
          q(
            `How likely would you be to recommend ${brand} to a friend?`,
            SCALES.likelihood,
            "Advocacy; a proxy for net promoter.",
          ),
          q(
            `Which of these brands would you consider first?`,
            [brand, ...competitors, "None of these"].slice(0, 8),
            "Share of first consideration against the competitive set.",
          ),
        ],
      };
    }
    default: {
      const objective = text(inputs, "objective") ?? `understand what ${product ?? "people"} need`;
      return {
        title: `Survey: ${shorten(objective, 7)}`,
        question_text: `What do people think, in order to ${objective}?`,
        hypothesis_text: "Attitudes differ clearly between the user models surveyed.",
        questions: [
          q(
            `How satisfied are you with how you ${objective.replace(/^to /, "")} today?`,
            SCALES.satisfaction,
            "Baseline satisfaction: the size of the opportunity.",
          ),
          q(
            "How important is it to you to get this right?",
            SCALES.importance,
            "Importance tells whether dissatisfaction will drive action.",
          ),
          q("How likely would you be to try a new way of doing it?", SCALES.likelihood, "Openness to change."),
          q(
            "Which matters most to you?",
            ["Price", "Quality", "Convenience", "Trust in the provider"],
            "The main decision driver.",
          ),
          q(
            "How would you describe your experience so far?",
            ["Very poor", "Poor", "Acceptable", "Good", "Excellent"],
            "Overall experience rating.",
          ),
        ],
      };
    }
  }
}

function journeyTask(goal: Goal, inputs: Record<string, unknown>) {
  const startUrl = text(inputs, "start_url") ?? "https://example.com";
  const task =
    text(inputs, "task") ??
    (goal.id === "conversion_funnel"
      ? `Reach: ${text(inputs, "goal_event") ?? "the conversion"}`
      : "Look around the page and say what it offers");
  const steps = list(inputs, "steps");
  return {
    start_url: startUrl,
    task,
    success_criteria:
      text(inputs, "success_criteria") ??
      (goal.id === "conversion_funnel"
        ? `The user ${text(inputs, "goal_event") ?? "converts"}.`
        : "The user can say what the page offers and what to do next."),
    steps: steps.length
      ? steps
      : goal.id === "conversion_funnel"
        ? ["Land on the page", "Choose a product", "Add to basket", "Check out", "Pay"]
        : ["Land on the page", "Scan the headline and navigation", "Find the main call to action", "Complete the task"],
    max_steps: 25,
    device: "desktop",
  };
}

/** The plan the question writer produces for a simulation, and the title it gives it. */
export function generatePlan(
  simulation: Pick<SimulationRecord, "id" | "mode" | "inputs" | "survey_design">,
  goal: Goal,
  context: ContextRecord | undefined,
  seed: number,
): { plan: Plan; title: string } {
  const random = new Random(seed, "plan", simulation.id);
  if (simulation.mode === "journey") {
    const task = journeyTask(goal, simulation.inputs);
    const host = (() => {
      try {
        return new URL(String(task.start_url)).host;
      } catch {
        return String(task.start_url);
      }
    })();
    return {
      title: `${goal.name}: ${host}`,
      plan: {
        question_text: `Can people ${task.task.charAt(0).toLowerCase()}${task.task.slice(1).replace(/\.$/, "")} on ${host}?`,
        hypothesis_text: `Most simulated users complete the task, with most drop-off at "${task.steps[Math.min(2, task.steps.length - 1)]}".`,
        survey_questions: null,
        journey_task: task,
      },
    };
  }
  const draft = researchDraft(goal, simulation.inputs, context);
  let questions = draft.questions;
  if (simulation.survey_design) {
    questions = questionsFromDesign(simulation.survey_design);
  } else if (questions.length < 5) {
    // Top up to at least five with general questions that fit any research goal.
    const taken = new Set(questions.map((q) => q.variable_name ?? ""));
    const extras = [
      question(
        taken,
        "How likely would you be to recommend it to a friend or colleague?",
        SCALES.likelihood,
        "Advocacy.",
      ),
      question(
        taken,
        "How well does it fit how you do things today?",
        ["Not at all", "Not very well", "Somewhat", "Quite well", "Very well"],
        "Fit with current habits.",
      ),
      question(taken, "How would you rate it for value for money?", SCALES.value, "Perceived value."),
    ];
    questions = [...questions, ...extras].slice(0, Math.max(5, random.int(5, 6)));
  }
  return {
    title: draft.title,
    plan: {
      question_text: draft.question_text,
      hypothesis_text: draft.hypothesis_text,
      survey_questions: questions,
      journey_task: null,
    },
  };
}
