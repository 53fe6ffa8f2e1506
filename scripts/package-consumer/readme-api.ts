import { startServer } from "bss-mock";

// The options of `bss-mock serve` in camelCase; { port: 0 } takes any free port, on 127.0.0.1 unless `host` says so.
const server = await startServer({ port: 0, timing: "fast", quiet: true });
const response = await fetch(`${server.url}/v1/user-models`);
console.log(`GET ${server.url}/v1/user-models: ${response.status}`);
await server.close();
