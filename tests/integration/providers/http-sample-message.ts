// One message with every feature the HTTP adapters must carry: display names (one needing
// quotes), cc, bcc, reply-to, both bodies, a custom header, a file, an inline image and an invite.
import type { OutgoingMessage } from "@/lib/providers/adapter";

export const PDF = Buffer.from("%PDF-1.4 price list\n");
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
export const ICS =
  "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:sale@acme.test\r\nSUMMARY:Spring sale\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";

export const sampleMessage: OutgoingMessage = {
  messageId: "<0b9c7d1e.spring@mailroom.local>",
  from: { email: "news@acme.test", name: "Acme News" },
  to: [{ email: "ann@example.test", name: 'Ann "Annie" Lee' }, { email: "bob@example.test" }],
  cc: [{ email: "carol@example.test", name: "Carol" }],
  bcc: [{ email: "audit@acme.test" }],
  replyTo: { email: "support@acme.test", name: "Acme Support" },
  subject: "Spring sale starts Monday",
  html: '<p>Hello! <img src="cid:logo"></p>',
  text: "Hello!",
  headers: { "X-Campaign": "spring" },
  attachments: [
    { filename: "price-list.pdf", content: PDF, contentType: "application/pdf" },
    { filename: "logo.png", content: PNG, contentType: "image/png", contentId: "logo" },
  ],
  calendar: { method: "REQUEST", content: ICS },
};
