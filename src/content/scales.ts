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
  yesNo: ["No", "Not sure", "Yes"],
} as const satisfies Record<string, readonly string[]>;

/** The scale whose wording fits what is asked (the default for item sets without a scale of their own). */
export function scaleFor(ask: string): readonly string[] {
  const text = ask.toLowerCase();
  if (/\blikely|likelihood|would you (buy|use|try|switch|recommend)/.test(text)) return SCALES.likelihood;
  if (/\bagree|statement/.test(text)) return SCALES.agreement;
  if (/\bimportan|priorit|matter/.test(text)) return SCALES.importance;
  if (/\bclear|understand/.test(text)) return SCALES.clarity;
  if (/\bvalue|worth|price|pay/.test(text)) return SCALES.value;
  if (/\bsatisf/.test(text)) return SCALES.satisfaction;
  if (/\btrust|believ|credib/.test(text)) return SCALES.trust;
  return SCALES.appeal;
}

/** Options for a custom question asked without its own (3 to 6 labels). */
export function optionsForQuestion(question: string): readonly string[] {
  const text = question.trim().toLowerCase();
  if (
    /^(do|does|did|have|has|is|are|was|were|would|will|can|could|should)\b/.test(text) &&
    !/how|which|what/.test(text)
  ) {
    return SCALES.yesNo;
  }
  return scaleFor(text);
}
