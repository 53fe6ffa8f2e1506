// Behaviour Simulation Service - independent implementation on Node's built-in modules only.
import http from 'node:http';
import { config, BUG } from './lib/config.mjs';
import { handle } from './lib/app.mjs';

const server = http.createServer((req, res) => {
  handle(req, res);
});
server.keepAliveTimeout = 5000;
server.listen(config.port, config.host, () => {
  const a = server.address();
  console.log(`bss-node listening on http://${a.address}:${a.port}${BUG ? ` (BUG=${BUG})` : ''}`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)) && setTimeout(() => process.exit(0), 500).unref());
