/**
 * "Did you mean …?" for a name a person typed (a flag, a command, an option, a scenario, a rule id): the known names
 * nearest to it by edit distance.
 */

/**
 * Edits from `a` to `b`: an inserted, deleted or replaced character, or two neighbours swapped (`prot` → `port`),
 * each one edit (the optimal string alignment distance).
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The known names nearest to `wanted`, best first, at most `count`: case is ignored, and a name is near when it is at
 * most a third of its length away (at least 2 edits), or contains what was typed (3 characters or more).
 */
export function nearest(wanted: string, known: Iterable<string>, count = 3): string[] {
  const target = wanted.toLowerCase();
  const limit = Math.max(2, Math.floor(target.length / 3));
  const scored: Array<{ name: string; d: number }> = [];
  for (const name of new Set(known)) {
    const lower = name.toLowerCase();
    const d = target.length >= 3 && lower.includes(target) ? 0.5 : editDistance(target, lower);
    if (d <= limit) scored.push({ name, d });
  }
  scored.sort((a, b) => a.d - b.d || a.name.localeCompare(b.name));
  return scored.slice(0, count).map((candidate) => candidate.name);
}

/** `did you mean 'port'?` (each name shown by `show`), or undefined when no known name is near. */
export function didYouMean(
  wanted: string,
  known: Iterable<string>,
  show: (name: string) => string = (name) => `'${name}'`,
): string | undefined {
  const near = nearest(wanted, known);
  if (near.length === 0) return undefined;
  const shown = near.map(show);
  const list = shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(", ")} or ${shown.at(-1)}`;
  return `did you mean ${list}?`;
}
