/**
 * The interface spec cut into the units the traceability file maps: every sentence of its prose, every list item and
 * every table row (header rows and separators aside), each with the headings it sits under.
 */
export interface SpecUnit {
  /** Headings above the unit, outermost first, joined with " > " (the title heading left out). */
  readonly section: string;
  readonly text: string;
}

/** Sentence ends: a full stop followed by a space and the start of a new sentence. */
const SENTENCE_END = /(?<=\.)\s+(?=[A-Z`(])/;

function sentences(section: string, text: string): SpecUnit[] {
  return text
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "")
    .map((sentence) => ({ section, text: sentence }));
}

export function specUnits(markdown: string): SpecUnit[] {
  const units: SpecUnit[] = [];
  const headings: string[] = [];
  let tableRow = 0;
  let paragraph: string[] = [];
  const flush = () => {
    const text = paragraph.join(" ").trim();
    paragraph = [];
    units.push(...sentences(headings.join(" > "), text));
  };
  for (const raw of markdown.split("\n")) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = (heading[1] as string).length;
      if (level === 1) continue;
      headings.splice(level - 2, headings.length, heading[2] as string);
      continue;
    }
    if (line.startsWith("|")) {
      flush();
      tableRow++;
      // Row 1 is the header, row 2 the separator.
      if (tableRow > 2) units.push({ section: headings.join(" > "), text: line });
      continue;
    }
    tableRow = 0;
    const item = /^(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      flush();
      units.push(...sentences(headings.join(" > "), item[1] as string));
      continue;
    }
    if (line === "") flush();
    else paragraph.push(line);
  }
  flush();
  return units;
}
