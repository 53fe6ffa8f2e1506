// Minimal multipart/form-data parser working on a fully-buffered body.
// Returns an array of {name, filename, contentType, data: Buffer}, or null when the body is not
// well-formed multipart for the boundary in the content-type header.

export function boundaryOf(contentType) {
  if (!contentType || !/^multipart\/form-data/i.test(contentType.trim())) return null;
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] || m[2]) : null;
}

function parseHeaders(text) {
  const headers = {};
  for (const line of text.split('\r\n')) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function dispositionParam(disposition, key) {
  // filename*=UTF-8''name%20here takes precedence over filename="..."
  if (key === 'filename') {
    const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
    if (star) {
      try { return decodeURIComponent(star[2].trim()); } catch { /* fall through */ }
    }
  }
  const re = new RegExp(`(?:^|;)\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i');
  const m = re.exec(disposition);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2].trim();
}

export function parseMultipart(buf, contentType) {
  const boundary = boundaryOf(contentType);
  if (!boundary) return null;
  const delim = Buffer.from(`--${boundary}`);
  const nextDelim = Buffer.from(`\r\n--${boundary}`);
  let pos = buf.indexOf(delim);
  if (pos < 0) return null;
  const parts = [];
  for (;;) {
    pos += delim.length;
    if (buf[pos] === 0x2d && buf[pos + 1] === 0x2d) break; // closing "--"
    // skip transport padding and the CRLF after the delimiter
    while (buf[pos] === 0x20 || buf[pos] === 0x09) pos += 1;
    if (buf[pos] === 0x0d && buf[pos + 1] === 0x0a) pos += 2;
    else return null;
    const headerEnd = buf.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0) return null;
    const headers = parseHeaders(buf.subarray(pos, headerEnd).toString('utf8'));
    const bodyStart = headerEnd + 4;
    const end = buf.indexOf(nextDelim, bodyStart);
    if (end < 0) return null;
    const disposition = headers['content-disposition'] || '';
    parts.push({
      name: dispositionParam(disposition, 'name'),
      filename: dispositionParam(disposition, 'filename'),
      contentType: headers['content-type'] || null,
      data: buf.subarray(bodyStart, end),
    });
    pos = end + 2; // now at the "--boundary" delimiter
  }
  return parts;
}
