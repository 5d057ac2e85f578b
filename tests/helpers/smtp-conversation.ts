// A plain SMTP conversation over a socket the test opened (plain or TLS): the greeting, then each
// command sent after the full reply to the one before. Answers every reply, the greeting first.
import type { Socket } from "node:net";

export async function converse(socket: Socket, commands: string[]): Promise<string[]> {
  let buffer = "";
  const waiting: ((reply: string) => void)[] = [];
  socket.on("data", (d) => {
    buffer += d.toString();
    // A reply ends with a line "NNN text" (a continued one is "NNN-text").
    const end = /(^|\r\n)\d{3} [^\r\n]*\r\n$/.exec(buffer);
    if (end && waiting.length) {
      const reply = buffer;
      buffer = "";
      waiting.shift()!(reply);
    }
  });
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  const replies = [await next()];
  for (const command of commands) {
    const reply = next();
    socket.write(`${command}\r\n`);
    replies.push(await reply);
  }
  socket.destroy();
  return replies;
}
