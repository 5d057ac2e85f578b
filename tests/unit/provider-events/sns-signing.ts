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
    execFileSync("openssl", [
      "req",
      "-new",
      "-x509",
      "-key",
      keyPath,
      "-out",
      path.join(dir, "cert.pem"),
      "-days",
      "2",
      "-subj",
      "/CN=sns.amazonaws.com",
    ]);
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
  const signedFields =
    fields.Type === "Notification"
      ? ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  const text = signedFields
    .filter((k) => k in fields)
    .map((k) => `${k}\n${fields[k]}\n`)
    .join("");
  const Signature = createSign(version === "1" ? "RSA-SHA1" : "RSA-SHA256")
    .update(text)
    .sign(key, "base64");
  const body = {
    ...fields,
    SignatureVersion: version,
    Signature,
    SigningCertURL: certUrl,
    UnsubscribeURL: "https://sns.us-west-2.amazonaws.com/?Action=Unsubscribe",
  };
  return { body: JSON.stringify(body), headers: { "x-amz-sns-message-type": fields.Type, "x-amz-sns-topic-arn": fields.TopicArn } };
}

/** A fetchCertificate for the sources under test: answers snsCertificate and notes each URL asked for (empty the list to start over). */
export function certificateFetcher() {
  const fetched: string[] = [];
  const fetchCertificate = async (url: URL) => {
    fetched.push(url.href);
    return snsCertificate;
  };
  return { fetched, fetchCertificate };
}

/** A signed SNS request, built with the source's own `incoming`. */
export function snsRequest<T>(incoming: (body: string, headers: Record<string, string>) => T) {
  return (fields: Record<string, string>, signing?: SnsSigning) => {
    const { body, headers } = signSns(fields, signing);
    return incoming(body, headers);
  };
}

/** The SubscriptionConfirmation SNS posts when an endpoint subscribes to this topic. */
export function snsSubscription(topic: string, timestamp: string) {
  const region = topic.split(":")[3];
  return {
    Type: "SubscriptionConfirmation",
    MessageId: "165545c9-2a5c-472c-8df2-7ff2be2b3b1b",
    Token:
      "2336412f37fb687f5d51e6e241d09c805a5a57b30d712f794cc5f6a988666d92768dd60a747ba6f3beb71854e285d6ad02428b09ceece29417f1f02d609c582afbacc99c583a916b9981dd2728f4ae6fdb82efd087cc3b7849e05798d2d2785c03b0879594eeac82c01f235d0e717736",
    TopicArn: topic,
    Message: `You have chosen to subscribe to the topic ${topic}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
    SubscribeURL: `https://sns.${region}.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${topic}&Token=2336412f37`,
    Timestamp: timestamp,
  };
}
