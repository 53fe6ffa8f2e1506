/** `bss-mock proxy --help` and `bss-mock check --help`: shared by the command line and the commands. */
export const PROXY_USAGE = `Usage: bss-mock proxy --upstream URL [--port N] [--host H] [--out FILE] [--reporter pretty|json|junit]
         [--har FILE] [--strict] [--openapi FILE]

Passes every request to URL (http or https) and its answer back unchanged, and judges each exchange against the
OpenAPI document and the interface spec's rules that traffic can show (the contract kit's rule ids and sentences).
Live report: GET /__proxy/report (JSON) and /__proxy/ (a page that updates as traffic flows). On SIGINT or SIGTERM
the report is printed (or written to --out) in the chosen reporter.

  --upstream URL   the service to put the proxy in front of
  --port N         port to listen on (default 4020; 0 for any free port)
  --host H         interface to listen on (default 127.0.0.1)
  --out FILE       write the report to FILE on exit (a summary line still goes to stdout)
  --reporter R     pretty (default), json or junit
  --har FILE       record the traffic as HAR 1.2 (authorization redacted, cookies dropped; at most 10 000 entries
                   and 256 MiB)
  --strict         exit 1 only for violations (by default a suspect fails too)
  --openapi FILE   the document to check against (default: the upstream's /openapi.json, else bss-mock's own)

A violation is certain: no state the resource may be in (background work moves simulations between reads) allows
the answer. A suspect is likely but depends on timing, and says why.

Exit codes: 0 no finding, 1 a violation (or a suspect, without --strict), 2 usage error.`;

export const CHECK_USAGE = `Usage: bss-mock check FILE [--reporter pretty|json|junit] [--out FILE] [--strict] [--openapi FILE]

Judges recorded traffic offline, as \`bss-mock proxy\` judges it live: FILE is a HAR file (a browser's, the
proxy's --har, or a mock's GET /__mock/requests/har) or a mock's journal export (GET /__mock/requests).

  --reporter R     pretty (default), json or junit
  --out FILE       write the report to FILE (a summary line still goes to stdout)
  --strict         exit 1 only for violations (by default a suspect fails too)
  --openapi FILE   the document to check responses against (default: bss-mock's own)

Exit codes: 0 no finding, 1 a violation (or a suspect, without --strict), 2 usage error or a file it cannot read.`;
