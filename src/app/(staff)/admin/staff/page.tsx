import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireDeskPage } from "@/features/staff/desk-access";
import { GrantRoleForm, StaffList } from "@/features/staff/components/role-forms";
import { Panel, StaffPageHeading } from "@/components/staff/staff-ui";
import { listStaff } from "@/features/staff/staff.service";
import { ROLE_LABELS, isStaffRole } from "@/lib/access-control";

export const metadata: Metadata = { title: "Staff" };

export default async function StaffPage() {
  await requireDeskPage("/admin/staff");
  const staff = await listStaff(getDb());
  return (
    <>
      <StaffPageHeading title="Staff">
        Who can use the staff area. Door volunteers can only check people in at events; staff run the site; admins also manage
        this list.
      </StaffPageHeading>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <Panel title="People with a role" id="staff-list-heading">
          <StaffList staff={staff.map((person) => ({ ...person, roleLabel: isStaffRole(person.role) ? ROLE_LABELS[person.role] : person.role }))} />
        </Panel>
        <Panel title="Give someone a role" id="grant-heading">
          <p className="mb-3 text-sm text-navy-700">They need an account on the site first (Register, or Google sign-in).</p>
          <GrantRoleForm />
        </Panel>
      </div>
    </>
  );
}
