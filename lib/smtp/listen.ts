// Starts an smtp-server instance on a port and answers the port it got and a way to close it.
import type { AddressInfo } from "node:net";
import type { SMTPServer } from "smtp-server";

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

export async function listen({ server, port, host }: { server: SMTPServer; port: number; host: string }): Promise<SmtpListener> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.server.address() as AddressInfo).port;
  return { port: bound, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
