/**
 * A small, safe markdown-to-HTML renderer for the reports the mock writes (and anything a user typed into them).
 *
 * Supported: ATX and setext headings, paragraphs, hard line breaks, **bold**, *italic*, `code`, fenced code blocks,
 * bullet and ordered lists (nested by indentation), block quotes, horizontal rules, GFM tables with a header row, and
 * links whose destination is http(s). Everything else is text: raw HTML is always escaped, never passed through;
 * links with any other scheme (javascript:, data:, relative ...) keep their text and lose the link; images become
 * their alt text, so nothing is ever loaded.
 */

export interface MarkdownOptions {
  /** Added to every heading level (clamped to h6), so a report's `#` can sit below the page's own headings. */
  headingOffset?: number;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** The URL when it is an absolute http(s) URL that can be put in an href, else null. */
export function safeHttpUrl(raw: string): string | null {
  const url = raw.trim();
  if (
    !/^https?:\/\//i.test(url) ||
    [...url].some((ch) => ch.trim() === "" || ch.charCodeAt(0) < 32 || ch === "\u007f")
  ) {
    return null;
  }
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

export function markdownToHtml(markdown: string, options: MarkdownOptions = {}): string {
  const lines = markdown
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, "    ")
    .replace(/[\uE000\uE001]/g, "\uFFFD") // the inline renderer's placeholder marks never come from the input
    .split("\n");
  return renderBlocks(lines, { headingOffset: options.headingOffset ?? 0, tight: false });
}

interface BlockContext {
  headingOffset: number;
  /** Inside a tight list item: paragraphs are not wrapped in <p>. */
  tight: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const ATX = /^ {0,3}(#{1,6})(?:[ ]+(.*))?$/;
const HR = /^ {0,3}([-*_])(?: *\1){2,} *$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])( +|$)(.*)$/;
const SETEXT = /^ {0,3}(=+|-+) *$/;
const DELIMITER_ROW = /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

const isBlank = (line: string) => line.trim() === "";

function isTableStart(lines: string[], i: number): boolean {
  const head = lines[i];
  const delimiter = lines[i + 1];
  if (head === undefined || delimiter === undefined || !head.includes("|") || !DELIMITER_ROW.test(delimiter)) {
    return false;
  }
  return splitRow(head).length === splitRow(delimiter).length;
}

/** Whether the line starts a block that ends a paragraph. */
function interruptsParagraph(lines: string[], i: number): boolean {
  const line = lines[i] as string;
  if (FENCE.test(line) || ATX.test(line) || HR.test(line) || QUOTE.test(line) || isTableStart(lines, i)) return true;
  const item = LIST_ITEM.exec(line);
  // As in CommonMark: an empty item or an ordered list not starting at 1 does not interrupt a paragraph.
  return (
    item !== null &&
    (item[4] ?? "").trim() !== "" &&
    (/^[-*+]$/.test(item[2] as string) || /^1\D/.test(item[2] as string))
  );
}

function heading(level: number, text: string, ctx: BlockContext): string {
  const n = Math.min(6, Math.max(1, level + ctx.headingOffset));
  return `<h${n}>${renderInline(text.trim())}</h${n}>`;
}

function renderBlocks(lines: string[], ctx: BlockContext): string {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (isBlank(line)) {
      i++;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence && !(fence[1]?.startsWith("`") && fence[2]?.includes("`"))) {
      const marker = fence[1] as string;
      const indent = line.length - line.trimStart().length;
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const close = FENCE.exec(lines[i] as string);
        if (close && close[1]?.[0] === marker[0] && (close[1]?.length ?? 0) >= marker.length && !close[2]?.trim()) {
          i++;
          break;
        }
        body.push((lines[i] as string).replace(new RegExp(`^ {0,${indent}}`), ""));
        i++;
      }
      out.push(`<pre><code>${escapeHtml(body.join("\n"))}${body.length ? "\n" : ""}</code></pre>`);
      continue;
    }

