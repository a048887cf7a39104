import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getMemberDetail } from "@/features/members/members-desk.queries";
import { MEMBER_ID } from "@/lib/auth/member-id";
import { requireDeskPage } from "@/features/staff/desk-access";
import { MemberDetailView } from "@/features/members/staff/components/member-detail";
import { GrantMembershipForm } from "@/features/memberships/staff/components/grant-membership-form";
import { PLAN_CHOICES } from "@/features/memberships/membership-plans.service";
import { MemberVerificationFacts } from "@/features/verification/staff/components/member-verification-facts";
import { permissionFor } from "@/features/staff/desks";
import { roleAllows } from "@/lib/access-control";
import * as clock from "@/lib/clock";

export const metadata: Metadata = { title: "Member" };

export default async function MemberPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const valid = MEMBER_ID.test(id);
  const staff = await requireDeskPage("/admin/members/[id]", valid ? `/admin/members/${id}` : "/admin/members");
  if (!valid) notFound();
  const member = await getMemberDetail(getDb(), id, clock.now());
  if (!member) notFound();
  return (
    <>
      <p className="mb-3">
        <Link href="/admin/members" className="font-semibold text-navy-900 underline underline-offset-2">
          ← All members
        </Link>
      </p>
      <div className="mb-6">
        <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">{member.name || member.email}</h1>
        {member.disabled && <p className="mt-2 font-semibold text-red-800">This account is disabled: the member cannot sign in.</p>}
      </div>
      <MemberDetailView
        member={member}
        mayUpdate={roleAllows(staff.role, { member: ["update"] })}
        isSelf={staff.id === member.id}
        isAdmin={roleAllows(staff.role, { staff: ["manage"] })}
        verification={<MemberVerificationFacts memberId={member.id} mayOpen={roleAllows(staff.role, permissionFor("/admin/verifications"))} />}
        grantForm={<GrantMembershipForm memberId={member.id} currentPlan={member.membership?.active ? member.membership.plan : undefined} plans={PLAN_CHOICES} />}
      />
    </>
  );
}
