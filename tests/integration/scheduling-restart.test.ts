// Scheduled sends survive the server going away: emails that fall due while it is down (even
// killed with SIGKILL) are sent, once each, when it starts again.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { startServer, type RunningServer } from "../helpers/server";
import { ownServer } from "../helpers/own-server";

describe("restart", () => {
  it("sends the emails that fell due while the server was down, once each", async () => {
    const s = await ownServer({ scopes: ["email:send"] });
    let restarted: RunningServer | undefined;
    try {
      const at = new Date(Date.now() + 2_000).toISOString();
      for (const subject of ["While down 1", "While down 2", "While down 3"]) {
        const res = await call("/api/email/schedule", {
          base: s.server.url,
          key: s.key,
          body: { to: "r@example.test", subject, text: "x", scheduledFor: at },
        });
        expect(res.status).toBe(200);
      }
      await s.server.stop("SIGKILL");
      await new Promise((r) => setTimeout(r, 3_000));
      expect((await s.sql.query(`SELECT count(*)::int AS n FROM scheduled_emails WHERE status = 'scheduled'`)).rows[0].n).toBe(3);
      restarted = await startServer(s.serverEnv);
      let sent = 0;
      for (let i = 0; i < 100 && sent < 3; i++) {
        await new Promise((r) => setTimeout(r, 100));
        sent = (await s.sql.query(`SELECT count(*)::int AS n FROM scheduled_emails WHERE status = 'sent'`)).rows[0].n;
      }
      expect(sent).toBe(3);
      const messages = await s.sql.query(`SELECT subject FROM messages ORDER BY subject`);
      expect(messages.rows.map((m) => m.subject)).toEqual(["While down 1", "While down 2", "While down 3"]);
    } finally {
      await restarted?.stop();
      await s.sql.end();
      await s.database.drop();
    }
  }, 60_000);
});
