import type { OpenAPIHono } from "@hono/zod-openapi";
import type { RouteTable } from "../../../fastapi/index.js";
import { packagePath, readFileBytes } from "../../../platform/files.js";

/**
 * The dashboard at /__mock/ui: this page and its script (src/api/ui/app.ts, built into dist/public/ui.js), served by the
 * mock itself so it works offline. It sits under /__mock: --no-control hides it and --control-token guards it (the
 * page is opened once with ?token=, assembly/middleware.ts). Not in the OpenAPI document: it is a page, like /docs.
 */

export const UI_PATH = "/__mock/ui";
const SCRIPT_PATH = "/__mock/ui/app.js";

const STYLE = `
:root{--fg:#1c1c1c;--muted:#5b5b5b;--line:#d8d8d8;--bg:#fafafa;--accent:#0b57d0;--ok:#17702b;--bad:#b3261e;color-scheme:light}
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;padding:.6rem 1rem;background:#fff;border-bottom:1px solid var(--line)}
header h1{font-size:1.1rem;margin:0 1rem 0 0}
main{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1rem;padding:1rem}
@media (max-width:900px){main{grid-template-columns:minmax(0,1fr)}}
section{background:#fff;border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem;min-width:0}
h2{font-size:1rem;margin:.1rem 0 .6rem}h3{font-size:.95rem;margin:.8rem 0 .3rem}
button,input,select{font:inherit;padding:.3rem .55rem;border:1px solid #9a9a9a;border-radius:6px;background:#fff;color:inherit}
button{cursor:pointer}button:disabled{opacity:.6;cursor:default}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
form{display:inline-flex;gap:.4rem;align-items:center;margin:0}#advance-ms{width:7.5rem}
.row{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center}
#status{min-height:1.4em;margin:0;padding:0 1rem}#status.error{color:var(--bad)}#status.info{color:var(--muted)}
#clock-note{color:var(--muted);font-size:.9em;margin:.2rem 0 0}
ul{padding-left:1.1rem;margin:.3rem 0}
#log{list-style:none;padding:0;max-height:70vh;overflow:auto}
#log li{border-bottom:1px solid var(--line)}
#log summary{display:grid;grid-template-columns:3.2rem minmax(0,1fr) auto auto;gap:.5rem;padding:.3rem .2rem;cursor:pointer}
#log .op{overflow-wrap:anywhere;font-family:ui-monospace,monospace;font-size:.88em}
#log .who,#log time{color:var(--muted);font-size:.85em}
.code{font-weight:600}.s2{color:var(--ok)}.s4,.s5{color:var(--bad)}
.bodies{display:grid;grid-template-columns:1fr 1fr;gap:.5rem;padding:.3rem 0 .6rem}
@media (max-width:600px){.bodies{grid-template-columns:1fr}#log summary{grid-template-columns:2.8rem minmax(0,1fr)}#log .who,#log time{display:none}}
.body h4{margin:0 0 .2rem;font-size:.85em}pre{margin:0;max-height:16rem;overflow:auto;background:#f3f3f3;padding:.4rem;font-size:.8em;white-space:pre-wrap;overflow-wrap:anywhere}
#scenarios{list-style:none;padding:0}#scenarios li{display:flex;gap:.5rem;align-items:flex-start;padding:.2rem 0}
#scenarios label span{color:var(--muted);font-size:.88em}
.timeline{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;padding:0;margin:.2rem 0 .5rem}
.timeline li,.pill{font-size:.8em;padding:.05rem .45rem;border-radius:999px;background:#eee}
.st-completed{background:#dcf1e1}.st-failed{background:#fadcd9}.st-running{background:#dde7fb}.st-planned{background:#f3ecd0}
.sims{list-style:none;padding:0}.error{color:var(--bad)}
.must{list-style:none;padding:0}.must li{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap;padding:.25rem 0;border-bottom:1px solid var(--line)}
.must li>span:nth-child(2){flex:1 1 14rem}.must small{color:var(--muted)}
.mark{font-weight:700;width:1.2rem}.reached .mark{color:var(--ok)}.never .mark{color:var(--bad)}
.ops code{font-size:.85em;overflow-wrap:anywhere}
.empty{color:var(--muted);padding:.5rem}
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bss-mock dashboard</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%230b57d0'/%3E%3C/svg%3E">
<style>${STYLE}</style>
<script src="${SCRIPT_PATH}" defer></script>
</head>
<body>
<header>
  <h1>bss-mock</h1>
  <label>Scope <select id="scope" aria-describedby="scope-help"><option value="">Whole mock</option></select></label>
  <span id="scope-help" hidden>The organisation the scenarios, reset, organisation and coverage panels act on</span>
  <button type="button" id="reset">Reset</button>
  <span class="row" role="group" aria-label="Clock" aria-describedby="clock-note">
    <strong id="clock-now">…</strong>
    <span class="row" id="clock-controls">
    <form id="advance"><label>Advance <input id="advance-ms" type="number" min="0" step="1000" value="1000" size="7" aria-label="milliseconds"></label> ms <button type="submit">Go</button></form>
    <button type="button" id="next">Next transition</button>
    <button type="button" id="idle">Until idle</button>
    </span>
  </span>
</header>
<p id="clock-note"></p>
<p id="status" role="status" aria-live="polite"></p>
<main>
  <section aria-labelledby="log-h">
    <h2 id="log-h">Requests</h2>
    <div class="row">
      <label>Organisation <select id="log-org"><option value="">All organisations</option></select></label>
      <label>Operation <select id="log-op"><option value="">All operations</option></select></label>
      <label>Status <input id="log-status" size="5" placeholder="409, 4xx"></label>
    </div>
    <ul id="log"></ul>
  </section>
  <div>
    <section aria-labelledby="coverage-h">
      <h2 id="coverage-h">Coverage</h2>
      <div id="coverage"></div>
    </section>
    <section aria-labelledby="scenarios-h">
      <h2 id="scenarios-h">Scenarios for <span id="scenario-scope">the whole mock</span></h2>
      <ul id="scenarios"></ul>
    </section>
    <section aria-labelledby="org-h">
      <h2 id="org-h">Organisation</h2>
      <div id="org"></div>
    </section>
  </div>
</main>
</body>
</html>
`;

const candidates = () => [packagePath("dist", "public", "ui.js")];
let script: Uint8Array | undefined;
function uiScript(): Uint8Array | undefined {
  if (script) return script;
  for (const file of candidates()) {
    script = readFileBytes(file);
    if (script) return script;
  }
  return undefined;
}

export function mountUi(app: OpenAPIHono, table: RouteTable) {
  table.add("GET", UI_PATH);
  table.add("GET", SCRIPT_PATH);
  app.get(UI_PATH, (c) => c.html(PAGE, 200, { "cache-control": "no-store" }));
  app.get(SCRIPT_PATH, () => {
    const bytes = uiScript();
    if (!bytes) return new Response("The dashboard's script is not built; run npm run build", { status: 404 });
    return new Response(new Uint8Array(bytes), {
      headers: { "content-type": "application/javascript; charset=utf-8", "cache-control": "no-cache" },
    });
  });
}
