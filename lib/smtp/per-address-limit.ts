// Connections at once from one remote address, for an SMTP listener: without it a single client
// holding idle connections (one byte every so often keeps each alive) takes every slot of the
// listener's maxClients and shuts everyone else out. A connection past the limit is answered 421.
import type { SMTPServerSession } from "smtp-server";
import { smtpError } from "@/lib/smtp/smtp-error";

export function perAddressLimit(limit: number) {
  const open = new Map<string, number>();
  const counted = new WeakSet<SMTPServerSession>();
  return {
    /** In onConnect: an error to answer with when the address has `limit` connections already. */
    admit(session: SMTPServerSession): Error | null {
      const address = session.remoteAddress;
      const now = open.get(address) ?? 0;
      if (now >= limit) return smtpError(421, `4.7.0 Too many connections from ${address}, try again later`);
      open.set(address, now + 1);
      counted.add(session);
      return null;
    },
    /** In onClose. */
    release(session: SMTPServerSession) {
      if (!counted.delete(session)) return;
      const left = (open.get(session.remoteAddress) ?? 1) - 1;
      if (left > 0) open.set(session.remoteAddress, left);
      else open.delete(session.remoteAddress);
    },
  };
}
