// The messages API end to end: GET /api/v1/email/messages (newest first, each filter, page
// numbers and a cursor that stays put while new mail is sent) and /{messageId} (the message in
// full with its events), the organization and project boundaries, and the summary of one tag.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { until } from "../helpers/until";

const LIST = "/api/v1/email/messages";

async function org() {
  const o = await newOrg();
  await productionMode(o.org.id);
  const key = (await createKey(o.cookie, ["email:send", "analytics:read"])).key;
  const send = async (body: Record<string, unknown>) => {
    const res = await call("/api/v1/email/send", { key, body: { from: "news@acme.test", subject: "Hi", text: "Hello", ...body } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data.id as string;
  };
  const list = async (query = "") => {
    const res = await call(`${LIST}${query}`, { key });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body as { data: { id: string; [k: string]: unknown }[]; pagination: Record<string, unknown> };
  };
  return { ...o, key, send, list };
}

const ids = (page: { data: { id: string }[] }) => page.data.map((m) => m.id);

describe("GET /api/v1/email/messages", () => {
  it("lists the organization's messages newest first, each with its addresses, status and tags", async () => {
    const o = await org();
    const first = await o.send({ to: "one@example.test", subject: "First" });
    const second = await o.send({
      to: ["two@example.test"],
      cc: "copy@example.test",
      bcc: "hidden@example.test",
      subject: "Second",
      tags: [{ name: "category", value: "welcome" }],
    });
    const page = await o.list();
    expect(ids(page)).toEqual([second, first]);
    expect(page.pagination).toEqual({ page: 1, perPage: 25, total: 2, moreThanTotal: false, nextCursor: null });
    expect(page.data[0]).toEqual({
      id: second,
      projectId: o.project.id,
      fromAddress: "news@acme.test",
      to: ["two@example.test"],
      cc: ["copy@example.test"],
      bcc: ["hidden@example.test"],
      subject: "Second",
      status: expect.any(String),
      statusSummary: expect.any(String),
      sendMode: "production",
      emailType: "transactional",
      providerName: "demo",
      providerMessageId: expect.any(String),
      tags: [{ name: "category", value: "welcome" }],
      createdAt: expect.stringMatching(/Z$/),
      sentAt: expect.stringMatching(/Z$/),
    });
    // Another organization sees none of them.
    expect(ids(await (await org()).list())).toEqual([]);
  });

  it("filters by to, from, subject, tag, projectId, since, until and status", async () => {
    const o = await org();
    const a = await o.send({ to: "ann@example.test", subject: "Invoice 7", tags: [{ name: "kind", value: "invoice" }] });
    const b = await o.send({ to: "bob@example.test", from: "bea@sender.test", subject: "Receipt 7", cc: "Ann.Copy@example.test" });
    const c = await o.send({ to: "complain@example.test", subject: "Weekly news", tags: [{ name: "kind", value: "news" }] });
    expect(ids(await o.list("?to=ann"))).toEqual([b, a]); // cc counts as a recipient; case does not matter
    expect(ids(await o.list("?to=bob%40example.test"))).toEqual([b]);
    expect(ids(await o.list("?from=BEA%40sender"))).toEqual([b]);
    expect(ids(await o.list("?subject=7"))).toEqual([b, a]);
    expect(ids(await o.list("?subject=%25"))).toEqual([]); // % matches itself, not everything
    expect(ids(await o.list("?tag=kind:invoice"))).toEqual([a]);
    expect(ids(await o.list("?tag=kind:none"))).toEqual([]);
    expect(ids(await o.list(`?projectId=${o.project.id}`))).toEqual([c, b, a]);

    const rows = (await o.list()).data;
    const createdOf = (id: string) => rows.find((r) => r.id === id)!.createdAt as string;
    expect(ids(await o.list(`?since=${encodeURIComponent(createdOf(b))}`))).toEqual([c, b]);
    expect(ids(await o.list(`?until=${encodeURIComponent(createdOf(b))}`))).toEqual([a]);

    // complain@ always complains with the demo provider: the status is what the provider last reported.
    const complained = await until(
      () => o.list("?status=complained"),
      (p) => p.data.length > 0,
    );
    expect(ids(complained)).toEqual([c]);
    expect(complained.data[0].status).toBe("complained");
  });

  it("pages by number, and by cursor without repeats or gaps while new messages arrive", async () => {
    const o = await org();
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) sent.push(await o.send({ to: `reader-${i}@example.test` }));
    const newest = [...sent].reverse();

    const p2 = await o.list("?perPage=2&page=2");
    expect(ids(p2)).toEqual(newest.slice(2, 4));
    expect(p2.pagination).toMatchObject({ page: 2, perPage: 2, total: 5, nextCursor: expect.any(String) });
    expect((await o.list("?perPage=2&page=3")).pagination.nextCursor).toBeNull();

    const seen: string[] = [];
    let page = await o.list("?perPage=2");
    seen.push(...ids(page));
    const late = await o.send({ to: "late@example.test" }); // newer than everything listed: not on the pages that follow
    while (page.pagination.nextCursor) {
      page = await o.list(`?perPage=2&cursor=${page.pagination.nextCursor as string}`);
      expect(page.pagination.page).toBeNull();
      seen.push(...ids(page));
    }
    expect(seen).toEqual(newest);
    expect(ids(await o.list("?perPage=1"))).toEqual([late]);
  });

  it("refuses bad input with VALIDATION_ERROR", async () => {
    const o = await org();
    for (const query of [
      "?cursor=not-a-cursor",
      `?cursor=${Buffer.from("2026-01-01T00:00:00.000Z|x").toString("base64url")}`,
      `?page=2&cursor=${Buffer.from(`2026-01-01T00:00:00.000Z|${o.project.id}`).toString("base64url")}`,
      "?tag=category",
      "?status=lost",
      "?perPage=101",
      "?since=yesterday",
      "?since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z",
      "?projectId=nope",
      "?colour=red",
    ]) {
      const res = await call(`${LIST}${query}`, { key: o.key });
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe("VALIDATION_ERROR");
    }
  });

  it("needs analytics:read, and a key bound to a project lists only that project's messages", async () => {
    const o = await org();
    const mine = await o.send({ to: "reader@example.test" });
    const sendOnly = (await createKey(o.cookie, ["email:send"])).key;
    expect((await call(LIST, { key: sendOnly })).body.code).toBe("SCOPE_DENIED");

    const project = await call("/api/projects", { cookie: o.cookie, body: { name: "Elsewhere" } });
    const bound = (await createKey(o.cookie, ["email:send", "analytics:read"], { projectId: project.body.id })).key;
    const theirs = (
      await call("/api/v1/email/send", { key: bound, body: { from: "news@acme.test", to: "x@example.test", subject: "B", text: "b" } })
    ).body.data.id;
    expect(ids((await call(LIST, { key: bound })).body)).toEqual([theirs]);
    expect(ids((await call(`${LIST}?projectId=${o.project.id}`, { key: bound })).body)).toEqual([]);
    expect((await call(`${LIST}/${mine}`, { key: bound })).status).toBe(404);
    expect(ids(await o.list())).toEqual([theirs, mine]);
  });
});

describe("GET /api/v1/email/messages/{messageId}", () => {
  it("answers the message in full with its events; another organization's id is 404", async () => {
    const o = await org();
    const id = await o.send({
      to: "Reader <reader@example.test>",
      bcc: "archive@example.test",
      subject: "Your receipt",
      html: "<p>Thanks</p>",
      text: "Thanks",
      tags: [{ name: "kind", value: "receipt" }],
      metadata: { orderId: "o-1" },
    });
    const res = await call(`${LIST}/${id}`, { key: o.key });
    expect(res.status).toBe(200);
    const m = res.body.data;
    expect(m).toMatchObject({
      id,
      fromAddress: "news@acme.test",
      to: ["reader@example.test"],
      bcc: ["archive@example.test"],
      subject: "Your receipt",
      sendMode: "production",
      providerName: "demo",
      providerMessageId: expect.any(String),
      tags: [{ name: "kind", value: "receipt" }],
      metadata: { orderId: "o-1" },
      html: "<p>Thanks</p>",
      text: "Thanks",
      createdAt: expect.any(String),
      sentAt: expect.any(String),
    });
    expect(m.recipients.map((r: { email: string }) => r.email).sort()).toEqual(["archive@example.test", "reader@example.test"]);
    expect(m.events.map((e: { type: string }) => e.type)).toContain("email.sent");

    const stranger = await org();
    const foreign = await call(`${LIST}/${id}`, { key: stranger.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("NOT_FOUND");
    expect((await call(`${LIST}/not-an-id`, { key: o.key })).status).toBe(404);
  });
});

describe("GET /api/v1/analytics/summary?tag=", () => {
  it("counts only the messages carrying the tag", async () => {
    const o = await org();
    for (let i = 0; i < 3; i++) await o.send({ to: `a-${i}@example.test`, tags: [{ name: "campaign", value: "spring" }] });
    await o.send({ to: "b@example.test", tags: [{ name: "campaign", value: "autumn" }] });
    await o.send({ to: "c@example.test" });
    const summary = async (q: string) => (await call(`/api/v1/analytics/summary${q}`, { key: o.key })).body;
    expect((await summary("?tag=campaign:spring")).data.totalSent).toBe(3);
    expect((await summary("?tag=campaign:autumn")).data.totalSent).toBe(1);
    expect((await summary("?tag=campaign:winter")).data).toMatchObject({ totalSent: 0, deliveryRate: 0 });
    expect((await summary("")).data.totalSent).toBe(5);
    // Delivered (or bounced) follows for each tagged message; the tagged totals never count another tag's.
    const settled = await until(
      () => summary("?tag=campaign:spring"),
      (s) => s.data.totalDelivered + s.data.totalBounced === 3,
    );
    expect(settled.data.totalDelivered + settled.data.totalBounced).toBe(3);
    expect((await summary("?tag=spring")).code).toBe("VALIDATION_ERROR");
  });
});
