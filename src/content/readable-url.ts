/**
 * URLs as a report shows them: percent escapes decoded ("shop.example/é", not "shop.example/%C3%A9") and the host as the
 * caller typed it (not its punycode), so a journey's steps, its paths and its brief name a page the same way.
 */

/**
 * `text` with its percent escapes decoded where they are UTF-8 a reader can see. A sequence that is no UTF-8 (`%E9`
 * alone, `%C3` cut short) stays as written, and so do control, format and line-separator characters (`%0A`, `%E2%80%AE`
 * would break a report's lines or turn its text round): this never throws, whatever the text.
 */
export function decodePercent(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = run.slice(1).split("%");
    let out = "";
    for (let i = 0; i < bytes.length; ) {
      const length = utf8Length(Number.parseInt(bytes[i] as string, 16));
      const escaped = bytes.slice(i, i + length).map((b) => `%${b}`);
      const char = length > 0 && escaped.length === length ? decoded(escaped.join("")) : undefined;
      if (char !== undefined && !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(char)) {
        out += char;
        i += length;
      } else {
        out += `%${bytes[i]}`;
        i += 1;
      }
    }
    return out;
  });
}

/** How many bytes a UTF-8 character starting with `lead` has; 0 when `lead` starts none. */
function utf8Length(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

function decoded(escaped: string): string | undefined {
  try {
    return decodeURIComponent(escaped);
  } catch {
    return undefined;
  }
}

/**
 * The host and the page ("shop.example/é", no trailing slash) a journey starts on, readable; undefined for text that is
 * no URL.
 */
export function startPage(startUrl: string): { host: string; page: string } | undefined {
  let url: URL;
  try {
    url = new URL(startUrl);
  } catch {
    return undefined;
  }
  const host = typedHost(startUrl, url) ?? url.host;
  return { host, page: `${host}${decodePercent(url.pathname.replace(/\/+$/, ""))}` };
}

/** The host as typed ("bücher.example"), when it is the host the URL parser read (else its "xn--bcher-kva.example"). */
function typedHost(startUrl: string, url: URL): string | undefined {
  const typed = /^\s*[a-z][a-z\d+.-]*:\/\/(?:[^@/?#\\]*@)?([^/?#\\:]+)/i.exec(startUrl)?.[1];
  if (!typed) return undefined;
  const host = decodePercent(typed).toLowerCase();
  try {
    if (new URL(`${url.protocol}//${host}`).hostname !== url.hostname) return undefined;
  } catch {
    return undefined;
  }
  return url.port ? `${host}:${url.port}` : host;
}
