/** GET /__proxy/: the live report as a page, self-contained (no asset, no network but its own polling). */
export const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>bss-mock proxy</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem; color: #222; }
h1 { font-size: 1.3rem; }
table { border-collapse: collapse; width: 100%; margin-bottom: 1.5rem; }
td, th { border-bottom: 1px solid #ddd; padding: .3rem .5rem; text-align: left; vertical-align: top; }
.violation { color: #b00020; } .suspect { color: #8a5a00; } .muted { color: #666; }
</style>
</head>
<body>
<h1>bss-mock proxy: traffic judged by the spec's rules</h1>
<p id="summary" class="muted">waiting for the first report…</p>
<h2>Findings</h2>
<table><thead><tr><th>level</th><th>rule</th><th>exchange</th><th>what</th></tr></thead><tbody id="findings"></tbody></table>
<h2>Rules checked</h2>
<table><thead><tr><th>rule</th><th>times</th></tr></thead><tbody id="rules"></tbody></table>
<script>
const cell = (text, cls) => { const td = document.createElement("td"); td.textContent = text; if (cls) td.className = cls; return td; };
const row = (cells) => { const tr = document.createElement("tr"); for (const c of cells) tr.append(c); return tr; };
async function refresh() {
  try {
    const report = await (await fetch("report", { cache: "no-store" })).json();
    document.getElementById("summary").textContent =
      report.exchanges + " exchanges, " + report.violations.length + " violations, " + report.suspects.length + " suspects";
    const findings = [...report.violations, ...report.suspects].map((f) => {
      const what = document.createElement("td");
      what.append(f.message, document.createElement("br"));
      const spec = document.createElement("span"); spec.className = "muted"; spec.textContent = f.spec; what.append(spec);
      return row([cell(f.level, f.level), cell(f.rule), cell(f.method + " " + f.path + " -> " + f.status), what]);
    });
    document.getElementById("findings").replaceChildren(...findings);
    document.getElementById("rules").replaceChildren(...Object.entries(report.rules).map(([r, n]) => row([cell(r), cell(String(n))])));
  } catch (error) {
    document.getElementById("summary").textContent = "the proxy does not answer: " + error;
  }
}
refresh();
setInterval(refresh, 1000);
</script>
</body>
</html>
`;
