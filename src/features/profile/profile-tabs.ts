/** The profile page's tabs, in order; `?tab=<id>` picks one, anything else falls back to the first. */
export const PROFILE_TABS = [
  { id: "profile", label: "Profile" },
  { id: "membership", label: "Membership" },
  { id: "events", label: "My Events" },
  { id: "orders", label: "Orders" },
  { id: "giving", label: "Giving" },
  { id: "security", label: "Security" },
  { id: "settings", label: "Settings" },
] as const;

export type ProfileTabId = (typeof PROFILE_TABS)[number]["id"];

export const DEFAULT_PROFILE_TAB: ProfileTabId = "profile";

export function parseProfileTab(value: string | string[] | undefined): ProfileTabId {
  const tab = Array.isArray(value) ? value[0] : value;
  return PROFILE_TABS.find((t) => t.id === tab)?.id ?? DEFAULT_PROFILE_TAB;
}

export function profileTabHref(tab: ProfileTabId): string {
  return tab === DEFAULT_PROFILE_TAB ? "/profile" : `/profile?tab=${tab}`;
}

export const tabId = (tab: ProfileTabId) => `profile-tab-${tab}`;
export const panelId = (tab: ProfileTabId) => `profile-panel-${tab}`;
