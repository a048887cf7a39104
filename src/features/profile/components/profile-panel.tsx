import type { ProfileFormValues } from "../profile.queries";
import { cardClass, PanelHeading } from "@/components/ui/panel-heading";
import { ProfileForm } from "./profile-form";

export function ProfilePanel({ email, profile }: { email: string; profile: ProfileFormValues }) {
  return (
    <section className={cardClass}>
      <PanelHeading title="Personal information">All fields are optional.</PanelHeading>
      <ProfileForm email={email} profile={profile} />
    </section>
  );
}
