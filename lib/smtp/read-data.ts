// Reads a DATA stream into memory with a limit: at most `maxBytes` are kept, the rest is read
// and dropped (the client must be allowed to finish before it is answered 552).
import type { SMTPServerDataStream } from "smtp-server";

/** The message, or null when it exceeded `maxBytes` (smtp-server also flags it as sizeExceeded). */
export function readData(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    stream.on("data", (chunk: Buffer) => {
      if (length <= maxBytes) chunks.push(chunk);
      length += chunk.length;
    });
    stream.on("error", reject);
    stream.on("end", () => resolve(stream.sizeExceeded || length > maxBytes ? null : Buffer.concat(chunks)));
  });
}
