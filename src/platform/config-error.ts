/**
 * A usage error: an option (flag) or a file whose value the mock cannot use (exit 2 on the command line). When one
 * option is at fault, `option` names it (camelCase, as the programmatic API spells it), with its `value` and the
 * `problem`, so the command line can say it with the flag's name. A leaf, so that the content generator's fixture
 * errors are usage errors too without importing the API (which types `option` as its own option names).
 */
export class ConfigError<Option extends string = string> extends Error {
  // Set by hand, on instances and on the class: the bundle is minified, and a log, a test report or an uncaught error
  // (which Node shows by the class's name) should still say what this is.
  override readonly name: string = "ConfigError";
  static {
    Object.defineProperty(ConfigError, "name", { value: "ConfigError" });
  }
  constructor(
    message: string,
    readonly option?: Option,
    readonly value?: string,
    readonly problem?: string,
  ) {
    super(message);
  }
}
