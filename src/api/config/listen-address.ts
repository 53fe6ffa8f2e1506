const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * `--host`: an IPv4 address (each part 0..255: `999.1.1.1` is refused here rather than by the resolver), an IPv6
 * address, or a host name. Whether this machine can listen there is known only when it tries (server.ts).
 */
export function isHostSyntax(host: string): boolean {
  if (/^[\d.]+$/.test(host)) {
    const parts = host.split(".");
    return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
  }
  if (host.includes(":")) return isIpv6(host);
  return (
    host.length <= 253 &&
    host
      .replace(/\.$/, "")
      .split(".")
      .every((label) => HOST_LABEL.test(label))
  );
}

function isIpv6(host: string): boolean {
  const [address = "", zone] = host.split("%");
  if (zone === "" || !/^[0-9a-f:.]+$/i.test(address)) return false;
  const halves = address.split("::");
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === "" ? [] : half.split(":")));
  const last = groups.at(-1) ?? "";
  const ipv4Tail = last.includes(".");
  if (ipv4Tail && !isHostSyntax(last)) return false;
  const hex = ipv4Tail ? groups.slice(0, -1) : groups;
  if (!hex.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  const width = hex.length + (ipv4Tail ? 2 : 0);
  return halves.length === 2 ? width < 8 : width === 8;
}
