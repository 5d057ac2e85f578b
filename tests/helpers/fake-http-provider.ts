// A stand-in for an email provider's HTTP API: a node:http server on 127.0.0.1 that records
// each request and answers with the response the test scripted. Nothing leaves the machine.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { ProviderError } from "@/lib/providers/adapter";
import { freePort } from "./server";

export interface RecordedRequest {
  method: string;
  /** Path with query string, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ScriptedResponse {
  status: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
}

export interface FakeHttpProvider {
  url: string;
  requests: RecordedRequest[];
  /** Answer every following request with this, until told otherwise. */
  respond(response: ScriptedResponse): void;
  /** The most recent request (fails the test when there was none). */
  last(): RecordedRequest;
  close(): Promise<void>;
}

export async function startFakeHttpProvider(initial: ScriptedResponse = { status: 200, body: {} }): Promise<FakeHttpProvider> {
  let response = initial;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      const isText = typeof response.body === "string";
      const payload = response.body === undefined ? "" : isText ? (response.body as string) : JSON.stringify(response.body);
      const type = isText ? "text/plain" : "application/json";
      res.writeHead(response.status, { "content-type": type, ...response.headers });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (next) => void (response = next),
    last() {
      const req = requests.at(-1);
      if (!req) throw new Error("The fake provider received no request");
      return req;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // fetch keeps connections alive; drop them or close() waits for their idle timeout.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function jsonBody(req: RecordedRequest): any {
  return JSON.parse(req.body.toString("utf8"));
}

/** Parses a recorded multipart/form-data body with the platform's own parser. */
export async function formBody(req: RecordedRequest): Promise<FormData> {
  const contentType = String(req.headers["content-type"]);
  return new Request("http://fake.invalid", {
    method: "POST",
    headers: { "content-type": contentType },
    body: new Uint8Array(req.body),
  }).formData();
}

/** An address where nothing listens: requests to it fail as network errors. */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/** The ProviderError an adapter call fails with (fails the test if it succeeds or throws anything else). */
export async function providerFailure(call: Promise<unknown>): Promise<ProviderError> {
  const err = await call.then(
    () => new Error("expected the call to fail"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}
