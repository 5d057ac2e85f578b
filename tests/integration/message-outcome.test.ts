// A send's outcome statement (finishMessage) is safe to run again: after a database restart cut
// the connection before its answer came back, the send path runs it again (retryWhileDisconnected).
// A repeat, or a late outcome for a message that already has a final one, changes nothing and
// adds no second audit entry.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { finishMessage } from "@/lib/email/message-store";
import { isConnectionError } from "@/lib/db/errors";
import { newOrg } from "../helpers/factory";

describe("finishMessage", () => {
  it("records an outcome once, however often it runs", async () => {
    const { org } = await newOrg();
    const { id } = await db().message.create({
      data: {
        orgId: org.id,
        fromAddress: "ann@sender.test",
        to: ["r@example.test"],
        cc: [],
        bcc: [],
        subject: "Once",
        sendMode: "production",
        messageIdHeader: "<once@mailroom.local>",
      },
    });
    const entry = (outcome: string) => ({
      orgId: org.id,
      actorType: "system" as const,
      actorId: "test",
      action: "email.send",
      outcome,
      metadata: { messageId: id },
    });
    const first = await finishMessage(id, { status: "sent", providerName: "sink" }, entry("sent"));
    const again = await finishMessage(id, { status: "sent", providerName: "sink" }, entry("sent"));
    expect(again.sentAt).toEqual(first.sentAt);
    await finishMessage(id, { status: "failed", error: "late" }, entry("failed"));
    const row = await db().message.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "sent", providerName: "sink", error: null });
    expect(await db().auditLog.count({ where: { orgId: org.id, action: "email.send" } })).toBe(1);
  });

  it("tells a lost connection from a failing statement", () => {
    expect(isConnectionError(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }))).toBe(false);
    expect(isConnectionError(new Error('syntax error at or near "SELEC"'))).toBe(false);
  });
});
