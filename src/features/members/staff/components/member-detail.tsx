import Link from "@/components/ui/link";
import { DeskTable } from "@/components/staff/desk-table";
import { Facts } from "@/components/staff/facts";
import { Panel } from "@/components/staff/staff-ui";
import { ROLE_LABELS } from "@/lib/access-control";
import { formatCents } from "@/lib/money";
import type { MemberDetail } from "../../members-desk.queries";
import { formatLongDate, formatShortDateTimeZone } from "@/lib/time";
import { AccountStatusForm } from "./member-forms";

const REGISTRATION_LABELS: Record<string, string> = { confirmed: "Registered", waitlisted: "On the waitlist", offered: "Seat offered", cancelled: "Canceled" };

function MembershipFacts({ member }: { member: MemberDetail }) {
  const plan = member.membership;
  return (
    <>
      <Facts
        items={[
          ["Plan", plan?.active ? plan.planName : "Basic (free)"],
          ...(plan
            ? ([
                [plan.active ? "Started" : `${plan.planName} started`, formatLongDate(plan.startedAt)],
                [plan.active ? "Runs until" : `${plan.planName} ended`, formatLongDate(plan.renewsOn)],
                ["How", plan.orderId ? <Link key="order" href={`/admin/orders/${plan.orderId}`} className="underline">Paid order</Link> : "Granted at the desk"],
              ] as [string, React.ReactNode][])
            : []),
        ]}
      />
      {member.pendingUpgrade && (
        <p className="mt-3 text-sm">
          {member.pendingUpgrade.planName} ordered, not paid yet:{" "}
          <Link href={`/admin/orders/${member.pendingUpgrade.orderId}`} className="underline">
            {member.pendingUpgrade.orderNumber}
          </Link>{" "}
          (marking that order paid starts it; do not grant it here as well).
        </p>
      )}
    </>
  );
}

function Orders({ orders }: { orders: MemberDetail["orders"] }) {
  return (
    <DeskTable
      cards
      frame="scroll"
      caption="The member's orders, newest first"
      rows={orders}
      rowKey={(order) => order.id}
      empty="No orders."
      columns={[
        {
          header: "Order",
          className: "whitespace-nowrap",
          cell: (order) => (
            <Link href={`/admin/orders/${order.id}`} className="font-semibold underline">
              {order.number}
            </Link>
          ),
        },
        { header: "Placed", className: "whitespace-nowrap", cell: (order) => formatShortDateTimeZone(order.placedAt) },
        { header: "Total", cell: (order) => formatCents(order.totalCents) },
        { header: "Status", cell: (order) => order.status },
      ]}
    />
  );
}

function Registrations({ registrations }: { registrations: MemberDetail["registrations"] }) {
  return (
    <DeskTable
      cards
      frame="scroll"
      caption="The member's event registrations, latest event first"
      rows={registrations}
      rowKey={(registration) => registration.id}
      empty="No event registrations."
      columns={[
        { header: "Event", cell: (registration) => registration.eventTitle },
        { header: "Date", className: "whitespace-nowrap", cell: (registration) => formatLongDate(registration.startsAt) },
        { header: "Status", cell: (registration) => REGISTRATION_LABELS[registration.status] ?? registration.status },
      ]}
    />
  );
}

/** A member's page: profile, membership, orders and registrations, and (with `member: update`) the desk's forms. */
/**
 * `grantForm`: the memberships feature's form that grants or extends a plan, shown to staff who may update
 * members; `verification`: the verification feature's facts of the member's service status.
 */
export function MemberDetailView({
  member,
  mayUpdate,
  isSelf,
  isAdmin,
  grantForm,
  verification,
}: {
  member: MemberDetail;
  mayUpdate: boolean;
  isSelf: boolean;
  isAdmin: boolean;
  grantForm: React.ReactNode;
  verification: React.ReactNode;
}) {
  const { profile } = member;
  const mayDisable = mayUpdate && !isSelf && (member.role !== "admin" || isAdmin);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Profile" id="profile-heading">
        <Facts
          items={[
            ["Email", `${member.email}${member.emailVerified ? "" : " (not confirmed)"}`],
            ["First name", profile.firstName],
            ["Last name", profile.lastName],
            ["Phone", profile.phone],
            ["Address", profile.address],
            ["Military status", profile.militaryStatus],
            ["Joined", formatLongDate(member.joinedAt)],
          ]}
        />
      </Panel>
      <Panel title="Membership" id="membership-heading">
        <MembershipFacts member={member} />
      </Panel>
      <Panel title="Service verification" id="verification-heading">
        {verification}
      </Panel>
      {mayUpdate && (
        <Panel title="Grant or extend a membership" id="grant-heading">
          {grantForm}
        </Panel>
      )}
      <Panel title="Account" id="account-heading">
        <Facts
          items={[
            ["Status", member.disabled ? <span key="s" className="font-semibold text-red-800">Disabled</span> : "Active"],
            ...(member.disabled ? ([["Reason", member.disabledReason ?? "—"]] as [string, React.ReactNode][]) : []),
            ["Signed in on", `${member.activeSessions} device${member.activeSessions === 1 ? "" : "s"}`],
            ["Staff role", member.role ? ROLE_LABELS[member.role] : "None (member)"],
          ]}
        />
        <p className="mt-3 text-sm">
          {isAdmin ? (
            <Link href="/admin/staff" className="underline">
              Manage staff roles
            </Link>
          ) : (
            "Only an admin can change staff roles."
          )}
          {" · "}
          <Link href={`/admin/audit?type=user&id=${encodeURIComponent(member.id)}`} className="underline">
            History in the audit log
          </Link>
        </p>
        {mayUpdate && (
          <div className="mt-4 border-t border-navy-700/15 pt-4">
            <h3 className="mb-2 font-bold text-navy-900">{member.disabled ? "Re-enable the account" : "Disable the account"}</h3>
            {isSelf ? (
              <p className="text-navy-700">This is your own account: another staff member must do this.</p>
            ) : !mayDisable ? (
              <p className="text-navy-700">This is an admin&apos;s account: only an admin can disable or re-enable it.</p>
            ) : (
              <AccountStatusForm memberId={member.id} disabled={member.disabled} />
            )}
          </div>
        )}
      </Panel>
      <Panel title="Orders" id="orders-heading">
        <Orders orders={member.orders} />
      </Panel>
      <Panel title="Event registrations" id="registrations-heading">
        <Registrations registrations={member.registrations} />
      </Panel>
    </div>
  );
}