    const atx = ATX.exec(line);
    if (atx) {
      const text = (atx[2] ?? "").replace(/(^|[ ]+)#+[ ]*$/, "");
      out.push(heading((atx[1] as string).length, text, ctx));
      i++;
      continue;
    }

    if (HR.test(line)) {
      out.push("<hr>");
      i++;
      continue;
    }

    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && !isBlank(lines[i] as string)) {
        const quoted = QUOTE.exec(lines[i] as string);
        if (!quoted && body.length && interruptsParagraph(lines, i)) break;
        body.push(quoted ? (quoted[1] as string) : (lines[i] as string)); // lazy continuation
        i++;
      }
      out.push(`<blockquote>\n${renderBlocks(body, { ...ctx, tight: false })}\n</blockquote>`);
      continue;
    }

    if (isTableStart(lines, i)) {
      i = renderTable(lines, i, out);
      continue;
    }

    if (LIST_ITEM.test(line)) {
      i = renderList(lines, i, out, ctx);
      continue;
    }

    // Paragraph, or a setext heading when underlined.
    const para: string[] = [line.trim()];
    i++;
    let setext = 0;
    while (i < lines.length && !isBlank(lines[i] as string)) {
      const underline = SETEXT.exec(lines[i] as string);
      if (underline) {
        setext = underline[1]?.startsWith("=") ? 1 : 2;
        i++;
        break;
      }
      if (interruptsParagraph(lines, i)) break;
      para.push((lines[i] as string).trim());
      i++;
    }
    if (setext) {
      out.push(heading(setext, para.join(" "), ctx));
      continue;
    }
    // Hard line breaks: two or more trailing spaces, or a trailing backslash.
    const raw = para.map((l, k) =>
      k < para.length - 1 && / {2,}$/.test(lines[i - para.length + k] ?? "") ? `${l}\\` : l,
    );
    const html = renderInline(raw.join("\n"));
    out.push(ctx.tight ? html : `<p>${html}</p>`);
  }
  return out.join("\n");
}

/** Splits a table row into cell sources on unescaped pipes, without the outer pipes. */
function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|") && !row.endsWith("\\|")) row = row.slice(0, -1);
  const cells: string[] = [];
  let cell = "";
  for (let k = 0; k < row.length; k++) {
    const ch = row[k] as string;
    if (ch === "\\" && row[k + 1] === "|") {
      cell += "\\|";
      k++;
    } else if (ch === "|") {
      cells.push(cell.trim());
      cell = "";
    } else {
      cell += ch;
    }
  }
  cells.push(cell.trim());
  return cells;
}

function renderTable(lines: string[], start: number, out: string[]): number {
  const header = splitRow(lines[start] as string);
  const aligns = splitRow(lines[start + 1] as string).map((spec) => {
    const left = spec.startsWith(":");
    const right = spec.endsWith(":");
    return left && right ? "center" : right ? "right" : left ? "left" : "";
  });
  const cellHtml = (tag: "th" | "td", text: string, k: number) => {
    const align = aligns[k] ? ` class="align-${aligns[k]}"` : "";
    const scope = tag === "th" ? ' scope="col"' : "";
    return `<${tag}${scope}${align}>${renderInline(text)}</${tag}>`;
  };
  const rows: string[] = [];
  let i = start + 2;
  while (i < lines.length && !isBlank(lines[i] as string) && (lines[i] as string).includes("|")) {
    const cells = splitRow(lines[i] as string);
    // As in GFM: missing cells are empty, extra cells are dropped.
    rows.push(`<tr>${header.map((_, k) => cellHtml("td", cells[k] ?? "", k)).join("")}</tr>`);
    i++;
  }
  out.push(
    `<table>\n<thead>\n<tr>${header.map((text, k) => cellHtml("th", text, k)).join("")}</tr>\n</thead>` +
      (rows.length ? `\n<tbody>\n${rows.join("\n")}\n</tbody>` : "") +
      "\n</table>",
  );
  return i;
}

function renderList(lines: string[], start: number, out: string[], ctx: BlockContext): number {
  const first = LIST_ITEM.exec(lines[start] as string) as RegExpExecArray;
  const ordered = !/^[-*+]$/.test(first[2] as string);
  const kind = (marker: string) => (ordered ? marker.slice(-1) : marker);
  const sameList = (m: RegExpExecArray | null): m is RegExpExecArray =>
    m !== null && ordered === !/^[-*+]$/.test(m[2] as string) && kind(m[2] as string) === kind(first[2] as string);
  const items: string[][] = [];
  let loose = false;
  let i = start;
  while (i < lines.length) {
    const m = LIST_ITEM.exec(lines[i] as string);
    if (!sameList(m)) break;
    const spaces = (m[3] as string).length;
    const contentIndent = (m[1] as string).length + (m[2] as string).length + (spaces >= 1 && spaces <= 4 ? spaces : 1);
    const body: string[] = [m[4] as string];
    i++;
    while (i < lines.length) {
      const line = lines[i] as string;
      if (isBlank(line)) {
        let next = i + 1;
        while (next < lines.length && isBlank(lines[next] as string)) next++;
        const following = lines[next];
        if (following === undefined) break;
        const indent = following.length - following.trimStart().length;
        if (indent >= contentIndent) {
          loose = true;
          for (let k = i; k < next; k++) body.push("");
          i = next;
          continue;
        }
        if (sameList(LIST_ITEM.exec(following))) loose = true;
        break;
      }
      const indent = line.length - line.trimStart().length;
      if (indent >= contentIndent) {
        body.push(line.slice(contentIndent));
      } else if (LIST_ITEM.test(line) || interruptsParagraph(lines, i) || isBlank(body[body.length - 1] ?? "")) {
        break;
      } else {
        body.push(line.trim()); // lazy continuation of the item's paragraph
      }
      i++;
    }
    items.push(body);
    // A blank line between this item and the next one of the same list.
    let next = i;
    while (next < lines.length && isBlank(lines[next] as string)) next++;
    if (next > i && sameList(LIST_ITEM.exec(lines[next] ?? ""))) i = next;
  }
  const tag = ordered ? "ol" : "ul";
  const number = ordered ? Number.parseInt(first[2] as string, 10) : 1;
  const startAttr = ordered && number !== 1 ? ` start="${number}"` : "";
  const itemsHtml = items.map((body) => `<li>${renderBlocks(body, { ...ctx, tight: !loose })}</li>`);
  out.push(`<${tag}${startAttr}>\n${itemsHtml.join("\n")}\n</${tag}>`);
  return i;
}

