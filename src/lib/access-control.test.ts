import { describe, expect, it } from "vitest";
import { isStaffRole, roleAllows, type Permission } from "./access-control";

const checks: [Permission, { door: boolean; staff: boolean; admin: boolean }][] = [
  [{ checkIn: ["update"] }, { door: true, staff: true, admin: true }],
  [{ dashboard: ["view"] }, { door: false, staff: true, admin: true }],
  [{ order: ["refund"] }, { door: false, staff: true, admin: true }],
  [{ audit: ["view"] }, { door: false, staff: true, admin: true }],
  [{ donation: ["update"] }, { door: false, staff: true, admin: true }],
  [{ donation: ["refund"] }, { door: false, staff: true, admin: true }],
  [{ staff: ["manage"] }, { door: false, staff: false, admin: true }],
  [{ user: ["set-role"] }, { door: false, staff: false, admin: true }],
  [{ checkIn: ["update"], order: ["view"] }, { door: false, staff: true, admin: true }],
];

describe("roles", () => {
  it.each(checks)("%j is allowed to exactly the roles that hold it", (permission, expected) => {
    expect({ door: roleAllows("door", permission), staff: roleAllows("staff", permission), admin: roleAllows("admin", permission) }).toEqual(expected);
  });

  it("a member (no role, better-auth's 'user', or anything unknown) is allowed nothing", () => {
    for (const role of [null, undefined, "user", "", "Admin", "admin,staff", "superuser"]) {
      expect(roleAllows(role, { checkIn: ["view"] }), String(role)).toBe(false);
      expect(isStaffRole(role), String(role)).toBe(false);
    }
  });
});
