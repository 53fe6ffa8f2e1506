/**
 * `--har FILE`: the proxy's traffic as HAR 1.2, streamed to disk one entry at a time (the file is valid JSON once
 * closed) and bounded: at most MAX_HAR_ENTRIES entries and MAX_HAR_BYTES bytes of them; past either, entries are
 * counted, not written, and the log's comment says how many.
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { harEntry, harFrame, Redactor } from "../../platform/har.js";
import type { Exchange } from "./judge.js";

export const MAX_HAR_ENTRIES = 10_000;
export const MAX_HAR_BYTES = 256 * 1024 * 1024;

export class HarRecorder {
  readonly #out: WriteStream;
  readonly #frame: ReturnType<typeof harFrame>;
  readonly #redactor = new Redactor();
  #entries = 0;
  #bytes = 0;
  #dropped = 0;
  #opened: Promise<void>;

  constructor(
    file: string,
    version: string,
    private readonly upstream: URL,
    private readonly limits = { entries: MAX_HAR_ENTRIES, bytes: MAX_HAR_BYTES },
  ) {
    this.#out = createWriteStream(file);
    this.#opened = new Promise((resolve, reject) => {
      this.#out.once("open", () => resolve());
      this.#out.once("error", reject);
    });
    this.#frame = harFrame(version);
    this.#out.write(this.#frame.open);
  }

  /** Resolves once the file is open; rejects when it cannot be (a folder that does not exist, no permission). */
  opened(): Promise<void> {
    return this.#opened;
  }

  record(exchange: Exchange): void {
    const url = new URL(exchange.url, this.upstream).href;
    const text = JSON.stringify(harEntry({ ...exchange, url }, this.#redactor));
    if (this.#entries >= this.limits.entries || this.#bytes + text.length > this.limits.bytes) {
      this.#dropped++;
      return;
    }
    this.#out.write(this.#entries === 0 ? text : `,\n${text}`);
    this.#entries++;
    this.#bytes += text.length;
  }

  close(): Promise<void> {
    const comment =
      this.#dropped > 0
        ? `${this.#dropped} later exchanges not recorded: the file keeps at most ${this.limits.entries} entries and ${this.limits.bytes} bytes`
        : undefined;
    return new Promise((resolve) => this.#out.end(this.#frame.close(comment), () => resolve()));
  }
}
