// One outbound HTTP(S) request to a tenant-chosen URL, opened under the outbound address policy:
// the scheme and an IP-literal host are checked before anything is dialled (Node never calls
// `lookup` for a literal), and a host name through guardedLookup, so the address checked is the
// very address connected to. Shared by webhook deliveries and attachment fetches.
import http from "node:http";
import https from "node:https";
import { assertOutboundUrl, guardedLookup, type OutboundPolicy } from "@/lib/net/outbound-policy";

/** Throws an Error with code "EBLOCKED" when the policy refuses the URL before connecting. */
export function guardedRequest(url: URL, policy: OutboundPolicy, options: http.RequestOptions): http.ClientRequest {
  assertOutboundUrl(url, policy);
  const client = url.protocol === "https:" ? https : http;
  return client.request(url, { ...options, lookup: guardedLookup(policy) });
}
