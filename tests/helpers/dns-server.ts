// A real DNS server on 127.0.0.1 (UDP and TCP on one port, as resolvers retry a truncated UDP
// answer over TCP) serving records a test publishes, for domain verification and DKIM checks,
// and A records for the outbound address policy's tests (OUTBOUND_DNS_SERVERS), which change
// a name's address between save and connect (DNS rebinding).
// Names it has nothing for answer NXDOMAIN; names marked with servfail() answer SERVFAIL.
import { Resolver } from "node:dns/promises";
import dns2 from "dns2";
import { freePort } from "./server";

const { Packet } = dns2;
// dns2 3.0.0 (the last for Node 20) has the response codes, but its types do not list them.
const RCODE = (Packet as unknown as { RCODE: { SERVFAIL: number; NXDOMAIN: number } }).RCODE;

type Mx = { exchange: string; priority: number };

export interface DnsServer {
  /** "127.0.0.1:<port>", for MAILROOM_DNS_SERVERS. */
  address: string;
  txt(name: string, ...values: string[]): void;
  cname(name: string, target: string): void;
  mx(name: string, exchange: string, priority?: number): void;
  /** Sets (replaces) a name's IPv4 addresses. */
  a(name: string, ...addresses: string[]): void;
  /** Publishes records as the API lists them ({type, name, value, priority}). */
  publish(records: { type: string; name: string; value: string; priority: number | null }[]): void;
  remove(type: "TXT" | "CNAME" | "MX", name: string): void;
  servfail(name: string): void;
  /** mailauth's resolver, asking this server over the network. */
  resolve(name: string, rrtype: string): Promise<string[][] | string[]>;
  close(): Promise<void>;
}

const key = (name: string) => name.toLowerCase().replace(/\.$/, "");
/** A TXT value longer than 255 characters is published as several strings, as DNS hosts do. */
const strings = (value: string) => value.match(/[\s\S]{1,255}/g) ?? [""];

export async function startDnsServer(): Promise<DnsServer> {
  const txt = new Map<string, string[]>();
  const cname = new Map<string, string>();
  const mx = new Map<string, Mx[]>();
  const failing = new Set<string>();
  const aRecords = new Map<string, string[]>();

  const server = dns2.createServer({
    udp: true,
    tcp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [q] = request.questions;
      const name = key(q.name);
      const answer = (record: Record<string, unknown>) =>
        response.answers.push(Packet.createResourceFromQuestion(q, { class: Packet.CLASS.IN, ttl: 1, ...record }));
      if (failing.has(name)) {
        response.header.rcode = RCODE.SERVFAIL;
      } else if (q.type === Packet.TYPE.TXT && txt.has(name)) {
        for (const value of txt.get(name)!) answer({ type: Packet.TYPE.TXT, data: strings(value) });
      } else if (q.type === Packet.TYPE.CNAME && cname.has(name)) {
        answer({ type: Packet.TYPE.CNAME, domain: cname.get(name)! });
      } else if (q.type === Packet.TYPE.MX && mx.has(name)) {
        for (const m of mx.get(name)!) answer({ type: Packet.TYPE.MX, exchange: m.exchange, priority: m.priority });
      } else if (q.type === Packet.TYPE.A && aRecords.has(name)) {
        for (const address of aRecords.get(name)!) answer({ type: Packet.TYPE.A, address, ttl: 0 });
      } else if (!txt.has(name) && !cname.has(name) && !mx.has(name) && !aRecords.has(name)) {
        response.header.rcode = RCODE.NXDOMAIN;
      } // else: the name exists without this type (NODATA)
      send(response);
    },
  });
  // UDP and TCP on one free port (a TCP port free now is almost always free for UDP too).
  let port = 0;
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    const listening = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen({ udp: { port, address: "127.0.0.1" }, tcp: { port, address: "127.0.0.1" } }).then(() => resolve(true));
    });
    if (listening) break;
    if (attempt === 5) throw new Error("no free port for the DNS server");
  }
  const address = `127.0.0.1:${port}`;
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([address]);

  const dns: DnsServer = {
    address,
    txt: (name, ...values) => void txt.set(key(name), [...(txt.get(key(name)) ?? []), ...values]),
    cname: (name, target) => void cname.set(key(name), target),
    mx: (name, exchange, priority = 10) => void mx.set(key(name), [...(mx.get(key(name)) ?? []), { exchange, priority }]),
    a: (name, ...addresses) => void aRecords.set(key(name), addresses),
    publish(records) {
      for (const r of records) {
        if (r.type === "TXT") dns.txt(r.name, r.value);
        else if (r.type === "CNAME") dns.cname(r.name, r.value);
        else if (r.type === "MX") dns.mx(r.name, r.value, r.priority ?? 10);
      }
    },
    remove(type, name) {
      ({ TXT: txt, CNAME: cname, MX: mx })[type].delete(key(name));
    },
    servfail: (name) => void failing.add(key(name)),
    resolve: (name, rrtype) => resolver.resolve(name, rrtype) as Promise<string[][] | string[]>,
    close: () => server.close(),
  };
  return dns;
}
