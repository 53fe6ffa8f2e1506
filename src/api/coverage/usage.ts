/** `bss-mock coverage --help`: apart from the command, so the command line starts without its code. */
export const COVERAGE_USAGE = `Usage: bss-mock coverage --base-url URL [--org O] [--min-rules P] [--min-errors P]
                         [--reporter pretty|json|junit|html] [--out FILE] [--control-token T]

Reads what a client's run reached on a running bss-mock (GET /__mock/coverage, since its start or last reset) and
reports it: operations with their statuses, the rules their answers showed, the states read, and the error answers
and states a client must handle that the run never reached, each with the scenario that produces it.

  --base-url URL        the mock, e.g. http://127.0.0.1:4010
  --org O               one organisation's coverage (tokens <user>@O); else the whole mock's
  --min-rules P         exit 1 when fewer than P % of the rules coverage can see were exercised
  --min-errors P        exit 1 when fewer than P % of the must-handle answers and states were reached
  --reporter NAME       pretty (default), json, junit (one case per rule and state, skipped when not reached), html
  --out FILE            write the report to FILE instead of stdout
  --control-token T     the mock's --control-token (env BSS_MOCK_CONTROL_TOKEN)

Exit codes: 0 ok, 1 runtime failure, 2 usage error. Here: 1 when under a threshold, 2 also when the mock cannot be
read.`;
