import { askedMeasures, briefTexts } from "./asked-measures.js";
import { compare, withinMargin } from "./evidence.js";
import { percent, type QuestionResult, type ResearchResults } from "./results.js";
import { readSurveyBrief } from "./survey-brief.js";

/**
 * The asks of a brief besides its measures (`asked-measures.ts`): the attributes it lists as what to measure ("on
 * quality, eco credentials and value", "Qualität, Preis und Service"), what holds people back ("ce qui les freine",
 * "por qué no") and a choice between two ways ("online or at the counter"). Each becomes a question of the plan when
 * none asks it already, and the summary answers the barrier and the choice with their bases. Read in English, German,
 * French and Spanish by the shape of the sentence (a cue, then a list), so subjects no vocabulary knows are still read.
 */
interface BriefAsks {
  /** Attributes to rate, each as a question says it: in English where the word is known, else as the client wrote it. */
  attributes: string[];
  /** Whether the brief asks what holds people back, and the reasons it lists for it (as written), if any. */
  barrier?: { reasons: string[] };
  /** Two ways the brief asks people to choose between, as written. */
  versus?: [string, string];
}

const BOUNDARY = String.raw`(?:(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_])|(?<=[\p{L}\p{N}_])(?![\p{L}\p{N}_]))`;
/** `\b` is ASCII-only in JavaScript: a boundary between any letter and anything else. */
const words = (parts: string[], flags = "iu") =>
  new RegExp(parts.join("|").replaceAll(String.raw`\b`, BOUNDARY), flags);
const W = String.raw`[\p{L}'\u2019-]+`;

/** A brief's sentences: split at a stop, "?", "!" or ";" (never inside "e.g.", "z. B.", "p. ej."), and at line breaks. */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<![zZ]\.\s?B\.|\be\.g\.|\bi\.e\.|\bp\.\s?ej\.|\bbzw\.|\betc\.)(?<=[.!?;])\s+|\n+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The last joining word of a list, and "or", in the four languages. */
const JOIN = /\s*,\s*|\s+(?:and|or|und|oder|et|ou|y|e|o|u)\s+/iu;
/** Words a list's item ends before: who is asked or where, not what. */
const LIST_END = words([
  String.raw`\s(?:among|amongst|by|from|before|compared|across|unter|von|vor|parmi|chez|aupr[e\u00e8]s|avant|entre|seg[u\u00fa]n|antes|para|frente)\b`,
  String.raw`\s*[()?!.;\u2026]`,
]);
const ETC = /\s*(?:\u2026|\.\.\.|\betc\.?|\busw\.?)\s*$/iu;
const MAX_ITEM_WORDS = 4;
const MAX_ITEMS = 6;

