// The log scanner the secret tests rely on finds what it should, and nothing else.
import { describe, expect, it } from "vitest";
import { findSecrets } from "../helpers/log-secrets";

const key = `mr_${"a".repeat(43)}`;

describe("findSecrets", () => {
  it("finds credentials by their shape and known values anywhere in a line", () => {
    const log = [
      `{"msg":"request","route":"GET /api/v1/providers"}`,
      `{"msg":"oops","detail":"Bearer ${key}"}`,
      `{"msg":"x","token":"mrat_${"B".repeat(43)}"}`,
      `{"msg":"y","secret":"whsec_${"c".repeat(43)}="}`,
      `cookie next-auth.session-token=abc`,
      `{"msg":"z","password":"hunter2-hunter2"}`,
    ].join("\n");
    expect(findSecrets(log, ["hunter2-hunter2"]).map((l) => l.split(":")[0])).toEqual([
      "API key",
      "OAuth credential",
      "webhook signing secret",
      "session token",
      "known secret",
    ]);
  });

  it("leaves request ids, prepared statement names, short values and redacted fields alone", () => {
    const log = [`{"requestId":"req_${"d".repeat(22)}","statement":"mr_0123456789abcdef0123","config":"[redacted]"}`].join("\n");
    expect(findSecrets(log, ["short"])).toEqual([]);
  });
});
