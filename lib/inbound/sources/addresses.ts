// Address header values as providers post them ("Name <a@b>, c@d") read with nodemailer's
// address parser (groups flattened), lower-cased like every InboundAddress.
import addressparser from "nodemailer/lib/addressparser";
import type { InboundAddress } from "@/lib/inbound/inbound-email";

export function addressList(value: string | null | undefined): InboundAddress[] {
  if (!value) return [];
  return addressparser(value, { flatten: true })
    .filter((a) => a.address)
    .map((a) => ({ address: a.address.toLowerCase(), name: a.name ?? "" }));
}
