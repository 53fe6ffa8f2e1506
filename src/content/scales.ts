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

/**
 * "Don't know", "Not sure", "Can't remember", "Prefer not to say" as a questionnaire writes them, in the languages a
 * client's own questions come in (en, es, de, fr, pt, it): a way out of a question, never a point of its scale nor one
 * of its ends ("No estoy seguro" is no "No").
 */
export const DONT_KNOW_OPTION =
  /^(?:i )?(?:don'?t know|do not know|not sure|unsure|no opinion|can'?t say|cannot say|can'?t remember|cannot remember|don'?t remember|prefer not|rather not say|no (?:lo )?s[e\u00e9]|no estoy segur[oa]|no recuerdo|no sabe|prefiero no|ns\/nc|(?:ich )?wei(?:\u00df|ss) (?:ich )?nicht|(?:ich )?bin (?:mir )?(?:nicht sicher|unsicher)|nicht sicher|unsicher|keine angabe|kann ich nicht sagen|keine ahnung|wei(?:\u00df|ss) nicht mehr|(?:je )?ne (?:sais|sait) pas|je ne suis pas s[u\u00fb]re?|pas s[u\u00fb]re?|sans opinion|je ne me souviens pas|je pr[\u00e9e]f[\u00e8e]re ne pas|n[\u00e3a]o sei|n[\u00e3a]o tenho certeza|prefiro n[\u00e3a]o|n[\u00e3a]o me lembro|non so|non saprei|preferisco non)(?![\p{L}])/iu;

/** "Yes" and "No" in the languages read; "No estoy seguro" is no "No". */
export const isYes = (option: string) => /^(?:yes|s[i\u00ed]|ja|oui|sim)(?![\p{L}])/iu.test(option.trim());
export const isNo = (option: string) =>
  /^(?:no|nein|non|n[\u00e3a]o)(?![\p{L}])/iu.test(option.trim()) && !DONT_KNOW_OPTION.test(option.trim());
