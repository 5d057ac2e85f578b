// What domain verification needs: a server of its own that resolves through a local DNS server
// (records published by the test), with an smtp provider on a sink of its own to send through.
import { ownServer, type OwnServer } from "./own-server";
import { newSink, smtpProvider } from "./sending";
import { startDnsServer, type DnsServer } from "./dns-server";
import type { SmtpSink } from "./smtp-sink";

export interface ServerOnDns {
  dns: DnsServer;
  sink: SmtpSink;
  s: OwnServer;
  close(): Promise<void>;
}

export async function serverOnDns({ scopes, env = {} }: { scopes: string[]; env?: Record<string, string> }): Promise<ServerOnDns> {
  const dns = await startDnsServer();
  const sink = await newSink();
  const s = await ownServer({ env: { MAILROOM_DNS_SERVERS: dns.address, MAILROOM_DNS_TIMEOUT_MS: "1500", ...env }, scopes });
  await smtpProvider(s.cookie, sink, {}, s.server.url);
  return {
    dns,
    sink,
    s,
    close: async () => {
      await s.close();
      await dns.close();
      await sink.close();
    },
  };
}
