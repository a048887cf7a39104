import "server-only";
import { getDb } from "@/db/client";
import type { CurrentMember } from "@/lib/auth/session";
import { getProfileFormValues } from "../profile.queries";
import { cardClass, PanelHeading } from "@/components/ui/panel-heading";
import { ProfileForm } from "./profile-form";

export async function ProfilePanel({ member }: { member: CurrentMember }) {
  const profile = await getProfileFormValues(getDb(), member.id);
  return (
    <section className={cardClass}>
      <PanelHeading title="Personal information">All fields are optional.</PanelHeading>
      <ProfileForm email={member.email} profile={profile} />
    </section>
  );
}
