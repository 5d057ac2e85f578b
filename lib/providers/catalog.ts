// Every provider type Mailroom knows, in the order the dashboard offers them: each one's
// settings as its folder describes them (<name>/fields.ts). Client-safe: the dashboard's
// provider form reads it; the server's parts of each type are in registry.ts.
import { demoFields } from "@/lib/providers/demo/fields";
import { mailgunFields } from "@/lib/providers/mailgun/fields";
import { postmarkFields } from "@/lib/providers/postmark/fields";
import { resendFields } from "@/lib/providers/resend/fields";
import { sendgridFields } from "@/lib/providers/sendgrid/fields";
import { sesFields } from "@/lib/providers/ses/fields";
import { smtpFields } from "@/lib/providers/smtp/fields";

export const PROVIDER_CATALOG = [resendFields, smtpFields, sesFields, sendgridFields, postmarkFields, mailgunFields, demoFields] as const;

export type ProviderType = (typeof PROVIDER_CATALOG)[number]["type"];
export const PROVIDER_TYPES = PROVIDER_CATALOG.map((p) => p.type) as [ProviderType, ...ProviderType[]];
