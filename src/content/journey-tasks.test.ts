import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultFixturesDir } from "./fixture-files.js";
import { findGoal, loadGoals } from "./goals.js";
import { briefSteps, conversionRange, taskParts } from "./journey-tasks.js";
import { generatePlan } from "./plans.js";

const usabilityTest = findGoal(loadGoals(defaultFixturesDir()), "journey", "usability_test");
if (!usabilityTest) throw new Error("no usability_test goal in the fixtures");

/** A part of a task as people write it, and what a step of its own must name (its verb, or what it is about). */
interface Part {
  text: string;
  named: RegExp;
}

/** Parts of real tasks by kind of site; a task is two to four of one site's, in any order. */
const SITES: Record<string, Part[]> = {
  grocery: [
    { text: "check that Basketful delivers to your postcode", named: /postcode/i },
    { text: "create an account", named: /sign-up|account/i },
    { text: "book a delivery slot for your first order", named: /\bbook/i },
    { text: "find a recipe", named: /recipe/i },
    { text: "save it to favourites", named: /\bsave/i },
    { text: "add its ingredients to the basket", named: /\badd/i },
    { text: "apply a discount code", named: /code/i },
    { text: "choose a substitute for an item that is out of stock", named: /substitute/i },
    { text: "change the delivery address", named: /address/i },
    { text: "cancel your next delivery", named: /cancel/i },
    { text: "rate your last order", named: /\brate/i },
    { text: "order a birthday cake for Saturday", named: /cake/i },
  ],
  saas: [
    { text: "sign up", named: /sign-up/i },
    { text: "verify your email", named: /verify/i },
    { text: "invite a colleague", named: /invite/i },
    { text: "create a project", named: /project/i },
    { text: "connect your calendar", named: /connect/i },
    { text: "upload a logo", named: /upload/i },
    { text: "set up two-factor authentication", named: /two-factor/i },
    { text: "import contacts from a spreadsheet", named: /import/i },
    { text: "send your first invoice", named: /invoice/i },
    { text: "upgrade to the team plan", named: /upgrade/i },
    { text: "share the dashboard with your manager", named: /share/i },
  ],
  banking: [
    { text: "log in", named: /log-in/i },
    { text: "check your balance", named: /balance/i },
    { text: "transfer £50 to your savings account", named: /transfer/i },
    { text: "set up a standing order for your rent", named: /standing order/i },
    { text: "freeze your card", named: /freeze/i },
    { text: "download last month's statement", named: /statement/i },
    { text: "pay a bill", named: /\bpay/i },
    { text: "report a lost card", named: /report/i },
    { text: "order a new card", named: /new card/i },
    { text: "change your PIN", named: /PIN/ },
  ],
  travel: [
    { text: "search for a flight to Rome", named: /flight/i },
    { text: "choose a seat", named: /seat/i },
    { text: "add a bag", named: /bag/i },
    { text: "pay", named: /\bpay/i },
    { text: "book a hotel near the station", named: /hotel/i },
    { text: "select a return date", named: /return date/i },
    { text: "check in online", named: /check in/i },
    { text: "download your boarding pass", named: /boarding pass/i },
    { text: "rent a car for three days", named: /car/i },
    { text: "cancel the booking", named: /cancel/i },
  ],
};

/** How people join the parts: all but the last with the first joint, the last with the second. */
const JOINTS: Array<[string, string]> = [
  [", ", " and "],
  [", ", ", and "],
  [", ", " then "],
  [", ", ", then "],
  [" and ", " and then "],
  ["; ", "; then "],
  [", ", ", "],
];

