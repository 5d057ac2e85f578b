// The dashboard's menu, grouped as the product is: what you send, who you send to, what comes
// in, what makes mail arrive, what developers wire up, and the account's settings.
import {
  AppWindow,
  AtSign,
  Ban,
  Building2,
  CalendarClock,
  CircleUser,
  FileText,
  FolderKanban,
  Globe,
  Inbox,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  Mail,
  Megaphone,
  Plug,
  ScrollText,
  Send,
  Server,
  ShieldCheck,
  Tags,
  Users,
  UsersRound,
  Webhook,
  Workflow,
  type LucideIcon,
} from "lucide-react";

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** A section of the menu; a section of one page carries no heading of its own. */
export interface NavGroup {
  label: string;
  showLabel: boolean;
  items: NavItem[];
}

export const NAV_GROUPS: NavGroup[] = [
  { label: "Overview", showLabel: false, items: [{ href: "/", label: "Overview", icon: LayoutDashboard }] },
  {
    label: "Sending",
    showLabel: true,
    items: [
      { href: "/messages", label: "Messages", icon: Mail },
      { href: "/send", label: "Send test email", icon: Send },
      { href: "/scheduled", label: "Scheduled", icon: CalendarClock },
      { href: "/templates", label: "Templates", icon: FileText },
    ],
  },
  {
    label: "Audience",
    showLabel: true,
    items: [
      { href: "/contacts", label: "Contacts", icon: Users },
      { href: "/lists", label: "Lists", icon: ListChecks },
      { href: "/campaigns", label: "Campaigns", icon: Megaphone },
      { href: "/sequences", label: "Sequences", icon: Workflow },
      { href: "/suppressions", label: "Suppressions", icon: Ban },
    ],
  },
  { label: "Inbound", showLabel: false, items: [{ href: "/inbound", label: "Inbound", icon: Inbox }] },
  {
    // Use cases sit here: they are declared to keep sending reputable, next to the safety switch.
    label: "Deliverability",
    showLabel: true,
    items: [
      { href: "/providers", label: "Providers", icon: Server },
      { href: "/domains", label: "Domains", icon: Globe },
      { href: "/senders", label: "Senders", icon: AtSign },
      { href: "/safety", label: "Safety", icon: ShieldCheck },
      { href: "/use-cases", label: "Use cases", icon: Tags },
    ],
  },
  {
    label: "Developers",
    showLabel: true,
    items: [
      { href: "/api-keys", label: "API keys", icon: KeyRound },
      { href: "/webhooks", label: "Webhooks", icon: Webhook },
      { href: "/apps", label: "Apps", icon: AppWindow },
      { href: "/connected-apps", label: "Connected apps", icon: Plug },
      { href: "/audit", label: "Audit log", icon: ScrollText },
    ],
  },
  {
    label: "Settings",
    showLabel: true,
    items: [
      { href: "/organization", label: "Organization", icon: Building2 },
      { href: "/members", label: "Members", icon: UsersRound },
      { href: "/projects", label: "Projects", icon: FolderKanban },
      { href: "/account", label: "Account", icon: CircleUser },
    ],
  },
];

export const isActive = (href: string, pathname: string) =>
  href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
