import type { IncomingMessage } from 'node:http';

/** Express's compiled TRUST_PROXY decision: may the address at this hop be believed about the client? */
export type TrustFn = (address: string, hop: number) => boolean;

export interface ClientAddress {
  /** The client's address as far as TRUST_PROXY lets X-Forwarded-For be believed (express's req.ip). */
  ip(req: IncomingMessage): string;
  /** 'https' when the socket is TLS, or a trusted proxy says so (express's req.protocol). */
  protocol(req: IncomingMessage): 'http' | 'https';
}

/** express's req.ip and req.protocol for node's own request (the API path runs without express). */
export function clientAddress(trust: TrustFn): ClientAddress {
  return {
    ip(req) {
      const socketAddress = req.socket.remoteAddress ?? '';
      const header = req.headers['x-forwarded-for'];
      if (!header || !trust(socketAddress, 0)) return socketAddress;
      const hops = [
        socketAddress,
        ...String(header)
          .split(',')
          .map((a) => a.trim())
          .reverse(),
      ];
      for (let i = 0; i < hops.length - 1; i++) if (!trust(hops[i]!, i)) return hops[i]!;
      return hops[hops.length - 1]!;
    },
    protocol(req) {
      const tls = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
      if (!trust(req.socket.remoteAddress ?? '', 0)) return tls;
      const header = req.headers['x-forwarded-proto'];
      const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
      return first === 'https' || first === 'http' ? first : tls;
    },
  };
}
