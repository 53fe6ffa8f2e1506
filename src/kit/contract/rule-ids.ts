/**
 * The rule ids as a person looks them up: `bss-mock contract --list` (one line per rule), and the closest ids when
 * `--only` names none (the package ships no contract-tests/ folder to look in).
 */
import { nearest } from "../../platform/nearest.js";
import { brief } from "./report.js";
import { PROFILES, type Profile, profileIncludes } from "./settings.js";

export interface RuleIndex {
  ids(): readonly string[];
  sentences(id: string): string[];
  profile(id: string): Profile;
}

/** True when rule `id` is selected by one of `only` (ids, `PREFIX*`, profile tags); an empty `only` selects all. */
export function selectsRule(id: string, profile: Profile, only: readonly string[]): boolean {
  if (only.length === 0) return true;
  return only.some((pattern) =>
    PROFILES.includes(pattern as Profile)
      ? profile === pattern
      : pattern.endsWith("*")
        ? id.startsWith(pattern.slice(0, -1))
        : id === pattern,
  );
}

/** One line per rule (id, profile, its sentence cut to one line), spec rules first, each profile's ids in order. */
export function ruleList(index: RuleIndex, running: Profile | undefined, only: readonly string[]): string {
  const rules = index
    .ids()
    .map((id) => ({ id, profile: index.profile(id) }))
    .filter((rule) => (!running || profileIncludes(running, rule.profile)) && selectsRule(rule.id, rule.profile, only))
    .sort((a, b) => PROFILES.indexOf(a.profile) - PROFILES.indexOf(b.profile) || a.id.localeCompare(b.id));
  const width = Math.max(0, ...rules.map((rule) => rule.id.length));
  const lines = rules.map(
    (rule) => `${rule.id.padEnd(width)}  ${rule.profile.padEnd(7)}  ${brief(index.sentences(rule.id)[0])}`,
  );
  return `${lines.join("\n")}\n${rules.length} rules\n`;
}

/**
 * The known ids nearest to `wanted` (a typo, another case, a word left out), at most `count`, or none when nothing is
 * near. A word prefix that several ids share is a candidate too, as the pattern that selects them (`SIM-LST` is one
 * edit from `SIM-LIST-*`, where whole ids such as SIM-LIST-OWN are many).
 */
export function closestIds(wanted: string, ids: readonly string[], count = 3): string[] {
  const target = wanted.toUpperCase().replace(/\*$/, "");
  const shared = new Map<string, number>();
  for (const id of ids) {
    const words = id.split("-");
    for (let n = 2; n < words.length; n++) {
      const prefix = words.slice(0, n).join("-");
      shared.set(prefix, (shared.get(prefix) ?? 0) + 1);
    }
  }
  const patterns = [...shared].filter(([, n]) => n > 1).map(([prefix]) => `${prefix}-*`);
  const byText = new Map([...ids.map((id) => [id, id] as const), ...patterns.map((p) => [p.slice(0, -2), p] as const)]);
  return nearest(target, byText.keys(), count).map((text) => byText.get(text) as string);
}

/** The first word of every id (`SIM-`, `SD-`, `SCOPE-`, …): what to start a `PREFIX*` with. */
export function idPrefixes(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => `${id.split("-")[0]}-`))].sort();
}

/** Why `pattern` of --only selects no rule, with the nearest ids or the known prefixes; undefined when it selects one. */
export function unknownPattern(pattern: string, ids: readonly string[]): string | undefined {
  if (PROFILES.includes(pattern as Profile)) return undefined;
  const prefix = pattern.endsWith("*") ? pattern.slice(0, -1) : undefined;
  if (prefix !== undefined ? ids.some((id) => id.startsWith(prefix)) : ids.includes(pattern)) return undefined;
  const near = closestIds(pattern, ids);
  const hint =
    near.length > 0 ? `did you mean ${near.join(", ")}?` : `rule ids start with ${idPrefixes(ids).join(" ")}`;
  return `--only: no rule ${prefix !== undefined ? "starts with" : "is"} '${prefix ?? pattern}': ${hint} ('bss-mock contract --list' lists every rule)`;
}
