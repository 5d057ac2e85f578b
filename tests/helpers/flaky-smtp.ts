// An SMTP server that misbehaves at the worst moment: it takes the envelope and the whole
// message (DATA up to the final ".") and then, as told per message, answers 250 (after an
// optional delay), drops the connection without a reply, or never replies at all. Whether it
// keeps the message (`keep`) is separate: a server that queued the message and then lost the
// connection, and one that crashed before queueing it, look the same to the client — which is
// exactly what the send pipeline must cope with. Plain TCP on 127.0.0.1, no AUTH, no TLS.
import { createServer, type Socket } from "node:net";

export type AfterData = { reply: "ok"; delayMs?: number } | { reply: "drop" } | { reply: "never" };

export interface FlakySmtp {
  port: number;
  /** The raw messages it kept, in order. */
  kept: Buffer[];
  /** How many messages it was sent in full (kept or not). */
  received: () => number;
  close(): Promise<void>;
}

export async function startFlakySmtp(options: {
  afterData: (n: number) => AfterData;
  keep: (n: number) => boolean;
  /** RCPT TO lines (the address, lower-case) answered with this reply instead of 250. */
  refuseRcpt?: Record<string, string>;
}): Promise<FlakySmtp> {
  const kept: Buffer[] = [];
  let received = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let buffer = Buffer.alloc(0);
    let inData = false;
    const say = (line: string) => socket.writable && socket.write(`${line}\r\n`);
    say("220 flaky.test ESMTP");
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const message = buffer.subarray(0, end + 2);
          buffer = buffer.subarray(end + 5);
          inData = false;
          const n = received++;
          if (options.keep(n)) kept.push(Buffer.from(message));
          const after = options.afterData(n);
          if (after.reply === "drop") return void socket.resetAndDestroy();
          if (after.reply === "never") return;
          setTimeout(() => say("250 2.0.0 queued"), after.delayMs ?? 0);
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.subarray(0, eol).toString("latin1");
        buffer = buffer.subarray(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        const refusal = verb === "RCPT" ? options.refuseRcpt?.[/<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? ""] : undefined;
        if (verb === "EHLO") say("250-flaky.test\r\n250 8BITMIME");
        else if (refusal) say(refusal);
        else if (verb === "HELO" || verb === "MAIL" || verb === "RCPT" || verb === "RSET" || verb === "NOOP") say("250 OK");
        else if (verb === "DATA") {
          inData = true;
          say("354 go ahead");
        } else if (verb === "QUIT") {
          say("221 bye");
          socket.end();
        } else say("502 not implemented");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    kept,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The Message-ID header of a raw message. */
export const messageIdOf = (raw: Buffer) => /^Message-ID:\s*(\S+)/im.exec(raw.toString("utf8"))?.[1] ?? "";
