// A tiny static file server for the browser example: the package folder, read-only, on 127.0.0.1, so the page can
// load ../../dist/browser.js. Run `npm run build`, then `node examples/browser/serve.mjs` and open the printed URL.
// The example's test (page.test.ts) serves it the same way, with a few files of its own mounted beside it.
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
};

export const packageFolder = resolve(fileURLToPath(import.meta.url), "../../..");

/** The file a URL path names under `folder`, or undefined (outside it, or no such file). */
function fileUnder(folder, path) {
  const file = resolve(folder, `.${path}`);
  if (file !== folder && !file.startsWith(folder + sep)) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves `root`, and each `mounts[prefix]` folder (or single file) at its URL prefix. Resolves to the base URL and a
 * close function.
 */
export function serveStatic({ root = packageFolder, mounts = {}, port = 0 } = {}) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    let file;
    const mount = Object.keys(mounts).find((prefix) => path === prefix || path.startsWith(prefix));
    if (mount) {
      const target = resolve(mounts[mount]);
      file = statSync(target).isFile() ? target : fileUnder(target, `/${path.slice(mount.length)}`);
    } else {
      file = fileUnder(root, path.endsWith("/") ? `${path}index.html` : path);
    }
    if (request.method !== "GET" || !file) {
      response.writeHead(request.method === "GET" ? 404 : 405, { "content-type": "text/plain" }).end("not here\n");
      return;
    }
    response.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-store",
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((done) => {
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address();
      done({ url: `http://127.0.0.1:${bound}`, close: () => new Promise((closed) => server.close(closed)) });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await serveStatic({ port: Number(process.env.PORT ?? 8080) });
  console.log(`bss-mock browser example: ${url}/examples/browser/ (serving ${packageFolder})`);
}
