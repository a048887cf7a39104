import { MEMBER_TIME_ZONE } from "./profile.service";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: MEMBER_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: MEMBER_TIME_ZONE,
});

/** "June 3, 2025" in the association's zone. */
export function formatMemberDate(date: Date): string {
  return dateFormat.format(date);
}

/** "Jun 3, 2025, 2:15 PM CT". */
export function formatMemberDateTime(date: Date): string {
  return `${dateTimeFormat.format(date)} CT`;
}
