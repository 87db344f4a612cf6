import net from 'node:net';

/**
 * Which `X-Forwarded-For` entries to believe: none (false), the last N hops (each proxy in front of the app
 * appends the address it was called from), or the hops whose address is one of the proxies' own. Trusting
 * every hop is refused: a client would then choose its own address, and with it its rate-limit counter.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the loopback, link-local and private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** `TRUST_PROXY`: the value Fastify's `trustProxy` takes, or the reason it is refused. */
export function parseTrustProxy(value: string): { trustProxy: TrustProxy } | { error: string } {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return { trustProxy: false };
  if (trimmed === 'true') {
    return {
      error:
        'TRUST_PROXY=true would trust every X-Forwarded-For entry, so a client could choose its own address; ' +
        'set the number of proxies in front of the app (TRUST_PROXY=1 behind one load balancer) or their ' +
        'addresses (TRUST_PROXY=10.0.0.0/8,192.168.1.5)',
    };
  }
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops <= MAX_HOPS ? { trustProxy: hops } : { error: `TRUST_PROXY: at most ${MAX_HOPS} proxy hops` };
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    return {
      error: `TRUST_PROXY: not a number of hops, nor proxy addresses or CIDR ranges: ${invalid.join(', ')}`,
    };
  }
  return { trustProxy: entries };
}

/**
 * Fastify's `trustProxy` for it. A bare number there trusts nothing (Fastify 5 fails closed on hop counts),
 * so N hops is a function of the hop's index: the socket's peer is hop 0.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  const hops = trust;
  return hops === 0 ? false : (_address, hop) => hop < hops;
}
