/**
 * The rules each bug switch of the independent implementations breaks (their BUGS.md quotes the spec's sentence), or
 * why no HTTP exchange the spec defines can show it. Written from their BUGS.md and the rule catalogue, and checked by
 * running each bug (independent.test.ts): a bug must fail at least these rules.
 */
export const BUG_RULES: Readonly<Record<string, Readonly<Record<string, readonly string[] | string>>>> = {
  fastapi: {},
  node: {},
};
