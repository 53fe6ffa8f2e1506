/** `Bearer <token>` or a bare `<token>`; empty or blank means no credential. */
export function tokenFromAuthorization(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, "").trim() : value;
  return token === "" ? undefined : token;
}
