"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useEffect, useOptimistic, useRef, useTransition } from "react";
import { PROFILE_TABS, panelId, profileTabHref, tabId, type ProfileTabId } from "../profile-tabs";

/**
 * The WAI-ARIA tabs pattern over real links: without JavaScript each tab is a link to `?tab=…` and the
 * server renders that panel; with it, arrow keys, Home and End move focus, select the tab, and replace
 * the URL in place (the server then streams the new panel, no full reload).
 */
export function ProfileTabList({ active }: { active: ProfileTabId }) {
  const router = useRouter();
  const [selected, setSelected] = useOptimistic(active);
  const [, startTransition] = useTransition();
  const tabs = useRef<Array<HTMLAnchorElement | null>>([]);
  const list = useRef<HTMLDivElement>(null);

  // On a phone the tabs scroll sideways: keep the selected one in sight (only the strip scrolls, never the page).
  useEffect(() => {
    const strip = list.current;
    const tab = tabs.current[PROFILE_TABS.findIndex((t) => t.id === selected)];
    if (!strip || !tab) return;
    const left = tab.offsetLeft; // the strip is the tabs' offset parent (position: relative)
    if (left < strip.scrollLeft || left + tab.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = left - (strip.clientWidth - tab.offsetWidth) / 2;
    }
  }, [selected]);

  function activate(tab: ProfileTabId) {
    startTransition(() => {
      setSelected(tab);
      router.replace(profileTabHref(tab), { scroll: false });
    });
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLAnchorElement>, index: number) {
    const last = PROFILE_TABS.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    const tab = target === undefined ? undefined : PROFILE_TABS[target];
    if (target === undefined || !tab) return;
    event.preventDefault();
    tabs.current[target]?.focus();
    activate(tab.id);
  }

  return (
    <div ref={list} role="tablist" aria-label="Profile sections" className="relative flex gap-1 overflow-x-auto border-b border-navy-700/20">
      {PROFILE_TABS.map((tab, index) => {
        const isSelected = tab.id === selected;
        return (
          <Link
            key={tab.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={tabId(tab.id)}
            href={profileTabHref(tab.id)}
            replace
            scroll={false}
            role="tab"
            aria-selected={isSelected}
            aria-controls={panelId(tab.id)}
            tabIndex={isSelected ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, index)}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              activate(tab.id);
            }}
            className={`-mb-px shrink-0 whitespace-nowrap border-b-4 px-4 py-3 font-semibold ${
              isSelected ? "border-olive-600 text-navy-900" : "border-transparent text-navy-700 hover:border-navy-700/30 hover:text-navy-900"
            }`}
          >
            {tab.label}
          </Link>
        );
      })}
    </div>
  );
}