/** The items of a list as written ("a, b and c"), or none when a part runs on longer than an item. */
function listItems(text: string, least: number, most = MAX_ITEM_WORDS): string[] {
  const cut = text.split(LIST_END)[0] ?? "";
  const parts = cut
    .replace(ETC, "")
    .split(JOIN)
    .map((p) => p.replace(/^[\s"'\u201c\u201e\u00ab]+|[\s"'\u201d\u00bb,:]+$/gu, "").trim())
    // ", or c": the joining word after a comma.
    .map((p) => p.replace(/^(?:and|or|und|oder|et|ou|y|e|o|u)\s+/iu, ""))
    .filter(Boolean);
  if (parts.length < least || parts.some((p) => p.split(/\s+/).length > most)) return [];
  return [...new Set(parts)].slice(0, MAX_ITEMS);
}

// --- Attributes ------------------------------------------------------------------------------------------------------

/** A sentence that asks how something is rated or seen. */
const RATING_CUE = words([
  String.raw`\bassociat\p{L}*|\b(?<!-)rat(?:e|es|ed|ing)\b|\bmeasur\p{L}*|\bperce(?:ive|ived|ption)\p{L}*|\bscores?\b|\bperforms?\b|\battributes?\b|\bcriteria\b|\bjudg\p{L}*|\bhow (?:${W}\s){0,4}(?:see|sees|view|views)\b|\bseen as\b`,
  String.raw`\bassoziier\p{L}*|\bassoziation\p{L}*|\bverbinden\b|\bbewert\p{L}*|\bbeurteil\p{L}*|\bwahrnehm\p{L}*|\bwahrgenommen\b|\babschneid\p{L}*|\bmessen\b|\bkriterien\b|\battribute?n?\b|\beinsch[a\u00e4]tz\p{L}*`,
  String.raw`\bassoci\p{L}*|\bjug\p{L}*|\b[e\u00e9]valu\p{L}*|\bperception\p{L}*|\bper[c\u00e7]oi\p{L}*|\bmesur\p{L}*|\bcrit[e\u00e8]res?\b|\battributs?\b`,
  String.raw`\basoci\p{L}*|\bvalor(?:an|a|ar|en|aci[o\u00f3]n)\b|\bevalu\p{L}*|\bpercep\p{L}*|\bperciben\b|\bmedir\b|\bmidan?\b|\batributos?\b|\bcriterios?\b|\bcalific\p{L}*`,
]);
/** Where the list of attributes opens, after the cue: "on", "in terms of", "bei", "hinsichtlich", "sur", "en cuanto a"… */
const LIST_OPENS = words([
  String.raw`:|\(|\bin terms of\b|\bas regards\b|\bregarding\b|\bon\b`,
  String.raw`\bhinsichtlich\b|\bin bezug auf\b|\bbez[u\u00fc]glich\b|\bin sachen\b|\bbei\b`,
  String.raw`\ben termes d(?:e\b|['\u2019])|\bquant [a\u00e0]\b|\bau niveau d(?:e\b|u\b|es\b|['\u2019])|\bsur\b`,
  String.raw`\ben cuanto a\b|\ben t[e\u00e9]rminos de\b|\brespecto a\b|\ben\b|\bsobre\b`,
]);

/** Attributes in German, French and Spanish a question can say in English (each language's article left off). */
const ENGLISH: Record<string, string> = Object.fromEntries(
  (
    [
      ["quality", "qualit\u00e4t", "qualit\u00e9", "calidad"],
      ["price", "preis", "prix", "precio"],
      ["service", "service", "service", "servicio"],
      ["speed", "schnelligkeit", "rapidit\u00e9", "rapidez"],
      ["ease of use", "benutzerfreundlichkeit", "facilit\u00e9 d'utilisation", "facilidad de uso"],
      ["reliability", "zuverl\u00e4ssigkeit", "fiabilit\u00e9", "fiabilidad"],
      [
        "value for money",
        "preis-leistungs-verh\u00e4ltnis",
        "rapport qualit\u00e9-prix",
        "relaci\u00f3n calidad-precio",
      ],
      ["sustainability", "nachhaltigkeit", "durabilit\u00e9", "sostenibilidad"],
      ["friendliness", "freundlichkeit", "amabilit\u00e9", "amabilidad"],
      ["cleanliness", "sauberkeit", "propret\u00e9", "limpieza"],
      ["safety", "sicherheit", "s\u00e9curit\u00e9", "seguridad"],
      ["punctuality", "p\u00fcnktlichkeit", "ponctualit\u00e9", "puntualidad"],
      ["comfort", "komfort", "confort", "comodidad"],
      ["choice", "auswahl", "choix", "variedad"],
      ["taste", "geschmack", "go\u00fbt", "sabor"],
      ["design", "design", "design", "dise\u00f1o"],
      ["customer service", "kundenservice", "service client", "atenci\u00f3n al cliente"],
    ] as const
  ).flatMap(([english, ...others]) => others.map((o) => [o, english])),
);
const ARTICLE = /^(?:the|der|die|das|den|le|la|les|l['\u2019]|el|los|las|un|une|una)\s*/iu;

/** "associations with health", "links to tradition": the attribute after them. */
const ASSOCIATED_WITH =
  /^(?:associations?|links?|assoziationen|verbindungen|associations?|asociaciones?)\s+(?:with|to|mit|zu|avec|\u00e0|con|a)\s+/iu;
/** A funnel measure a brief lists beside its attributes: asked as itself, never as an image ("awareness" describes nothing). */
const NOT_AN_IMAGE =
  /^(?:(?:brand )?awareness|familiarity|consideration|first choice|preference|usage|purchase intent|loyalty|bekanntheit|notori\u00e9t\u00e9|conocimiento|recuerdo)$/iu;

/** An attribute as a question says it: English where the word is known, else the client's word without its article. */
function attributeWord(written: string): string {
  const bare = written.replace(ARTICLE, "").trim();
  return ENGLISH[bare.toLowerCase()] ?? bare;
}

/** The attributes a brief lists as what to measure: a list after a rating cue and an opening word. */
export function listedAttributes(inputs: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const text of briefTexts(inputs))
    for (const sentence of sentencesOf(text)) {
      const cue = RATING_CUE.exec(sentence);
      if (!cue) continue;
      // German puts its verb last ("wie X hinsichtlich Y abschneidet"): the list opens after the cue, or before it.
      const after = sentence.slice(cue.index + cue[0].length);
      const rest = LIST_OPENS.test(after) ? after : sentence.slice(0, cue.index);
      // The first opening that starts a list: a bracket that holds an aside ("the app (our new one) on speed") does not.
      let items: string[] = [];
      for (let from = 0, open = LIST_OPENS.exec(rest); open; open = LIST_OPENS.exec(rest.slice(from))) {
        const at = from + open.index + open[0].length;
        // "Measure the effect on sales" names no attribute: a bare "measure" needs a list of them, and so does a
        // bracket ("associations (relaxing, authentic, …)"), where one item is an aside.
        const least = /^(?:measur|messen|mesur|medir|midan?)/iu.test(cue[0]) || open[0] === "(" ? 2 : 1;
        items = listItems(rest.slice(at), least);
        if (items.length > 0) break;
        from = at;
      }
      for (const listed of items) {
        // "associations with health" is the attribute health; awareness or first choice is a measure, no image.
        const item = listed.replace(ASSOCIATED_WITH, "");
        if (NOT_AN_IMAGE.test(item)) continue;
        // Trust and clarity are measures of their own (`asked-measures.ts`), asked once as such.
        const measured = askedMeasures({ objective: item }).some((m) => m === "trust" || m === "clarity");
        const word = attributeWord(item);
        if (word && !measured && !found.some((f) => f.toLowerCase() === word.toLowerCase())) found.push(word);
      }
    }
  return found.slice(0, MAX_ITEMS);
}

// --- What holds people back ------------------------------------------------------------------------------------------

const BARRIER_CUE = words([
  String.raw`\bhold(?:s|ing)? (?:${W}\s){0,2}back\b|\bwhy (?:${W}\s){0,4}(?:not|don't|doesn't|won't|wouldn't|never)\b|\bwhy not\b|\bbarriers?\b(?!-)|\bobstacles?\b|\bstops? (?:${W}\s){0,3}from\b|\bwhat stops\b|\bputs? (?:${W}\s){0,2}off\b|\bprevents? (?:${W}\s){0,3}from\b|\bdeters?\b|\breasons? (?:for not|why (?:${W}\s){0,3}(?:not|don't))\b`,
  String.raw`\babh[a\u00e4]lt\b|\bh[a\u00e4]lt (?:${W}\s){0,2}davon ab\b|\bwarum (?:${W}\s){0,4}(?:nicht|kein\p{L}*|nie)\b|\bh[u\u00fc]rden?\b|\bhindernisse?\b|\bhinder\p{L}*|\bdagegen spricht\b|\bgr[u\u00fc]nde dagegen\b|\bbremst\b`,
  String.raw`\bfrein\p{L}*|\bpourquoi (?:${W}\s){0,4}(?:ne|n['\u2019])|\bpourquoi pas\b|\bemp[e\u00ea]ch\p{L}*|\bobstacles?\b|\bbarri[e\u00e8]res?\b|\bretient\b|\bd[e\u00e9]courag\p{L}*`,
  String.raw`\bpor qu[e\u00e9] (?:(?:${W}\s){0,4})?no\b|\bimpid\p{L}*|\bimpiden?\b|\bfrena[n]?\b|\bfrenos?\b|\bbarreras?\b|\bobst[a\u00e1]culos?\b|\bdesanim\p{L}*`,
]);
/** Whether a text asks what holds people back ("les freins", "what stops them", "was sie abhält"). */
export const asksWhatHoldsBack = (text: string) => BARRIER_CUE.test(text);

/** Where a brief lists its own reasons: "such as", "(", ":", "etwa", "par exemple", "por ejemplo"… */
const REASONS_OPEN = words([
  String.raw`\bsuch as\b|\blike\b|\be\.g\.|\bfor example\b|\bincluding\b|\bwe suspect\b|\bperhaps\b`,
  String.raw`\betwa\b|\bz\.\s?B\.|\bzum beispiel\b|\bwie\b|\bvielleicht\b`,
  String.raw`\bcomme\b|\bpar exemple\b|\bnotamment\b|\bpeut-[e\u00ea]tre\b`,
  String.raw`\bcomo\b|\bpor ejemplo\b|\bp\.\s?ej\.|\btales como\b|\bquiz[a\u00e1]s?\b`,
  String.raw`\(|:`,
]);

/**
 * How far after its ask a colon, or a bracket, may open the ask's own list ("what holds them back (cost, time)"):
 * further on, it is an aside about a noun on the way ("the town's free workshops (WhatsApp, online banking)").
 */
const ASIDE_WORDS = 6;
const BARRIER_ITEM_WORDS = 7;
const BRACKET_WORDS = 4;

/** What holds people back, as the brief asks it, with the reasons it lists in the same or the next sentence. */
function barrierOf(inputs: Record<string, unknown>): BriefAsks["barrier"] {
  for (const text of briefTexts(inputs)) {
    const sentences = sentencesOf(text);
    for (const [i, sentence] of sentences.entries()) {
      const cue = BARRIER_CUE.exec(sentence);
      if (!cue) continue;
      const reasonsIn = (s: string, from: number) => {
        const open = REASONS_OPEN.exec(s.slice(from));
        if (!open) return [];
        // A bracket or colon long after the ask opens examples of what it is about ("why they do not attend the free
        // workshops of the town (WhatsApp, online banking)"), not reasons.
        const between = s.slice(from, from + open.index).trim();
        const gap = between === "" ? 0 : between.split(/\s+/).length;
        // A bracket that opens "for example" is a list of its own, as a colon is.
        const exampled = REASONS_OPEN.exec(s.slice(from + open.index + 1).trimStart())?.index === 0;
        const most = open[0] === "(" && !exampled ? BRACKET_WORDS : ASIDE_WORDS;
        if ((open[0] === "(" || open[0] === ":") && gap > most) return [];
        // "(for example a, b and c)": every opening word is passed, not only the first.
        let list = s.slice(from + open.index + open[0].length).trimStart();
        for (let again = REASONS_OPEN.exec(list); again?.index === 0; again = REASONS_OPEN.exec(list))
          list = list.slice(again[0].length).trimStart();
        // A reason is often a short clause ("guardar el aceite en casa", "ne sait pas o\u00f9 aller"): up to seven words.
        return listItems(list, 2, BARRIER_ITEM_WORDS);
      };
      const own = reasonsIn(sentence, cue.index + cue[0].length);
      const next = own.length > 0 ? own : reasonsIn(sentences[i + 1] ?? "", 0);
      return { reasons: next.map((r) => `${r[0]?.toUpperCase() ?? ""}${r.slice(1)}`) };
    }
  }
  return undefined;
}

/** What would help, keep or bring people back, as a brief asks it. */
const HELP_CUE = words([
  String.raw`\bwhat would (?:help|make|encourage|get)\b|\bwould help\b`,
  String.raw`\bwas (?:ihnen |sie |ihm |ihr )?(?:helfen|hilft|bewegen) w[u\u00fc]rde\b|\bhelfen w[u\u00fc]rde\b`,
  String.raw`\bce qui (?:les |l['\u2019]|lui )?(?:aiderait|ferait|inciterait|encouragerait)\b`,
  String.raw`\bqu[e\u00e9] (?:les |los |las |le |lo |la )?(?:ayudar[i\u00ed]a|har[i\u00ed]a|animar[i\u00ed]a)\b`,
]);
/** The remedies a brief proposes after asking what would help ("…: a step-by-step guide, a phone adviser or …"). */
export function remediesOf(inputs: Record<string, unknown>): string[] {
  for (const text of briefTexts(inputs))
    for (const sentence of sentencesOf(text)) {
      const cue = HELP_CUE.exec(sentence);
      if (!cue) continue;
      const rest = sentence.slice(cue.index + cue[0].length);
      const open =
        /[:(]|\b(?:such as|like|e\.g\.|for example|etwa|zum Beispiel|comme|par exemple|como|por ejemplo)\b/iu.exec(
          rest,
        );
      // A colon ends what would help, however long ("qué ayudaría a los vecinos a usar el programa X:").
      const most = open?.[0] === ":" ? COLON_WORDS : ASIDE_WORDS;
      if (!open || rest.slice(0, open.index).trim().split(/\s+/).length > most) continue;
      // Numbered inline ("1) a guide 2) a phone line"), the numbers part the items as commas would.
      const listed = rest
        .slice(open.index + open[0].length)
        .replace(/(?:^|\s+)\(?\d[.)]\s+/gu, ", ")
        .replace(/^[\s,]+/u, "");
      const items = listItems(listed, 2, REMEDY_WORDS);
      if (items.length >= 2) return items.map(option);
    }
  return [];
}
const REMEDY_WORDS = 6;
const COLON_WORDS = 12;

// --- A or B ----------------------------------------------------------------------------------------------------------

/** A choice between two, always: "versus", "vs", "frente a", "plutôt que"… */
const VERSUS_JOIN = words([
  String.raw`\s(?:vs\.?|versus|rather than|instead of|gegen[u\u00fc]ber|statt|anstatt|plut[o\u00f4]t que|contre|frente a|en lugar de|en vez de)\s`,
]);
/** "or" in the four languages: a choice only where the sentence asks which people prefer or choose. */
const OR_JOIN = /\s(?:or|oder|ou|o|u)\s/iu;
const PREFERENCE_CUE = words([
  String.raw`\bprefer\p{L}*|\brather\b|\bchoos\p{L}*|\bchoice between\b`,
  String.raw`\bbevorzug\p{L}*|\blieber\b|\bvorzieh\p{L}*|\bw[a\u00e4]hlen\b`,
  String.raw`\bpr[e\u00e9]f[e\u00e8]r\p{L}*|\bchois\p{L}*`,
  String.raw`\bprefier\p{L}*|\belegir\p{L}*|\beligen\b`,
]);
/** A word a side of the choice does not run back past: the cue, who is asked, a clause's start. */
const SIDE_STOP = words([
  String.raw`^(?:prefer\p{L}*|rather|choose|choice|between|compare|whether|if|do|does|would|will|they|people|members|residents|customers|users|which|what|how)$`,
  String.raw`^(?:bevorzug\p{L}*|lieber|w[a\u00e4]hl\p{L}*|zwischen|vergleich\p{L}*|ob|wenn|sie|mitglieder|kund\p{L}*|nutzer\p{L}*|welche\p{L}*|was|wie)$`,
  String.raw`^(?:pr[e\u00e9]f[e\u00e8]r\p{L}*|choisi\p{L}*|entre|comparer|si|ils|elles|habitants|usagers|clients|membres|quel\p{L}*)$`,
  String.raw`^(?:prefier\p{L}*|elegir|entre|comparar|si|vecin\p{L}*|socios|clientes|usuari\p{L}*|cu[a\u00e1]l\p{L}*|qu[e\u00e9]|[\u00bf\u00a1]\p{L}*)$`,
]);
/** A side of a choice opens with one of these ("by email", "am Schalter", "en ligne", "por teléfono"). */
const FUNCTION_WORD =
  /^(?:by|in|on|at|via|through|with|without|the|a|an|per|im|am|an|auf|mit|ohne|beim|par|en|au|sur|sans|avec|\u00e0|por|con|sin|al|el|la|un|una)$/iu;
const SIDE_WORDS = 4;

/** The side of a choice before its joining word: back to a stop, as long as the other side or from a function word. */
function sideBefore(text: string, other: string[]): string | undefined {
  const before =
    text
      .split(/[,:;(\u00bf\u00a1]/u)
      .at(-1)
      ?.trim()
      .split(/\s+/)
      .filter(Boolean) ?? [];
  const run: string[] = [];
  for (let i = before.length - 1; i >= 0 && run.length < SIDE_WORDS; i--) {
    const w = before[i] as string;
    if (SIDE_STOP.test(w) || /-(?:ils|elles|ils|on)$/iu.test(w)) break;
    run.unshift(w);
  }
  if (run.length === 0) return undefined;
  // "the app or the website": a side that opens with a function word like the other's is the phrase from that word.
  if (FUNCTION_WORD.test(other[0] ?? ""))
    for (let i = 0; i < run.length; i++) if (FUNCTION_WORD.test(run[i] as string)) return run.slice(i).join(" ");
  return run.slice(-Math.min(run.length, other.length)).join(" ");
}

/** The side after the joining word: up to a stop, a comma or a clause. */
function sideAfter(text: string): string[] {
  const head =
    text.split(
      /[,:;?!.()\u2026]|\s(?:and|und|et|y|for|to|when|if|f[u\u00fc]r|um|wenn|pour|quand|para|cuando|among)\s/iu,
    )[0] ?? "";
  return head.trim().split(/\s+/).filter(Boolean).slice(0, SIDE_WORDS);
}

const NOT = /^(?:not|nicht|non|pas|no)$/iu;

/** The two ways a brief asks people to choose between, as written; never the study's brands (first choice asks that). */
function versusOf(inputs: Record<string, unknown>): [string, string] | undefined {
  const names = [
    inputs.brand,
    inputs.product,
    inputs.product_name,
    ...(Array.isArray(inputs.competitors) ? inputs.competitors : []),
  ]
    .filter((n): n is string => typeof n === "string" && n.trim() !== "")
    .map((n) => n.toLowerCase());
  const named = (side: string) => names.some((n) => side.toLowerCase().includes(n) || n.includes(side.toLowerCase()));
  for (const text of briefTexts(inputs))
    for (const sentence of sentencesOf(text)) {
      const join = VERSUS_JOIN.exec(sentence) ?? (PREFERENCE_CUE.test(sentence) ? OR_JOIN.exec(sentence) : null);
      if (!join) continue;
      const after = sideAfter(sentence.slice(join.index + join[0].length));
      if (after.length === 0 || NOT.test(after[0] as string)) continue;
      const before = sideBefore(sentence.slice(0, join.index), after);
      const other = after.join(" ");
      if (before && before.toLowerCase() !== other.toLowerCase() && !named(before) && !named(other))
        return [before, other];
    }
  return undefined;
}

/** What the brief asks besides its measures. */
export function briefAsks(inputs: Record<string, unknown>): BriefAsks {
  const barrier = barrierOf(inputs);
  const versus = versusOf(inputs);
  return {
    attributes: listedAttributes(inputs),
    ...(barrier ? { barrier } : {}),
    ...(versus ? { versus } : {}),
  };
}

// --- Questions -------------------------------------------------------------------------------------------------------

const NOTHING_HOLDS = "Nothing holds me back";
const NO_PREFERENCE = "No preference";
const SOMETHING_ELSE = "Something else";
const COSTS = "It costs too much";
/** Reasons that fit any subject; what it costs only where money comes into it. */
const GENERIC_REASONS = [
  "I don't know enough about it",
  "It would take too much time or effort",
  COSTS,
  "I don't trust it",
  "I don't need it",
  "I prefer another way",
];
/** The reasons of a barrier question the client listed: its options but the ones that fit any subject. */
const clientReasons = (options: readonly string[]) =>
  options.filter((o) => !GENERIC_REASONS.includes(o) && o !== SOMETHING_ELSE && o !== NOTHING_HOLDS);
const RATING = ["Very poor", "Poor", "Fair", "Good", "Very good", "Don't know it well enough to say"];

interface Drafted {
  text: string;
  options: readonly string[];
  insight: string;
  name: string;
}

/** A side of a choice as an answer option: as written, with a capital. */
const option = (side: string) => `${side[0]?.toUpperCase() ?? ""}${side.slice(1)}`;

/**
 * The questions that ask what the brief asks, about `subject` (a short name, or "this"): each listed attribute rated,
 * what holds people back (the client's reasons, else ones that fit any subject; cost only where money comes into it),
 * and which of the two ways people prefer.
 */
export function briefAskQuestions(asks: BriefAsks, subject: string, inputs: Record<string, unknown>): Drafted[] {
  const priced =
    inputs.price_point !== undefined ||
    inputs.price_points !== undefined ||
    readSurveyBrief(undefined, briefTexts(inputs)).money;
  const barrier = asks.barrier;
  // A message test's "organisation behind these messages" is no thing people are held back from or choose a way for.
  const about = subject === "this" || subject.startsWith("the organisation behind") ? "" : subject;
  return [
    ...asks.attributes.map((attribute) => ({
      text: `How would you rate ${subject} on ${attribute}?`,
      options: RATING,
      name: `rating ${attribute}`,
      insight: `How people rate it on ${attribute}, an attribute the brief lists.`,
    })),
    ...(barrier
      ? [
          {
            text: `What, if anything, holds you back${about ? ` from ${about}` : ""}?`,
            options: [
              ...(barrier.reasons.length > 0 ? barrier.reasons : GENERIC_REASONS.filter((r) => priced || r !== COSTS)),
              SOMETHING_ELSE,
              NOTHING_HOLDS,
            ],
            name: "what holds back",
            insight: `What holds people back, as the brief asked; those with nothing holding them back say so and are left out of its base.`,
          },
        ]
      : []),
    ...(asks.versus
      ? [
          {
            text: `Which would you prefer${about ? ` for ${about}` : ""}?`,
            options: [option(asks.versus[0]), option(asks.versus[1]), NO_PREFERENCE],
            name: "preference",
            insight: "Which of the two ways people prefer, as the brief asked.",
          },
        ]
      : []),
  ];
}

/** A question that asks what holds people back, however the plan words it. */
const BARRIER_QUESTION =
  /\bhold(?:s)? you back\b|\b(?:stops?|keeps?|prevents?) you from\b|\bmain reasons? (?:why )?you (?:do not|don't|never)\b/i;

/** Whether a plan question asks what `asked` asks: the same text, or a rating of the same attribute, or the same two ways. */
export function coversAsk(q: Drafted, asked: Drafted): boolean {
  if (q.text === asked.text) return true;
  const options = q.options.map((o) => o.toLowerCase());
  if (asked.name.startsWith("rating "))
    return q.options.length >= 3 && q.text.toLowerCase().includes(asked.name.slice("rating ".length).toLowerCase());
  // A question of what holds people back covers the ask when it offers the reasons the client listed.
  if (asked.name === "what holds back")
    return (
      (BARRIER_QUESTION.test(q.text) || BARRIER_CUE.test(q.text)) &&
      clientReasons(asked.options).every((r) => options.includes(r.toLowerCase()))
    );
  if (asked.name === "preference") return asked.options.slice(0, 2).every((o) => options.includes(o.toLowerCase()));
  return false;
}

// --- The summary -----------------------------------------------------------------------------------------------------

const share = (q: QuestionResult, o: string) => q.overall[o] ?? 0;

/** The summary's lines for what holds people back and for the choice between two ways, each with its base. */
export function briefAskLines(inputs: Record<string, unknown>, results: ResearchResults): string[] {
  const asks = briefAsks(inputs);
  const lines: string[] = [];
  const n = results.respondents;
  // The barrier question with the client's own reasons, where there is one.
  const reasons = (asks.barrier?.reasons ?? []).map((r) => r.toLowerCase());
  const barriers = asks.barrier ? results.questions.filter((q) => BARRIER_QUESTION.test(q.question_text)) : [];
  const barrier =
    barriers.find((q) => reasons.every((r) => q.answer_options.some((o) => o.toLowerCase() === r))) ?? barriers[0];
  if (barrier) {
    // Those whom nothing holds back are no part of the base of what does.
    const held = 1 - share(barrier, NOTHING_HOLDS);
    const base = Math.round(n * held);
    const reasons = barrier.answer_options.filter((o) => o !== NOTHING_HOLDS);
    const top = reasons.reduce((best, o) => (share(barrier, o) > share(barrier, best) ? o : best));
    lines.push(
      base > 0
        ? `What holds people back, as the brief asks: "${top}" for ${percent(share(barrier, top) / held)} of the ${base} held back by something (n=${base})${held < 1 ? `; ${percent(1 - held)} say nothing holds them back` : ""} ("${barrier.question_text}").`
        : `What holds people back, as the brief asks: nothing, say ${percent(1)} (n=${n}) ("${barrier.question_text}").`,
    );
  }
  const [a, b] = asks.versus ?? [];
  const preference =
    a && b
      ? results.questions.find(
          (q) =>
            q.answer_options.length === 3 &&
            q.answer_options.at(-1) === NO_PREFERENCE &&
            q.answer_options[0] === option(a),
        )
      : undefined;
  if (preference) {
    const [first, second] = preference.answer_options as [string, string];
    const [x, y] = [share(preference, first), share(preference, second)];
    // Which of the two is preferred is said only beyond the margin of error.
    const gap = compare(Math.max(x, y), Math.min(x, y), { kind: "one question", n });
    const lead =
      gap.call === "lead"
        ? `more prefer "${x > y ? first : second}"`
        : `neither clearly preferred (${withinMargin(gap)})`;
    lines.push(
      `The two ways the brief asks about: ${lead}; "${first}" ${percent(x)}, "${second}" ${percent(y)}, no preference ${percent(share(preference, NO_PREFERENCE))} (n=${n}) ("${preference.question_text}").`,
    );
  }
  return lines;
}
