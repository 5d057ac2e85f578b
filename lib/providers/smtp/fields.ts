// An SMTP relay's settings: where it is, how the connection is protected, and the sign-in.
// Client-safe: the dashboard form reads this too.
import { z } from "zod";
import { configObject, defineProvider, type ConfigFields } from "@/lib/providers/config-fields";

const PORT = { min: 1, max: 65535 };

const fields = {
  host: { label: "Host", kind: "text", schema: z.string().trim().min(1), placeholder: "smtp.example.com", destination: "host" },
  port: {
    label: "Port",
    kind: "number",
    schema: z.number().int().min(PORT.min).max(PORT.max).default(587),
    // The form starts from the default and wants a port; the API may leave it out.
    required: true,
    destination: "port",
    ...PORT,
    hint: "587 for STARTTLS, 465 for implicit TLS.",
  },
  /** Implicit TLS from the first byte; left unset, it follows the port (465 yes, others STARTTLS). */
  secure: {
    label: "Implicit TLS",
    kind: "tristate",
    schema: z.boolean().optional(),
    destination: "tls",
    choices: {
      auto: "Automatic (on for port 465, STARTTLS otherwise)",
      yes: "On: TLS from the first byte",
      no: "Off: plain connection, upgraded with STARTTLS when offered",
    },
  },
  username: {
    label: "SMTP user (optional)",
    kind: "text",
    schema: z.string().min(1).optional(),
    hint: "The username to sign in with; leave blank for a relay that needs no sign-in.",
  },
  password: {
    label: "Password",
    kind: "secret",
    schema: z.string().min(1).optional(),
    credential: true,
    hint: "Needed when a username is set.",
  },
  /** Refuse to send when the server does not offer STARTTLS (otherwise TLS is opportunistic). */
  requireTls: {
    label: "Refuse to send unless the server offers STARTTLS",
    kind: "checkbox",
    schema: z.boolean().default(false),
    destination: "tls",
  },
  rejectUnauthorized: {
    label: "Check the server's TLS certificate",
    kind: "checkbox",
    schema: z.boolean().default(true),
    destination: "tls",
    hint: "Turn off only for a server with a self-signed certificate.",
  },
  /** The EHLO name; some relays only accept a known one. */
  name: {
    label: "EHLO domain (optional)",
    kind: "text",
    schema: z.string().trim().min(1).optional(),
    hint: "The host name Mailroom announces to the server; some relays only accept a known one.",
  },
} satisfies ConfigFields;

export const smtpFields = defineProvider({
  type: "smtp",
  label: "SMTP",
  description: "Any mail server or relay that speaks SMTP.",
  fields,
  configSchema: configObject(fields).refine((c) => (c.username === undefined) === (c.password === undefined), {
    message: "username and password go together",
    path: ["password"],
  }),
  check(config, hasStoredSecret): Record<string, string> {
    const hasUser = config.username !== undefined;
    const hasPassword = config.password !== undefined || hasStoredSecret("password");
    if (hasUser && !hasPassword) return { password: "Enter the password for this username." };
    if (!hasUser && config.password !== undefined) return { username: "Enter the username that goes with this password." };
    return {};
  },
});
export type SmtpConfig = z.infer<typeof smtpFields.configSchema>;
