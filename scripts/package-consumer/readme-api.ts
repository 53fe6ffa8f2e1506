import { startServer } from "bss-mock";

// The options of `bss-mock serve` in camelCase; { port: 0 } takes any free port, on 127.0.0.1 unless `host` says so.
const server = await startServer({ port: 0, timing: "fast", quiet: true });
const models = await fetch(`${server.url}/v1/user-models`).then((response) => response.json());
console.log(`${server.url} has ${models.length} user models`);
await server.close();
