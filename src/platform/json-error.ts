/**
 * A JSON syntax error as a person fixing the file wants it: where (line and column, counted from 1) and what. V8's
 * own message gives a position for some mistakes only, a quoted stretch of text (newlines and all) for others, so the
 * text is scanned again here, by JSON's grammar, to the first place it breaks.
 */
export function jsonSyntaxError(text: string, error: unknown): string {
  let found: { at: number; problem: string } | undefined;
  try {
    found = firstProblem(text);
  } catch {
    // Nested too deep for this scanner's stack: V8's words, on one line.
  }
  if (!found) return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ");
  const before = text.slice(0, found.at);
  const line = before.split("\n").length;
  const column = found.at - before.lastIndexOf("\n");
  return `line ${line}, column ${column}: ${found.problem}`;
}

/** Where `text` first breaks JSON's grammar, and how; undefined when it is JSON. */
function firstProblem(text: string): { at: number; problem: string } | undefined {
  let i = 0;
  class Broken {
    constructor(readonly problem: string) {}
  }
  const fail = (problem: string): never => {
    throw new Broken(i >= text.length ? "the file ends before the JSON does" : problem);
  };
  const shown = () => JSON.stringify(text[i]);
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i] as string)) i++;
  };
  const literal = (word: string) => {
    for (const char of word) {
      if (text[i] !== char) fail(`unexpected ${shown()}: expected ${word}`);
      i++;
    }
  };
  const string = () => {
    i++;
    for (;;) {
      const char = text[i];
      if (char === undefined) return fail("");
      if (char === '"') return void i++;
      if (char < " ") fail("a control character (a line break?) inside a string");
      if (char === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail("\\u needs four hexadecimal digits");
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "")) fail(`unknown escape \\${text[i]} in a string`);
      }
      i++;
    }
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail(`unexpected ${shown()}: not a JSON number`);
    i += (match as RegExpExecArray)[0].length;
  };
  const value = (): void => {
    space();
    const char = text[i];
    if (char === "{") object();
    else if (char === "[") array();
    else if (char === '"') string();
    else if (char === "t") literal("true");
    else if (char === "f") literal("false");
    else if (char === "n") literal("null");
    else if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) number();
    else fail(`unexpected ${shown()}: expected a value`);
  };
  const object = () => {
    i++;
    space();
    if (text[i] === "}") return void i++;
    for (;;) {
      space();
      if (text[i] !== '"') fail(`unexpected ${shown()}: expected a property name in double quotes`);
      string();
      space();
      if (text[i] !== ":") fail(`unexpected ${shown()}: expected ':' after the property name`);
      i++;
      value();
      space();
      if (text[i] === "}") return void i++;
      if (text[i] !== ",") fail(`unexpected ${shown()}: expected ',' or '}'`);
      i++;
    }
  };
  const array = () => {
    i++;
    space();
    if (text[i] === "]") return void i++;
    for (;;) {
      value();
      space();
      if (text[i] === "]") return void i++;
      if (text[i] !== ",") fail(`unexpected ${shown()}: expected ',' or ']'`);
      i++;
    }
  };
  try {
    value();
    space();
    if (i < text.length) fail(`unexpected ${shown()} after the JSON value`);
    return undefined;
  } catch (broken) {
    if (broken instanceof Broken) return { at: i, problem: broken.problem };
    throw broken;
  }
}
