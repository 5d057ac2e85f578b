// The development certificate as TLS reads it: a valid X.509 certificate for the names given,
// signed by its own key, valid from now.
import { X509Certificate, createPrivateKey } from "node:crypto";
import { createServer, connect } from "node:tls";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { selfSignedPair } from "@/lib/smtp/self-signed";

describe("selfSignedPair", () => {
  const pair = selfSignedPair({ names: ["mail.acme.test", "localhost", "127.0.0.1"], days: 30 });
  const cert = new X509Certificate(pair.cert);

  it("is a certificate for its names, signed by the key it comes with", () => {
    expect(cert.subject).toBe("CN=mail.acme.test");
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.subjectAltName).toBe("DNS:mail.acme.test, DNS:localhost, IP Address:127.0.0.1");
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(pair.key))).toBe(true);
    expect(cert.checkHost("mail.acme.test")).toBe("mail.acme.test");
    expect(cert.checkIP("127.0.0.1")).toBe("127.0.0.1");
  });

  it("is valid from now for the days asked", () => {
    const now = Date.now();
    expect(new Date(cert.validFrom).getTime()).toBeLessThanOrEqual(now);
    const days = (new Date(cert.validTo).getTime() - now) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it("serves TLS that a client trusting it verifies", async () => {
    const server = createServer({ key: pair.key, cert: pair.cert }, (socket) => socket.end("hello"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const said = await new Promise<string>((resolve, reject) => {
        const socket = connect({ port, host: "127.0.0.1", ca: pair.cert, servername: "localhost" }, () => undefined);
        let text = "";
        socket.on("data", (d) => (text += d));
        socket.on("end", () => resolve(text));
        socket.on("error", reject);
      });
      expect(said).toBe("hello");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
