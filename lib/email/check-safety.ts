// The checks a send must pass beyond its body: test-mode recipients, the bulk threshold (a
// key allowed bulk sends, or a user's fresh second factor) and the month's allowance. Used when
// a send goes out and when one is scheduled. Refusals take precedence over the allowance, as
// they would over an empty one; each refusal is reported through `refuse` (audit, refund).
import { AppError } from "@/lib/errors/app-error";
import { tooManyRequests } from "@/lib/errors/too-many-requests";
import { secondsUntilNextMonth } from "@/lib/email/message-store";
import type { SendPrincipal } from "@/lib/auth/principal";
import { recipientsOffTestLists } from "@/lib/safety/test-lists";
import { isDemoDomain } from "@/lib/events/demo-addresses";
import { hasFreshSecondFactor } from "@/lib/two-factor/two-factor";

export type Refuse = (outcome: string, metadata?: Record<string, string[]>) => Promise<void>;

interface SafetySettings {
  sendMode: "test" | "production";
  require2faThreshold: number;
}

interface SafetyCheck {
  principal: SendPrincipal;
  ctx: SafetySettings;
  recipients: string[];
  /** Whether the month's allowance has room for this send. */
  hasAllowance: boolean;
  /** Above the bulk threshold, approved already (see sendEmail). */
  bulkApproved?: boolean;
}

/** Whether the caller itself may send above the bulk threshold: a key created with bulk allowed,
 * or a signed-in user with a fresh second factor. A connected app cannot prove a second factor. */
export async function callerMayBulkSend(principal: SendPrincipal): Promise<boolean> {
  if (principal.kind === "key") return principal.allowBulk;
  if (principal.kind === "session") return hasFreshSecondFactor(principal.userId);
  return false;
}

export function bulkRefusal(principal: SendPrincipal, threshold: number): AppError {
  const reason = {
    key: "need a key created with bulk sending allowed",
    session: "need a fresh second factor: verify a code from your authenticator app first",
    oauth: "cannot come from a connected app: use an API key created with bulk sending allowed",
  };
  const message =
    principal.kind === "system"
      ? `Automatic sends go to at most ${threshold} recipients`
      : `Sends to more than ${threshold} recipients ${reason[principal.kind]}`;
  return new AppError("BULK_SEND_REQUIRES_2FA", message);
}

export async function checkSafety({ principal, ctx, recipients, hasAllowance, bulkApproved = false }: SafetyCheck, refuse: Refuse) {
  if (ctx.sendMode === "test") {
    // Demo addresses never leave the machine: they need no test list (a message mixing them with
    // real recipients was refused before this, see demo-addresses.ts).
    const real = recipients.filter((r) => !isDemoDomain(r));
    const outside = real.length ? await recipientsOffTestLists(principal.orgId, real) : [];
    if (outside.length) {
      await refuse("refused_test_mode", { refused: outside });
      throw new AppError(
        "TEST_MODE_RECIPIENT",
        `Test mode: ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} not on a test list. Add them to a test list, or switch to production.`,
      );
    }
  } else if (recipients.length > ctx.require2faThreshold) {
    // Above the threshold: a key created with bulk allowed, or a user with a fresh second factor.
    if (!(bulkApproved || (await callerMayBulkSend(principal)))) {
      await refuse("refused_bulk");
      throw bulkRefusal(principal, ctx.require2faThreshold);
    }
  }
  if (!hasAllowance) {
    await refuse("refused_quota");
    // The window is the calendar month (UTC, as the counter's): it renews at the start of the next one.
    throw tooManyRequests(
      "QUOTA_EXCEEDED",
      "This month's send allowance is used up; it renews on the 1st, or upgrade your plan",
      secondsUntilNextMonth(),
    );
  }
}
