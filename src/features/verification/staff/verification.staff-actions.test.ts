// @module-tag second-clock: a verification is valid through a day in Chicago.
/** Only staff may decide, whatever the form says; a refused decision leaves the request and its document as they were. */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { user } from "@/db/schema/auth";
import { serviceVerificationDocuments, serviceVerifications } from "@/db/schema/verifications";
import type { CurrentMember } from "@/lib/auth/session";
import { NOT_ALLOWED, SIGN_IN_AGAIN } from "@/lib/staff-action";
import { idleState } from "@/lib/form-state";
import { testDb } from "../../../../test/db";
import { requestVerification } from "../verification.service";
import { approveVerificationAction, rejectVerificationAction } from "./verification.staff-actions";

const signedIn = vi.hoisted(() => ({ member: null as CurrentMember | null }));
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  getCurrentMember: async () => signedIn.member,
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn(), updateTag: vi.fn() }));

const pdf = new File(["%PDF-1.4\n%%EOF\n"], "a.pdf", { type: "application/pdf" });

async function pendingRequest(): Promise<string> {
  const id = randomUUID();
  await testDb().insert(user).values({ id, name: "Sam", email: `verify-${id}@example.com`, emailVerified: true });
  return (await requestVerification(testDb(), { id }, { serviceStatus: "veteran", file: pdf })).id;
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

async function state(id: string) {
  const [row] = await testDb().select({ decision: serviceVerifications.decision }).from(serviceVerifications).where(eq(serviceVerifications.id, id));
  return { decision: row!.decision, documents: await testDb().$count(serviceVerificationDocuments, eq(serviceVerificationDocuments.verificationId, id)) };
}

const as = (role: CurrentMember["role"]): CurrentMember => ({ id: randomUUID(), email: `${role ?? "member"}@example.com`, displayName: null, role, emailVerified: true });

beforeEach(() => {
  signedIn.member = null;
});

describe("deciding a verification", () => {
  it("is refused to visitors, members and door volunteers, and changes nothing", async () => {
    const id = await pendingRequest();
    for (const [who, message] of [[null, SIGN_IN_AGAIN], [as(null), NOT_ALLOWED], [as("door"), NOT_ALLOWED]] as const) {
      signedIn.member = who;
      expect(await approveVerificationAction(idleState, form({ id, validThrough: "2099-01-01" }))).toMatchObject({ status: "error", formError: message });
      expect(await rejectVerificationAction(idleState, form({ id, reason: "no" }))).toMatchObject({ status: "error", formError: message });
    }
    expect(await state(id)).toEqual({ decision: "pending", documents: 1 });
  });

  it("is done by staff, with messages next to the fields for a bad date or no reason", async () => {
    const id = await pendingRequest();
    const staff = as("staff");
    await testDb().insert(user).values({ id: staff.id, name: "", email: `staff-${staff.id}@example.com`, emailVerified: true, role: "staff" });
    signedIn.member = staff;
    expect(await approveVerificationAction(idleState, form({ id, validThrough: "soon" }))).toMatchObject({ status: "error", fieldErrors: { validThrough: expect.any(String) } });
    expect(await rejectVerificationAction(idleState, form({ id, reason: "  " }))).toMatchObject({ status: "error", fieldErrors: { reason: "Say why, so the member knows what to send instead." } });
    expect(await rejectVerificationAction(idleState, form({ id: "not-a-uuid", reason: "x" }))).toMatchObject({ status: "error" });
    expect(await state(id)).toEqual({ decision: "pending", documents: 1 });
    await expect(rejectVerificationAction(idleState, form({ id, reason: "Blurred." }))).rejects.toThrow("NEXT_REDIRECT");
    expect(await state(id)).toEqual({ decision: "rejected", documents: 0 });
  });
});
