// Baseline for the throughput comparison: a bare node:http server that answers GET /v1/simulations/{id} with the JSON
// the mock returned for that simulation (serialised per request, as a real handler would), /healthz with 200, and
// anything else with 404. Usage: node bench/bare-server.mjs BODY_FILE
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const bodyFile = process.argv[2];
if (!bodyFile) {
  process.stderr.write("usage: node bench/bare-server.mjs BODY_FILE\n");
  process.exit(2);
}
const record = JSON.parse(readFileSync(bodyFile, "utf8"));
const SIMULATION = /^\/v1\/simulations\/[0-9a-f-]{36}$/;

const server = createServer((req, res) => {
  if (req.method === "GET" && SIMULATION.test(req.url ?? "")) {
    const body = JSON.stringify(record);
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  } else if (req.url === "/healthz") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"status":"ok"}');
  } else {
    res.writeHead(404, { "content-type": "application/json" });
    res.end('{"detail":"Not Found"}');
  }
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`bare listening on http://127.0.0.1:${server.address().port}\n`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
