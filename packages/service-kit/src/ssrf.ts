import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// The guard against server-side request forgery of every address a user hands the server to call (progress's
// webhooks, community's push subscriptions): resolved once, refused on a private network, connected to pinned.

/** Networks an outgoing call may not reach unless its config allows private ones: this host, private, link-local and reserved ranges. */
const privateNetworks = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  privateNetworks.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateNetworks.addSubnet(net, prefix, 'ipv6');

/** Whether an address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return true;
  return privateNetworks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether an address is this machine's own (127.0.0.0/8, ::1, or IPv4-mapped 127.x). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = /^(?:::ffff:)?(\d+)\.\d+\.\d+\.\d+$/i.exec(address);
  return v4 ? v4[1] === '127' : address === '::1';
}

export type Target = { url: URL; address: string; family: 4 | 6 };
export type TargetRefusal = 'private' | 'unresolvable';

/**
 * Without resolving anything: whether an address names a private network outright (an IP literal on one, or
 * localhost), for a check when it is handed over; resolveTarget decides again at each call.
 */
export function namesPrivateHost(raw: string): boolean {
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && isPrivateAddress(host);
}

/**
 * Resolves an address's host once: every address it resolves to must be public (unless private ones are allowed),
 * and the connection is then made to the first of them (postPinned), so a second lookup cannot point it elsewhere.
 */
export async function resolveTarget(
  raw: string,
  { allowPrivate, allowLoopback = false }: { allowPrivate: boolean; allowLoopback?: boolean },
): Promise<Target | TargetRefusal> {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  const refused = ({ address }: { address: string }) =>
    isPrivateAddress(address) && !(allowLoopback && isLoopbackAddress(address));
  if (!allowPrivate && addresses.some(refused)) return 'private';
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

export interface PostResult {
  statusCode: number | null;
  error: string | null;
}

/**
 * POSTs a body (JSON unless the headers name another type) to the resolved address (TLS still checks the host's
 * name); never follows a redirect.
 */
export function postPinned(
  { url, address, family }: Target,
  body: string | Uint8Array,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<PostResult> {
  const pinned: LookupFunction = (_host, options, done) => {
    if (options.all)
      (done as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else done(null, address, family);
  };
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    const request = send(
      url,
      {
        method: 'POST',
        lookup: pinned,
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Catalyst-Webhooks/1',
          ...Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
        },
      },
      (response) => {
        // The body is not kept: only that it was answered, and with what.
        response.resume();
        response.on('end', () => resolve({ statusCode: response.statusCode ?? null, error: null }));
        response.on('error', (error) =>
          resolve({ statusCode: response.statusCode ?? null, error: error.message }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)));
    request.on('error', (error) => resolve({ statusCode: null, error: error.message }));
    request.end(body);
  });
}
