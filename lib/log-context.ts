// The request a log line belongs to: its id, route and (once the caller is identified) the
// organization, carried through every await of the request by AsyncLocalStorage, so lines
// logged deep inside lib/ say which request and organization they are about.
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestFields {
  requestId: string;
  route: string;
  orgId?: string;
}

const holder = globalThis as unknown as { __mailroomLogContext?: AsyncLocalStorage<RequestFields> };
const storage = (holder.__mailroomLogContext ??= new AsyncLocalStorage<RequestFields>());

export function withRequestFields<T>(fields: RequestFields, fn: () => Promise<T>): Promise<T> {
  return storage.run(fields, fn);
}

export function requestFields(): RequestFields | undefined {
  return storage.getStore();
}

/** Records the caller's organization on the current request's log lines. */
export function setRequestOrg(orgId: string): void {
  const store = storage.getStore();
  if (store) store.orgId = orgId;
}