const OPEN = "\uE000";
const CLOSE = "\uE001";

/** Renders inline markdown in already block-split text; the text's HTML is escaped, never passed through. */
export function renderInline(text: string): string {
  const stash: string[] = [];
  const keep = (html: string) => `${OPEN}${stash.push(html) - 1}${CLOSE}`;
  let plain = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === "\\" && i + 1 < text.length) {
      const next = text[i + 1] as string;
      if (next === "\n") {
        plain += keep("<br>\n");
        i += 2;
        continue;
      }
      if (/[!-/:-@[-`{-~]/.test(next)) {
        plain += keep(escapeHtml(next));
        i += 2;
        continue;
      }
    }
    if (ch === "`") {
      const run = /^`+/.exec(text.slice(i))?.[0] as string;
      const end = findClosingBackticks(text, i + run.length, run.length);
      if (end >= 0) {
        let code = text.slice(i + run.length, end).replace(/\n/g, " ");
        if (/^ .*[^ ].* $/.test(code)) code = code.slice(1, -1);
        plain += keep(`<code>${escapeHtml(code)}</code>`);
        i = end + run.length;
        continue;
      }
      plain += run; // an unmatched run is literal text
      i += run.length;
      continue;
    }
    if (ch === "[" || (ch === "!" && text[i + 1] === "[")) {
      const image = ch === "!";
      const link = parseLink(text, image ? i + 1 : i);
      if (link) {
        const label = renderInline(link.text);
        const href = image ? null : safeHttpUrl(link.url);
        // Images are never loaded: their alt text stands in. Links are kept only for http(s) destinations.
        plain += keep(href ? `<a href="${escapeHtml(href)}" rel="nofollow noopener noreferrer">${label}</a>` : label);
        i = link.end;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  let html = escapeHtml(plain);
  html = html
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*(?!\*)/g, "<strong>$1</strong>")
    .replace(/(?<![\p{L}\p{N}_])__(?=\S)([\s\S]*?\S)__(?![\p{L}\p{N}_])/gu, "<strong>$1</strong>")
    .replace(/\*(?=[^\s*])([\s\S]*?[^\s*])\*/g, "<em>$1</em>")
    .replace(/(?<![\p{L}\p{N}_])_(?=[^\s_])([\s\S]*?[^\s_])_(?![\p{L}\p{N}_])/gu, "<em>$1</em>");
  return html.replace(new RegExp(`${OPEN}(\\d+)${CLOSE}`, "g"), (_, n: string) => stash[Number(n)] ?? "");
}

function findClosingBackticks(text: string, from: number, length: number): number {
  const pattern = new RegExp(`(?<!\`)\`{${length}}(?!\`)`, "g");
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  return match ? match.index : -1;
}

/** `[text](destination "title")` starting at `start` (the `[`): its parts and where it ends, or null. */
function parseLink(text: string, start: number): { text: string; url: string; end: number } | null {
  let depth = 0;
  let close = -1;
  for (let k = start; k < text.length; k++) {
    const ch = text[k];
    if (ch === "\\") {
      k++;
    } else if (ch === "[") {
      depth++;
    } else if (ch === "]") {
      depth--;
      if (depth === 0) {
        close = k;
        break;
      }
    }
  }
  if (close < 0 || text[close + 1] !== "(") return null;
  const rest = text.slice(close + 2);
  const dest =
    /^\s*(?:<([^<>\n]*)>|((?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*))(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/.exec(
      rest,
    );
  if (!dest) return null;
  return {
    text: text.slice(start + 1, close),
    url: (dest[1] ?? dest[2] ?? "").replace(/\\([!-/:-@[-`{-~])/g, "$1"),
    end: close + 2 + dest[0].length,
  };
}
