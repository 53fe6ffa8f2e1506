/**
 * The reverse proxy of `bss-mock proxy`: every request goes to the upstream as sent (its Host aside), and the client
 * receives exactly what the upstream answered (status, headers in their order and case, bytes, streamed). A bounded
 * copy of each body (MAX_COPIED_BODY) feeds the judge once the answer is sent, so judging never delays an answer.
 */
import {
  type ClientRequest,
  createServer,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { callerOf, type Exchange, type Judge } from "./judge.js";
import { PAGE } from "./page.js";
import { type ProxyReport, Tally } from "./report.js";

/** Bytes of each body kept for the judge; a longer body is passed on whole but judged as not read. */
export const MAX_COPIED_BODY = 1024 * 1024;

export interface ProxyOptions {
  readonly upstream: URL;
  readonly port?: number;
  readonly host?: string;
  readonly judge: Judge;
  /** Called with every exchange after it is judged (the HAR recorder). */
  readonly record?: (exchange: Exchange) => void;
}

export interface RunningProxy {
  readonly url: string;
  report(): ProxyReport;
  close(): Promise<void>;
}

/** A body's first MAX_COPIED_BODY bytes, or null once it is longer. */
class BodyCopy {
  #chunks: Buffer[] = [];
  #size = 0;
  #over = false;

  add(chunk: Buffer): void {
    if (this.#over) return;
    this.#size += chunk.length;
    if (this.#size > MAX_COPIED_BODY) {
      this.#over = true;
      this.#chunks = [];
      return;
    }
    this.#chunks.push(chunk);
  }

  text(): string | null {
    return this.#over ? null : Buffer.concat(this.#chunks).toString("utf8");
  }
}

const HOP_BY_HOP = new Set(["host", "connection", "keep-alive", "proxy-connection", "upgrade"]);

function headerRecord(message: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

export function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { upstream, judge } = options;
  const tally = new Tally();
  const https = upstream.protocol === "https:";
  const send = https ? httpsRequest : httpRequest;
  const keepAlive = https ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const base = upstream.pathname.replace(/\/$/, "");
  /** Writes in flight, by caller: an answer judged while one is open may have been overtaken by it. */
  const writesInFlight = new Map<string, number>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    if (url === "/__proxy/report" || url.startsWith("/__proxy/report?")) {
      const body = JSON.stringify(tally.report());
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(body);
      return;
    }
    if (url === "/__proxy") {
      // The page polls `report` relative to itself: it must be served from the folder's URL.
      res.writeHead(308, { location: "/__proxy/" }).end();
      return;
    }
    if (url === "/__proxy/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(PAGE);
      return;
    }
    const started = Date.now();
    const method = req.method ?? "GET";
    const caller = callerOf(req.headers.authorization);
    const write = method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
    if (write) writesInFlight.set(caller, (writesInFlight.get(caller) ?? 0) + 1);
    let writeOpen = write;
    const endWrite = () => {
      if (!writeOpen) return;
      writeOpen = false;
      const left = (writesInFlight.get(caller) ?? 1) - 1;
      if (left > 0) writesInFlight.set(caller, left);
      else writesInFlight.delete(caller);
    };
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = upstream.host;
    const requestCopy = new BodyCopy();
    // A request without a body goes on a kept-alive connection, and is sent again once when the upstream had closed
    // that idle connection as it was reused (ECONNRESET before any answer); one with a body, which cannot be sent
    // twice, gets a connection of its own.
    const bodiless = req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined;
    let upstreamReq: ClientRequest | undefined;
    const onResponse = (upstreamRes: IncomingMessage) => {
      const responseCopy = new BodyCopy();
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, upstreamRes.rawHeaders);
      upstreamRes.on("data", (chunk: Buffer) => responseCopy.add(chunk));
      upstreamRes.pipe(res);
      res.on("finish", () => {
        endWrite();
        // Still open now: another write of this caller, which the upstream may have applied first.
        const concurrentWrite = (writesInFlight.get(caller) ?? 0) > 0;
        const exchange: Exchange = {
          method,
          url,
          requestHeaders: headerRecord(req),
          requestBody: requestCopy.text(),
          status: upstreamRes.statusCode ?? 0,
          responseHeaders: headerRecord(upstreamRes),
          responseBody: responseCopy.text(),
          started,
          ms: Date.now() - started,
        };
        setImmediate(() => {
          tally.add(exchange, judge.judge(exchange, concurrentWrite));
          options.record?.(exchange);
        });
      });
    };
    const forward = (attempt: number): ClientRequest => {
      upstreamReq = send(
        {
          protocol: upstream.protocol,
          hostname: upstream.hostname,
          port: upstream.port,
          method,
          path: `${base}${url}`,
          headers,
          agent: bodiless ? keepAlive : false,
        },
        onResponse,
      );
      const sent = upstreamReq;
      sent.on("error", (error: NodeJS.ErrnoException) => {
        if (bodiless && attempt === 0 && sent.reusedSocket && error.code === "ECONNRESET" && !res.headersSent) {
          forward(1);
          return;
        }
        endWrite();
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const detail = `bss-mock proxy: the upstream ${upstream.origin} did not answer (${error.code ?? error.message})`;
        res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ detail }));
      });
      if (bodiless) sent.end();
      return sent;
    };
    const first = forward(0);
    req.on("data", (chunk: Buffer) => requestCopy.add(chunk));
    if (!bodiless) req.pipe(first);
    res.on("close", () => {
      endWrite();
      if (!res.writableFinished) upstreamReq?.destroy();
    });
  };

  const server: Server = createServer(handle);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      const address = server.address() as AddressInfo;
      const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${host}:${address.port}`,
        report: () => tally.report(),
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
            keepAlive.destroy();
            // A client still streaming after 2 s does not hold the report back.
            setTimeout(() => server.closeAllConnections(), 2000).unref();
          }),
      });
    });
  });
}
