import { contactStatuses, type ContactStatus } from "../../contact.fields";

const colours: Record<ContactStatus, string> = {
  new: "border-red-800 bg-red-50 text-red-900",
  answered: "border-olive-700 bg-olive-600/10 text-olive-700",
  closed: "border-navy-700/50 bg-sand-100 text-navy-800",
};

/** The status in words (never colour alone). */
export function StatusBadge({ status }: { status: ContactStatus }) {
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-sm font-semibold ${colours[status]}`}>
      {contactStatuses.find((s) => s.value === status)?.label ?? status}
    </span>
  );
}
