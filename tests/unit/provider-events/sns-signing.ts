// Signing as Amazon SNS does, for the SES sources' tests: a generated RSA key and, as node has
// no certificate generator, an openssl-self-signed certificate for it, standing in for the
// certificate SNS publishes at SigningCertURL.
import { execFileSync } from "node:child_process";
import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const CERT_URL = "https://sns.us-west-2.amazonaws.com/SimpleNotificationService-f3ecfb7224c7233fe7bb5f59f96de52f.pem";
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });

function selfSigned(key: KeyObject): string {
  const dir = mkdtempSync(path.join(tmpdir(), "sns-cert-"));
  try {
    const keyPath = path.join(dir, "key.pem");
    writeFileSync(keyPath, key.export({ type: "pkcs8", format: "pem" }));
    execFileSync("openssl", ["req", "-new", "-x509", "-key", keyPath, "-out", path.join(dir, "cert.pem"), "-days", "2", "-subj", "/CN=sns.amazonaws.com"]);
    return readFileSync(path.join(dir, "cert.pem"), "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PEM that fetchCertificate should answer for CERT_URL. */
export const snsCertificate = selfSigned(privateKey);

export interface SnsSigning {
  version?: string;
  key?: KeyObject;
  certUrl?: string;
}

/** The body and headers SNS POSTs: "Key\nValue\n" for the type's fields in order, RSA with SHA1 (v1) or SHA256 (v2). */
export function signSns(fields: Record<string, string>, { version = "2", key = privateKey, certUrl = CERT_URL }: SnsSigning = {}) {
  const signedFields = fields.Type === "Notification" ? ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"] : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  const text = signedFields.filter((k) => k in fields).map((k) => `${k}\n${fields[k]}\n`).join("");
  const Signature = createSign(version === "1" ? "RSA-SHA1" : "RSA-SHA256").update(text).sign(key, "base64");
  const body = { ...fields, SignatureVersion: version, Signature, SigningCertURL: certUrl, UnsubscribeURL: "https://sns.us-west-2.amazonaws.com/?Action=Unsubscribe" };
  return { body: JSON.stringify(body), headers: { "x-amz-sns-message-type": fields.Type, "x-amz-sns-topic-arn": fields.TopicArn } };
}
