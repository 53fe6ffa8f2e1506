import { connect } from "node:net";

/**
 * HTTP/1.1 requests written byte for byte onto a socket: repeated headers, bytes no client library would send
 * (U+0085 in a header, a path of `.`), framing chosen by the test. The request must ask for `connection: close`.
 */
export interface RawResponse {
  readonly status: number;
  /** Header names lower-cased; a repeated header keeps its first value. */
  readonly headers: Readonly<Record<string, string>>;
  /** Every header name, lower-cased, in the order the server sent them (a client library's Headers sorts them). */
  readonly headerNames: readonly string[];
  readonly body: Buffer;
  readonly text: string;
}

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export function parseRawResponse(bytes: Buffer): RawResponse {
  const headEnd = bytes.indexOf("\r\n\r\n");
  const lines = bytes.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number((lines[0] ?? "").split(" ")[1]);
  const headers: Record<string, string> = {};
  const headerNames: string[] = [];
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
    headerNames.push(name);
  }
  let body = bytes.subarray(headEnd + 4);
  if (headers["transfer-encoding"] === "chunked") body = decodeChunked(body);
  return { status, headers, headerNames, body, text: body.toString("utf8") };
}

/**
 * Sends `request` to `baseUrl` and reads the answer until the server closes the connection; `from` is the address to
 * send from (a peer a proxy-header rule does not trust, such as 127.0.0.2).
 */
export function sendRaw(baseUrl: string, request: Buffer, options: { from?: string } = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ port: Number(port), host: hostname, localAddress: options.from }, () =>
      socket.write(request),
    );
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(parseRawResponse(Buffer.concat(chunks))));
  });
}
