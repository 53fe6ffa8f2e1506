/** Answer scales, least to most favourable, as a question writer would choose them. */
export const SCALES = {
  appeal: [
    "Not at all appealing",
    "Not very appealing",
    "Neither appealing nor unappealing",
    "Quite appealing",
    "Very appealing",
  ],
  likelihood: ["Very unlikely", "Somewhat unlikely", "Neither likely nor unlikely", "Somewhat likely", "Very likely"],
  agreement: ["Strongly disagree", "Tend to disagree", "Neither agree nor disagree", "Tend to agree", "Strongly agree"],
  importance: ["Not at all important", "Not very important", "Somewhat important", "Very important", "Essential"],
  clarity: ["Very unclear", "Quite unclear", "Neither clear nor unclear", "Quite clear", "Very clear"],
  value: ["Very poor value", "Poor value", "Fair value", "Good value", "Excellent value"],
  satisfaction: [
    "Very dissatisfied",
    "Dissatisfied",
    "Neither satisfied nor dissatisfied",
    "Satisfied",
    "Very satisfied",
  ],
  trust: ["Do not trust at all", "Trust a little", "Trust somewhat", "Trust a lot", "Trust completely"],
  ease: ["Very difficult", "Quite difficult", "Neither easy nor difficult", "Quite easy", "Very easy"],
  rating: ["Very poor", "Poor", "Fair", "Good", "Excellent"],
  /** Least to most often; "Never" first so the scale reads as one (and the top-two box is the frequent users). */
  frequency: [
    "Never",
    "Less than once a month",
    "Once or twice a month",
    "Once a week",
    "Several times a week",
    "Every day",
  ],
  yesNo: ["No", "Not sure", "Yes"],
} as const satisfies Record<string, readonly string[]>;
