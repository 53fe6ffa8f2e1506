/** `bss-mock contract --help`: shared by the command line (which answers --help itself) and the runner. */
export const CONTRACT_USAGE = `Usage: bss-mock contract --base-url URL [--token T] [--token-b T2 --token-same-org T3] [--token-template T]
         [--profile spec|fastapi|mock] [--allow-writes] [--only RULE-ID|TAG[,…]] [--timeout-ms N] [--poll-ms N]
         [--concurrency N] [--reporter pretty|json|junit] [--out FILE] [--control-token T] [--compare-mock]
       bss-mock contract --list [--profile P] [--only X]

  --base-url URL        the implementation to test
  --token T             the caller's authorization header value, sent as is: --token "Bearer $KEY" (against a
                        bss-mock callers are invented per test; a target refusing it stops the run, exit 2)
  --token-b T2          a caller of another organisation (isolation rules are not applicable without it)
  --token-same-org T3   a second caller of T's organisation (sharing rules are not applicable without it)
  --token-template T    how the target makes a new caller from a token, with {org} and {user} in it (each test gets
                        a fresh one: "Bearer {user}@{org}"); rules that need an empty account (the default context)
                        are not applicable without it; --token, --token-b and --token-same-org come from it when not given
  --profile P           spec: only what the interface spec states (default); fastapi: also FastAPI + Pydantic v2's
                        exact answers; mock: also bss-mock's own decisions (default when the target is a bss-mock)
  --allow-writes        let the suite create data (named "bss-contract <run id>"; simulations are deleted at the end);
                        without it only reads and validation refusals are sent
  --only X              only rules with these ids, id prefixes ending in '*', or tags (spec, fastapi, mock)
  --list                print every rule id with its profile and sentence (no target needed), then exit
  --timeout-ms N        longest wait for one background step, e.g. planning (default 120000)
  --poll-ms N           pause between polls of a target on its own clock (default 1000; 50 for a bss-mock)
  --concurrency N       test files run at once (default 4; 1 on a clock the suite moves)
  --reporter R          pretty (default), json or junit
  --out FILE            write the report to FILE (a summary still goes to stdout)
  --compare-mock        also run the suite against a bss-mock started in this process (same arguments and profile;
                        spec unless --profile) and print the rules whose verdicts differ, with each side's exchange
                        ("mock: 409 DELETE … / service: 204 DELETE …"); exit 1 when one differs or the service fails
                        a rule; --reporter pretty or json
  --control-token T     a bss-mock started with --control-token T (env BSS_MOCK_CONTROL_TOKEN, as serve reads it):
                        without it such a mock is tested as "not a bss-mock"

Exit codes: 0 ok, 1 runtime failure, 2 usage error. Here: 0 when no selected rule failed (and one passed), 1 when a
rule failed (or none could be checked), 2 for a bad option or a target that cannot be reached (one line).`;
