"use client";
// The Inbound page: rules, the inbox and the domains mail is received for, one tab each. The
// open tab is kept in the address (?tab=), so links and Back land on it.
import { useState } from "react";
import { useSearchParams } from "next/navigation";
import type { Role } from "@/lib/auth/permissions";
import { PageHeader } from "@/components/ui/page-header";
import { panelId, tabId, Tabs, type TabDef } from "@/components/inbound/inbound-tabs";
import { RulesPanel } from "@/components/inbound/rules-panel";
import { InboxPanel } from "@/components/inbound/inbox-panel";
import { DomainsPanel } from "@/components/inbound/domains-panel";

type Tab = "rules" | "inbox" | "domains";
const TABS: readonly TabDef<Tab>[] = [
  { id: "rules", label: "Rules" },
  { id: "inbox", label: "Inbox" },
  { id: "domains", label: "Domains" },
];
const ID_BASE = "inbound";

const tabOf = (value: string | null): Tab => (TABS.some((t) => t.id === value) ? (value as Tab) : "rules");

export function InboundView({ role }: { role: Role }) {
  const address = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => tabOf(address.get("tab")));

  function select(next: Tab) {
    setTab(next);
    // Without a navigation; the inbox adds its own filters to the address.
    window.history.replaceState(null, "", next === "rules" ? window.location.pathname : `?tab=${next}`);
  }

  return (
    <>
      <PageHeader
        title="Inbound"
        description="Mail your organization receives: rules decide what happens to each message (tag, forward, post to a webhook, auto-reply, keep or drop it), the inbox holds what is kept."
      />
      <Tabs label="Inbound sections" tabs={TABS} selected={tab} onSelect={select} idBase={ID_BASE} />
      <div role="tabpanel" id={panelId(ID_BASE, tab)} aria-labelledby={tabId(ID_BASE, tab)}>
        {tab === "rules" && <RulesPanel role={role} />}
        {tab === "inbox" && <InboxPanel onShowDomains={() => select("domains")} />}
        {tab === "domains" && <DomainsPanel role={role} />}
      </div>
    </>
  );
}
