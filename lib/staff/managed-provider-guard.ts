// What a customer may do to a provider the operator manages for them (docs/staff-api.md):
// use it as they like (name, on/off, priority, limits), but not change its settings or
// credentials (the operator's account), not exercise those credentials while it is not active
// (a connection test), nor remove it while it exists (it is deprovisioned through the staff
// API first). Its accountSource and status are not customer fields at all (the provider
// schemas are strict and name neither).
import { isDeepStrictEqual } from "node:util";
import { AppError } from "@/lib/errors/app-error";
import { fullConfig } from "@/lib/providers/provider-config";

type Stored = { accountSource: string; status: string; config: unknown; secretsSealed: string | null };
type Sealed = { config: unknown; secretsSealed: string | null };

const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

/** `next`: the config an update would store, or undefined when it gives none. Sending the
 * stored settings back unchanged (secrets as the mask, as the dashboard's form does) is fine. */
export function assertManagedConfigUnchanged(existing: Stored, next: Sealed | undefined): void {
  if (existing.accountSource !== "managed" || !next) return;
  if (!isDeepStrictEqual(plain(fullConfig(existing)), plain(fullConfig(next)))) {
    throw new AppError(
      "CONFLICT",
      "This provider is managed for you: its settings and credentials cannot be changed (its name, active switch, priority and limits can)",
    );
  }
}

export function assertCustomerMayDelete(existing: Stored): void {
  if (existing.accountSource === "managed" && existing.status !== "deprovisioned") {
    throw new AppError(
      "CONFLICT",
      "This provider is managed for you and can be removed only once it is deprovisioned; set isActive to false to stop sending through it",
    );
  }
}

/** A connection test signs in to the operator's account: only while the provider is active,
 * as sending is (a provisioning one is not set up yet, a suspended or deprovisioned one is off). */
export function assertCustomerMayTest(existing: Pick<Stored, "accountSource" | "status">): void {
  if (existing.accountSource === "managed" && existing.status !== "active") {
    throw new AppError("CONFLICT", `This provider is managed for you and is ${existing.status}: it can be tested only while it is active`);
  }
}
