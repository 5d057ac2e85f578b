// A self-signed certificate for development, so the submission listener can offer TLS (and so
// AUTH) without the developer making one. node:crypto signs but cannot write an X.509
// certificate, so its DER (RFC 5280) is written here: an EC P-256 key, ECDSA with SHA-256,
// the subject as issuer, and the names it serves as subjectAltName. Never for production,
// where the operator names a certificate a client can verify.
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isIP } from "node:net";

/** One DER element: tag, definite length, contents. */
function der(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const lengthBytes: number[] = [];
  for (let n = body.length; n > 0; n = Math.floor(n / 256)) lengthBytes.unshift(n % 256);
  const length = body.length < 0x80 ? [body.length] : [0x80 | lengthBytes.length, ...lengthBytes];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
}

const sequence = (...parts: Buffer[]) => der(0x30, ...parts);

function objectId(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split(".").map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

/** UTCTime before 2050, GeneralizedTime from then on (RFC 5280 §4.1.2.5). */
function time(at: Date): Buffer {
  const digits = at.toISOString().replace(/[-:T]/g, "").slice(0, 14) + "Z";
  return at.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(digits.slice(2))) : der(0x18, Buffer.from(digits));
}

/** subjectAltName entries: dNSName [2] or iPAddress [7] (IPv4 only here). */
function altName(name: string): Buffer {
  if (isIP(name) === 4) return der(0x87, Buffer.from(name.split(".").map(Number)));
  return der(0x82, Buffer.from(name, "ascii"));
}

function pem(label: string, body: Buffer): string {
  const lines = body.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

const ECDSA_WITH_SHA256 = sequence(objectId("1.2.840.10045.4.3.2"));

export interface SelfSignedPair {
  /** PKCS#8 PEM. */
  key: string;
  /** X.509 PEM. */
  cert: string;
}

/** A key and a certificate for `names` (the first is the common name), valid from now for `days`. */
export function selfSignedPair({ names, days, now = new Date() }: { names: string[]; days: number; now?: Date }): SelfSignedPair {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const serial = randomBytes(16);
  serial[0] = (serial[0] & 0x7f) | 0x01; // positive and not zero-padded
  const subject = sequence(der(0x31, sequence(objectId("2.5.4.3"), der(0x0c, Buffer.from(names[0], "utf8")))));
  const notAfter = new Date(now.getTime() + days * 86_400_000);
  const subjectAltName = sequence(objectId("2.5.29.17"), der(0x04, sequence(...names.map(altName))));
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))), // version 3
    der(0x02, serial),
    ECDSA_WITH_SHA256,
    subject,
    sequence(time(new Date(now.getTime() - 60_000)), time(notAfter)),
    subject,
    publicKey.export({ type: "spki", format: "der" }),
    der(0xa3, sequence(subjectAltName)),
  );
  const signature = sign("sha256", tbs, privateKey); // DER-encoded ECDSA-Sig-Value, as X.509 wants
  const certificate = sequence(tbs, ECDSA_WITH_SHA256, der(0x03, Buffer.from([0]), signature));
  return { key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), cert: pem("CERTIFICATE", certificate) };
}
