// The address of the socket a request came in on, handed to route handlers in a header of our
// own. Why: Next.js gives route handlers a Request without its socket, and fills
// X-Forwarded-For from the socket only when the request has none, so a client that sends its
// own X-Forwarded-For would otherwise choose the address the throttles count. The header is
// set on every request, over whatever the client sent under that name, so it always holds
// the socket's address (clientAddress() reads it).
import http from "node:http";

export const PEER_HEADER = "x-mailroom-peer-address";

const installed = Symbol.for("mailroom.peerAddressStamp");

/** "::ffff:203.0.113.9" (an IPv4 client on a dual-stack socket) -> "203.0.113.9". */
export const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

/** Stamps every request any HTTP server in this process receives; called once at start-up. */
export function stampPeerAddresses(): void {
  const proto = http.Server.prototype as http.Server & { [installed]?: true };
  if (proto[installed]) return;
  proto[installed] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = plainAddress(req.socket?.remoteAddress ?? "unknown");
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof proto.emit;
}
