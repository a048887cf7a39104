import { getDb } from "@/db/client";
import type { CurrentMember } from "@/lib/auth/session";
import { getMemberSettings } from "../profile.queries";
import type { SettingsView } from "../profile.schema";
import { cardClass, PanelHeading } from "@/components/ui/panel-heading";
import { SettingsForm } from "./settings-form";

export function SettingsPanel({ settings }: { settings: SettingsView }) {
  return (
    <section className={cardClass}>
      <PanelHeading title="Settings">Choose which emails we send you.</PanelHeading>
      <SettingsForm settings={settings} />
    </section>
  );
}

/** The profile's Settings tab: the signed-in member's own preferences. */
export async function MySettingsPanel({ member }: { member: CurrentMember }) {
  return <SettingsPanel settings={await getMemberSettings(getDb(), member)} />;
}
