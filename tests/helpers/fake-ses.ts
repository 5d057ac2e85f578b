// A local HTTP server standing in for the SES v2 API: records each request as the SDK sent
// it and answers whatever the test decides, so the adapter is tested against the wire format.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSesRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeSesReply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeSes {
  /** Pass as the adapter's `endpoint`. */
  endpoint: string;
  requests: FakeSesRequest[];
  /** Sets the answer to every following request. */
  reply(answer: (request: FakeSesRequest) => FakeSesReply): void;
  close(): Promise<void>;
}

export async function startFakeSes(): Promise<FakeSes> {
  const requests: FakeSesRequest[] = [];
  let answer: (request: FakeSesRequest) => FakeSesReply = () => ({ status: 500, body: { message: "no reply set" } });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(request);
      const { status, headers, body } = answer(request);
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(body === undefined ? "" : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    reply: (next) => (answer = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