const multiPartTask = fc
  .constantFrom(...Object.values(SITES))
  .chain((parts) =>
    fc.tuple(fc.shuffledSubarray(parts, { minLength: 2, maxLength: 4 }), fc.constantFrom(...JOINTS), fc.boolean()),
  )
  .map(([parts, [joint, last], fullStop]) => {
    const texts = parts.map((p) => p.text);
    const joined = texts.length === 1 ? texts[0] : `${texts.slice(0, -1).join(joint)}${last}${texts.at(-1)}`;
    const task = `${joined?.charAt(0).toUpperCase()}${joined?.slice(1)}${fullStop ? "." : ""}`;
    return { task, parts };
  });

function planOf(task: string, seed: number) {
  return generatePlan(
    { id: `task-${seed}`, mode: "journey", inputs: { start_url: "https://app.example/", task }, survey_design: null },
    usabilityTest as NonNullable<typeof usabilityTest>,
    undefined,
    seed,
  );
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("journey tasks of several parts", () => {
  it("should give every part of the task a step that names it, and no step two parts", () => {
    fc.assert(
      fc.property(multiPartTask, fc.integer({ min: 1, max: 50 }), ({ task, parts }, seed) => {
        const steps = (planOf(task, seed).plan.journey_task?.steps ?? []) as string[];
        const middle = steps.slice(2);
        for (const part of parts)
          expect(
            middle.some((step) => part.named.test(step)),
            part.text,
          ).toBe(true);
        for (const part of parts.slice(1)) {
          // "Open that Basketful delivers to your postcode, create an account": a second part glued to a first.
          const glued = new RegExp(`(?:[,;]|\\band\\b|\\bthen\\b)\\s*${literal(part.text)}`, "i");
          for (const step of steps) expect(step).not.toMatch(glued);
        }
        expect(new Set(steps).size).toBe(steps.length);
        expect(middle.length).toBeLessThanOrEqual(3 * parts.length);
      }),
      { numRuns: 300 },
    );
  });

  it("should keep verbs as verbs: an invitation, upload or transfer is never a thing to start and fill in", () => {
    fc.assert(
      fc.property(multiPartTask, ({ task, parts }) => {
        const steps = (planOf(task, 1).plan.journey_task?.steps ?? []) as string[];
        for (const part of parts) {
          const object = /^\S+\s+(?:(?:a|an|the|your)\s+)?(\S+)/.exec(part.text)?.[1] ?? "";
          // "Start a new colleague", "Send the colleague": a template for things made, fed a person or an action.
          if (/^(?:invite|upload|transfer|pay|freeze|report|check|book|verify)\b/.test(part.text))
            for (const step of steps)
              expect(step).not.toMatch(new RegExp(`^(?:Start a new|Send the|Save the) ${literal(object)}\\b`));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("should title the whole task, or its beginning with an ellipsis", () => {
    fc.assert(
      fc.property(multiPartTask, fc.integer({ min: 1, max: 50 }), ({ task }, seed) => {
        const { title } = planOf(task, seed);
        const written = task.replace(/\.$/, "");
        // The title puts the task either as written or about the users ("Can users … on app.example?").
        const about = written.replace(/\byour\b/gi, "their").replace(/^./, (c) => c.toLowerCase());
        const shown = /^Usability test: (.*) \(app\.example\)$|^Can users (.*) on app\.example\?$/.exec(title);
        // A task too long to splice is quoted whole after "complete" (client-text.ts).
        const held = (shown?.[1] ?? shown?.[2])?.replace(/^complete "(.*)"$/, "$1");
        expect(held, title).toBeDefined();
        const whole = [written, about];
        if (held?.endsWith("…")) {
          const start = held.slice(0, -1);
          expect(
            whole.some((w) => w.startsWith(start) && w.length > start.length),
            title,
          ).toBe(true);
        } else expect(whole, title).toContain(held);
      }),
      { numRuns: 300 },
    );
  });

  it("should split at commas, semicolons, 'and' and 'then' before a verb, never inside a list of things", () => {
    fc.assert(
      fc.property(multiPartTask, ({ task, parts }) => {
        expect(taskParts(task).map((p) => p.toLowerCase())).toEqual(parts.map((p) => p.text.toLowerCase()));
      }),
      { numRuns: 300 },
    );
    for (const one of [
      "Find milk, eggs and bread",
      "Compare rail and return tickets",
      "Find the terms and conditions",
      "Check the order history and returns policy",
      "Book a table for two, by the window",
    ])
      expect(taskParts(one)).toEqual([one]);
  });

  it("should name the steps of the tester's three tasks by what the user does", () => {
    const middle = (task: string) => ((planOf(task, 1).plan.journey_task?.steps ?? []) as string[]).slice(2);
    expect(middle("Sign up, verify your email and invite a colleague")).toEqual([
      "Find the sign-up button",
      "Fill in the sign-up form",
      // No account step the task does not name: its own next part confirms the email (reading g s07).
      "Open the confirmation message",
      "Verify your email",
      "Find where to invite a colleague",
      "Invite a colleague",
    ]);
    expect(
      middle(
        "Check that Basketful delivers to your postcode, create an account and book a delivery slot for your first order",
      ),
    ).toEqual([
      "Find where to check that Basketful delivers to your postcode",
      "Check that Basketful delivers to your postcode",
      "Find the sign-up button",
      "Fill in the sign-up form",
      "Confirm the account",
      "Find the booking option",
      "Book a delivery slot for your first order",
    ]);
    expect(middle("Find a recipe, save it to favourites and add its ingredients to the basket")).toEqual([
      "Search or browse for a recipe",
      "Open a recipe",
      "Find where to save it to favourites",
      "Save it to favourites",
      "Find the products",
      "Add its ingredients to the basket",
    ]);
  });
});

describe("a funnel that is not a shop is never read against a shop's benchmark (issue 27, reading f S8)", () => {
  it("should give an enquiry, deposit, viewing, application or appointment funnel anything but an e-commerce benchmark", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          "Hacienda San Lucas wedding venue",
          "the council's housing office",
          "a university admissions site",
          "an estate agent's lettings site",
          "a private dental clinic",
          "a holiday cottage",
        ),
        fc.constantFrom(
          "Send an enquiry and pay the MXN 20,000 deposit",
          "Pay the deposit to hold the date",
          "Request a viewing",
          "Submit an application",
          "Make an enquiry about availability",
          "Book an appointment and pay online",
          "Reserve a table for the tasting and pay",
        ),
        fc.constantFrom("Check date availability", "Open the packages page", "Fill in your details"),
        (site, goal, step) => {
          const range = conversionRange([site, goal, step]);
          expect(range.kind, `${site}: ${goal}`).not.toMatch(/e-commerce/);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("a context's list of steps ends with its sentence (issue 27, reading i s07)", () => {
  it("should never take the next sentence of a context into its last step, whatever letter ends the list", () => {
    fc.assert(
      fc.property(
        fc
          .tuple(
            fc.constantFrom("pay with", "confirm by", "sign with", "finish in", "upload to", "collect at"),
            fc.constantFrom("MB WAY", "SMS", "PayPal", "BankID", "3D", "iDEAL", "Box 12", "M-Pesa", "eID", "the app"),
          )
          .map((words) => words.join(" ")),
        fc
          .tuple(
            fc.constantFrom("Competitors", "Opening hours", "Prices", "Note", "Rivals", "Delivery"),
            fc.constantFrom(": Glovo, Uber Eats.", ": 9 to 5.", " include VAT.", " are shown in CZK.", ": none."),
          )
          .map((words) => words.join("")),
        (last, next) => {
          const body = `A delivery site. Steps: open the page, enter the code, choose a slot, ${last}. ${next}`;
          const steps = briefSteps(body) ?? [];
          expect(steps.length, body).toBeGreaterThanOrEqual(3);
          expect(steps.join(" | "), body).not.toContain(next.split(/[: ]/)[0]);
        },
      ),
      { numRuns: 40 },
    );
  });
});
