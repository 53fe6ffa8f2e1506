import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
const sent = () => {
  const r = new Response(null, { headers: { "x-hono-already-sent": "true" } });
  void r.body;
  return r;
};
app.get("/reset", (c) => {
  c.env.incoming.socket.resetAndDestroy();
  return sent();
});
app.get("/empty", (c) => {
  c.env.incoming.socket.end();
  return sent();
});
app.get("/trunc", (c) => {
  const o = c.env.outgoing;
  o.writeHead(200, { "content-type": "application/json", "content-length": "100" });
  o.write('{"a":1,');
  o.socket.end();
  return sent();
});
app.get("/ok", (c) => c.json({ a: 1 }));
const server = serve({ fetch: app.fetch, port: 0 }, async (info) => {
  const base = `http://127.0.0.1:${info.port}`;
  for (const p of ["/reset", "/empty", "/trunc", "/ok"]) {
    try {
      const r = await fetch(base + p);
      console.log(p, r.status);
      console.log(await r.text());
    } catch (e) {
      console.log(p, "ERR", e.message, e.cause?.code, e.cause?.message);
    }
  }
  const { execSync } = await import("node:child_process");
  for (const p of ["/reset", "/empty", "/trunc"]) {
    try {
      execSync(`curl -sS ${base}${p}`, { stdio: "pipe" });
    } catch (e) {
      console.log("curl", p, e.status, String(e.stderr).trim());
    }
  }
  server.close();
});
process.on("uncaughtException", (e) => console.log("UNCAUGHT", e));
