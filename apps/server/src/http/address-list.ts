import net from 'node:net';

/** `10.0.0.5`, `::1`, `10.0.0.0/8` or `fd00::/8`. */
export function isAddressOrRange(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * A setting's comma-separated addresses and ranges as a BlockList (checked as the client's
 * address, which follows TRUSTED_PROXIES). IPv4-mapped IPv6 addresses count as their IPv4.
 */
export function addressList(setting: string): net.BlockList | null {
  const entries = setting
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (entries.length === 0) return null;
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** Whether `ip` (as Fastify reports request.ip) is on the list. */
export function listed(list: net.BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const family = net.isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
