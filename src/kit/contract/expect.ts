import {
  ASYMMETRIC_MATCHERS_OBJECT,
  ChaiStyleAssertions,
  chai,
  type ExpectStatic,
  JestAsymmetricMatchers,
  JestChaiExpect,
  JestExtend,
  setState,
} from "@vitest/expect";

/**
 * `expect` for the bundled runner, built the way vitest builds its own from the same package (@vitest/expect, chai
 * underneath): the contract files assert with identical matchers and messages under `npm test` and under
 * `bss-mock contract`, with no vitest at run time.
 */
chai.use(JestExtend);
chai.use(JestChaiExpect);
chai.use(ChaiStyleAssertions);
chai.use(JestAsymmetricMatchers);

const expectFunction = (value: unknown, message?: string) => chai.expect(value, message);
Object.assign(expectFunction, chai.expect);
Object.assign(expectFunction, (globalThis as Record<symbol, unknown>)[ASYMMETRIC_MATCHERS_OBJECT]);

export const expect = expectFunction as unknown as ExpectStatic;
setState(
  {
    assertionCalls: 0,
    isExpectingAssertions: false,
    isExpectingAssertionsError: null,
    expectedAssertionsNumber: null,
    expectedAssertionsNumberErrorGen: null,
    currentTestName: "",
  },
  expect,
);
