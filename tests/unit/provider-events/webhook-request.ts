// Builds the IncomingWebhook a route would hand to a source.
import type { IncomingWebhook } from "@/lib/provider-events/types";

export function incoming(rawBody: string, headers: Record<string, string> = {}): IncomingWebhook {
  return { rawBody, headers: new Headers(headers), url: new URL("https://mailroom.test/api/provider-events/prov_1") };
}

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
