/**
 * The staff area's desks, in the order the staff navigation lists them. Each desk names the permission
 * that opens it; every page and download under its address asks for that permission (`desk-access.ts`),
 * unless `pages` states another for it. e2e/http/staff.spec.ts computes who may open every staff route
 * from this list and the roles (`@/lib/access-control`), so a new desk is one entry here.
 */
import type { Permission } from "@/lib/access-control";

/** A staff address, or a route pattern with its dynamic segments, e.g. `/admin/orders/[id]`. */
export type StaffRoute = "/admin" | `/admin/${string}`;

export interface Desk {
  href: StaffRoute;
  /** Its link in the staff navigation. */
  label: string;
  /** What opens the desk, and each of its pages and downloads unless `pages` says otherwise. */
  permission: Permission;
  /** Pages of the desk (route patterns) that ask for another permission than the desk's own. */
  pages?: Partial<Record<StaffRoute, Permission>>;
}

export const DESKS: readonly Desk[] = [
  { href: "/admin", label: "Dashboard", permission: { dashboard: ["view"] } },
  { href: "/admin/year", label: "Year at a glance", permission: { dashboard: ["view"] } },
  { href: "/admin/orders", label: "Orders", permission: { order: ["view"] } },
  { href: "/admin/donations", label: "Donations", permission: { donation: ["view"] } },
  { href: "/admin/events", label: "Events", permission: { event: ["view"] }, pages: { "/admin/events/new": { event: ["update"] } } },
  { href: "/admin/check-in", label: "Check-in", permission: { checkIn: ["view"] } },
  { href: "/admin/messages", label: "Messages", permission: { message: ["view"] } },
  { href: "/admin/catalog", label: "Catalog", permission: { catalog: ["view"] }, pages: { "/admin/catalog/new": { catalog: ["update"] }, "/admin/catalog/import": { catalog: ["update"] } } },
  { href: "/admin/stock", label: "Stock ledger", permission: { catalog: ["view"] } },
  { href: "/admin/content", label: "Content", permission: { content: ["update"] } },
  { href: "/admin/pricing", label: "Pricing", permission: { pricing: ["update"] } },
  { href: "/admin/members", label: "Members", permission: { member: ["view"] }, pages: { "/admin/members/import": { member: ["update"] } } },
  { href: "/admin/memberships", label: "Memberships", permission: { membership: ["view"] } },
  { href: "/admin/verifications", label: "Verifications", permission: { verification: ["view"] } },
  { href: "/admin/newsletter", label: "Newsletter", permission: { newsletter: ["view"] }, pages: { "/admin/newsletter/subscribers/import": { newsletter: ["send"] } } },
  { href: "/admin/emails", label: "Email log", permission: { email: ["view"] } },
  { href: "/admin/audit", label: "Audit log", permission: { audit: ["view"] } },
  { href: "/admin/staff", label: "Staff", permission: { staff: ["manage"] } },
];

/** The desk a staff route belongs to: the one at that address or above it (`/admin` itself is the dashboard alone). */
export function deskOf(route: StaffRoute): Desk {
  const desk = DESKS.find((candidate) => route === candidate.href || (candidate.href !== "/admin" && route.startsWith(`${candidate.href}/`)));
  if (!desk) throw new Error(`${route} belongs to no desk: add the desk to src/features/staff/desks.ts`);
  return desk;
}

/** What a staff route (a page or a download, as its route pattern) asks for. */
export function permissionFor(route: StaffRoute): Permission {
  const desk = deskOf(route);
  return desk.pages?.[route] ?? desk.permission;
}
