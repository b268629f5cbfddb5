// A real DNS server on a loopback UDP port for tests (dns2): TXT records a test publishes, NXDOMAIN for any
// other name, SERVFAIL for names told to fail. Billing's resolver asks it through DNS_SERVERS.
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

export interface TestDnsServer {
  /** The DNS_SERVERS value that points at this server, `127.0.0.1:<port>`. */
  server: string;
  /** Publishes TXT values at `name` (replacing what was there); no values removes the name. */
  publish(name: string, ...values: string[]): void;
  /** Makes lookups of `name` answer SERVFAIL, as a broken authoritative server does. */
  fail(name: string): void;
  close(): Promise<void>;
}

// dns2's type declarations leave out Packet.RCODE: the two answer codes used, from RFC 1035.
const RCODE = { SERVFAIL: 2, NXDOMAIN: 3 } as const;

export async function startTestDnsServer(port = 0): Promise<TestDnsServer> {
  const { Packet } = dns2;
  const zone = new Map<string, string[]>();
  const failing = new Set<string>();
  const udp = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = question?.name.toLowerCase() ?? '';
    const values = zone.get(name);
    if (failing.has(name)) response.header.rcode = RCODE.SERVFAIL;
    else if (!values) response.header.rcode = RCODE.NXDOMAIN;
    else if (question?.type === Packet.TYPE.TXT)
      for (const data of values)
        response.answers.push({
          name: question.name,
          type: Packet.TYPE.TXT,
          class: Packet.CLASS.IN,
          ttl: 1,
          data,
        } as (typeof response.answers)[number]); // the encoder needs no more than these fields
    void send(response);
  });
  await udp.listen(port, '127.0.0.1');
  return {
    server: `127.0.0.1:${(udp.address() as AddressInfo).port}`,
    publish(name, ...values) {
      failing.delete(name.toLowerCase());
      if (values.length) zone.set(name.toLowerCase(), values);
      else zone.delete(name.toLowerCase());
    },
    fail(name) {
      failing.add(name.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => udp.close(() => resolve())),
  };
}
