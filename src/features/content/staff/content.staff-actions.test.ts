/**
 * The content actions as staff use them: create, edit and delete with an audit record each, and bad
 * input (empty, overlong, control characters, duplicates, unknown or odd ids) answered next to the
 * field or above the form, changing nothing.
 */
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { user } from "@/db/schema/auth";
import { faqs, leaders, trainingLocations } from "@/db/schema/content";
import { images } from "@/db/schema/images";
import { orders } from "@/db/schema/orders";
import { auditLog } from "@/db/schema/staff";
import type { CurrentMember } from "@/lib/auth/session";
import { NOT_ALLOWED } from "@/lib/staff-action";
import { idleState, type FormState } from "@/lib/form-state";
import { CONTROL_CHARACTERS_MESSAGE } from "@/lib/text-fields";
import { testDb } from "../../../../test/db";
import { FAQ_GONE, FAQ_TAKEN, LOCATION_GONE, locationInUseMessage, PHOTO_NEEDED } from "../content-desk.service";
import { deleteFaqAction, deleteLocationAction, saveFaqAction, saveLeaderAction, saveLocationAction } from "./content.staff-actions";
import { form } from "../../../../test/form";

const signedIn = vi.hoisted(() => ({ member: null as CurrentMember | null }));
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  getCurrentMember: async () => signedIn.member,
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn(), updateTag: vi.fn() }));

const unique = () => randomUUID().slice(0, 8);

async function snapshot() {
  return {
    faqs: await testDb().select().from(faqs).orderBy(asc(faqs.id)),
    locations: await testDb().select().from(trainingLocations).orderBy(asc(trainingLocations.id)),
    leaders: await testDb().select().from(leaders).orderBy(asc(leaders.id)),
    audit: await testDb().$count(auditLog),
  };
}

function fieldErrors(state: FormState<unknown>) {
  return state.status === "error" ? state.fieldErrors : {};
}

/** Where a redirect() thrown by an action points. */
async function redirectOf(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  const digest = String((error as { digest?: string } | undefined)?.digest ?? "");
  return digest.split(";")[2] ?? `no redirect: ${String(error)}`;
}

beforeEach(async () => {
  const id = randomUUID();
  const email = `staff-${id}@example.com`;
  await testDb().insert(user).values({ id, name: "", email, emailVerified: true, role: "staff" });
  signedIn.member = { id, email, displayName: null, emailVerified: true, role: "staff" };
});

describe("FAQs", () => {
  it("are added, edited and deleted, each change audited with before and after", async () => {
    const question = `Is there parking at the range? ${unique()}`;
    expect(await saveFaqAction(idleState, form({ question, answer: "Yes,\r\nfree parking.", sortOrder: "7" }))).toEqual({
      status: "success",
      data: { message: `FAQ added: “${question}”.` },
    });
    const [made] = await testDb().select().from(faqs).where(eq(faqs.question, question));
    expect(made).toMatchObject({ answer: "Yes,\nfree parking.", sortOrder: 7 });

    expect(await saveFaqAction(idleState, form({ id: String(made!.id), question, answer: "Yes, beside the gate.", sortOrder: "2" }))).toEqual({
      status: "success",
      data: { message: "FAQ saved. The contact page shows it now." },
    });
    // Without the ticked box, nothing is deleted.
    expect(await deleteFaqAction(idleState, form({ id: String(made!.id) }))).toMatchObject({ status: "error", fieldErrors: { confirm: "Tick the box to confirm that this FAQ should be deleted." } });
    expect(await testDb().select({ id: faqs.id }).from(faqs).where(eq(faqs.id, made!.id))).toHaveLength(1);
    expect(await redirectOf(deleteFaqAction(idleState, form({ id: String(made!.id), confirm: "yes" })))).toBe("/admin/content/faqs?done=deleted");
    expect(await testDb().select().from(faqs).where(eq(faqs.id, made!.id))).toEqual([]);

    const entries = await testDb().select().from(auditLog).where(eq(auditLog.recordId, String(made!.id)));
    expect(entries.filter((e) => e.recordType === "faq").map((e) => [e.action, e.actorEmail])).toEqual([
      ["faq.create", signedIn.member!.email],
      ["faq.update", signedIn.member!.email],
      ["faq.delete", signedIn.member!.email],
    ]);
    const update = entries.find((e) => e.action === "faq.update")!;
    expect(update.before).toEqual({ question, answer: "Yes,\nfree parking.", sortOrder: 7 });
    expect(update.after).toEqual({ question, answer: "Yes, beside the gate.", sortOrder: 2 });
  });

  it("refuses a question another FAQ already asks (in any case), next to the field, changing nothing", async () => {
    const before = await snapshot();
    const state = await saveFaqAction(idleState, form({ question: "  DO I NEED TO BE A VETERAN TO JOIN?  ", answer: "No.", sortOrder: "1" }));
    expect(fieldErrors(state)).toEqual({ question: FAQ_TAKEN });
    // …and when an edit renames one FAQ to another's question.
    const [second] = await testDb().select().from(faqs).where(eq(faqs.question, "Do you offer discounts?"));
    const edit = await saveFaqAction(idleState, form({ id: String(second!.id), question: "Do I need to be a veteran to join?", answer: "x", sortOrder: "1" }));
    expect(fieldErrors(edit)).toEqual({ question: FAQ_TAKEN });
    expect(await snapshot()).toEqual(before);
  });

  it("answers empty, overlong, hostile and absurd input next to each field, changing nothing", async () => {
    const before = await snapshot();
    expect(fieldErrors(await saveFaqAction(idleState, form({ question: " ", answer: "", sortOrder: "" })))).toEqual({
      question: "Enter the question.",
      answer: "Enter the answer.",
      sortOrder: "Enter a whole number from 0 to 9999.",
    });
    expect(fieldErrors(await saveFaqAction(idleState, form({ question: "q".repeat(201), answer: "a".repeat(2001), sortOrder: "-1" })))).toEqual({
      question: "Keep the question to 200 characters or fewer.",
      answer: "Keep the answer to 2,000 characters or fewer.",
      sortOrder: "Enter a whole number from 0 to 9999.",
    });
    expect(fieldErrors(await saveFaqAction(idleState, form({ question: "Null\u0000byte", answer: "bell\u0007", sortOrder: "99999999999999999999" })))).toEqual({
      question: CONTROL_CHARACTERS_MESSAGE,
      answer: CONTROL_CHARACTERS_MESSAGE,
      sortOrder: "Enter a whole number from 0 to 9999.",
    });
    expect(fieldErrors(await saveFaqAction(idleState, form({})))).toMatchObject({ question: "Enter the question.", answer: "Enter the answer." });
    expect(await snapshot()).toEqual(before);
  });

  it("keeps hostile-looking text as plain text: markup and SQL are just words", async () => {
    const question = `<script>alert(1)</script> '; drop table faqs; -- ${unique()}`;
    expect(await saveFaqAction(idleState, form({ question, answer: "<img src=x onerror=alert(1)>", sortOrder: "3" }))).toMatchObject({ status: "success" });
    const [row] = await testDb().select().from(faqs).where(eq(faqs.question, question));
    expect(row!.answer).toBe("<img src=x onerror=alert(1)>");
  });

  it("answers an unknown or odd id above the form, changing nothing", async () => {
    const before = await snapshot();
    for (const id of ["999999", "abc", "-1", "1e400", "99999999999", "1\u0000"]) {
      const save = await saveFaqAction(idleState, form({ id, question: `Anything ${unique()}`, answer: "x", sortOrder: "1" }));
      expect(save.status === "error" && (save.formError ?? save.fieldErrors.id), id).toBe(id === "1\u0000" ? CONTROL_CHARACTERS_MESSAGE : FAQ_GONE);
      const remove = await deleteFaqAction(idleState, form({ id, confirm: "yes" }));
      expect(remove.status === "error" && (remove.formError ?? remove.fieldErrors.id), id).toBe(id === "1\u0000" ? CONTROL_CHARACTERS_MESSAGE : FAQ_GONE);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a door volunteer before reading the form", async () => {
    signedIn.member = { ...signedIn.member!, role: "door" };
    const before = await snapshot();
    const state = await saveFaqAction(idleState, form({ question: `Door ${unique()}`, answer: "x", sortOrder: "1" }));
    expect(state.status === "error" && state.formError).toBe(NOT_ALLOWED);
    expect(await snapshot()).toEqual(before);
  });
});

describe("leaders", () => {
  it("get a slug of their own even when two share a name, and the photo path must be one of the site's images", async () => {
    const name = `Jordan Hayes ${unique()}`;
    const fields = { name, role: "Volunteer Lead", service: "U.S. Army veteran", bio: "Runs the volunteers.", imagePath: "/images/team/marcus-reed.webp", imageAlt: `Portrait of ${name}`, sortOrder: "9" };
    expect(await saveLeaderAction(idleState, form(fields))).toMatchObject({ status: "success" });
    expect(await saveLeaderAction(idleState, form(fields))).toMatchObject({ status: "success" });
    const rows = await testDb().select({ slug: leaders.slug }).from(leaders).where(eq(leaders.name, name)).orderBy(asc(leaders.id));
    const base = name.toLowerCase().replaceAll(" ", "-");
    expect(rows.map((r) => r.slug)).toEqual([base, `${base}-2`]);

    const before = await snapshot();
    for (const imagePath of ["https://evil.example/x.webp", "/images/../secrets.webp", "javascript:alert(1)", "/images/team/photo.svg"]) {
      expect(fieldErrors(await saveLeaderAction(idleState, form({ ...fields, imagePath }))), imagePath).toHaveProperty("imagePath");
    }
    expect(fieldErrors(await saveLeaderAction(idleState, form({ ...fields, imagePath: "" })))).toEqual({ photo: PHOTO_NEEDED });
    expect(await snapshot()).toEqual(before);
  });

  it("take an uploaded photo, stored in AVIF and WebP; a file that is not a picture is refused next to the field", async () => {
    const name = `Sam Ortiz ${unique()}`;
    const fields = { name, role: "Treasurer", service: "U.S. Navy veteran", bio: "Keeps the books.", imagePath: "", imageAlt: `Portrait of ${name}`, sortOrder: "9" };
    const notAPicture = form(fields);
    notAPicture.set("photo", new File(["<?php echo 'hi'; ?>"], "me.jpg", { type: "image/jpeg" }));
    const before = await snapshot();
    expect(fieldErrors(await saveLeaderAction(idleState, notAPicture))).toEqual({ photo: "This file is not a picture we can read. Choose a JPEG, PNG, WebP or AVIF image." });
    expect(await snapshot()).toEqual(before);

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#1b2a41" } }).png().toBuffer();
    const withPhoto = form(fields);
    withPhoto.set("photo", new File([new Uint8Array(png)], "sam.png", { type: "image/png" }));
    expect(await saveLeaderAction(idleState, withPhoto)).toEqual({ status: "success", data: { message: `${name} added to the leadership.` } });
    const [row] = await testDb().select().from(leaders).where(eq(leaders.name, name));
    expect(row!.imageId).not.toBeNull();
    const [stored] = await testDb().select().from(images).where(eq(images.id, row!.imageId!));
    expect([stored!.width, stored!.height]).toEqual([300, 300]);
    // Saved again without a file, the uploaded photo stays.
    expect(await saveLeaderAction(idleState, form({ ...fields, id: String(row!.id), role: "Treasurer and Secretary" }))).toMatchObject({ status: "success" });
    const [after] = await testDb().select().from(leaders).where(eq(leaders.id, row!.id));
    expect(after).toMatchObject({ imageId: row!.imageId, role: "Treasurer and Secretary" });
  });
});

describe("training locations", () => {
  it("one that an order names as its pickup point is not deleted, and the message says why", async () => {
    const name = `Range Annex ${unique()}`;
    await saveLocationAction(idleState, form({ name, street: "1 Range Rd", city: "Bulverde", region: "TX", postalCode: "78163", description: "Overflow range.", sortOrder: "8" }));
    const [location] = await testDb().select().from(trainingLocations).where(eq(trainingLocations.name, name));
    await testDb().insert(orders).values({
      email: `buyer-${unique()}@example.com`, contactName: "Buyer", phone: "210 555 0100", fulfilment: "pickup", pickupLocationId: location!.id,
      subtotalCents: 0, shippingCents: 0, totalCents: 0, paymentMethod: "pay_later", idempotencyKey: randomUUID(),
    });
    const before = await snapshot();
    const state = await deleteLocationAction(idleState, form({ id: String(location!.id) }));
    expect(state.status === "error" && state.formError).toBe(locationInUseMessage(1));
    expect(locationInUseMessage(1)).toBe(
      "This location cannot be deleted: it is the pickup location of 1 order, which must keep showing where to collect them. Edit its name, address or description instead.",
    );
    expect(await snapshot()).toEqual(before);
  });

  it("one no order names is deleted; a name already taken and a bad ZIP code are refused next to the field", async () => {
    const name = `Pop-up Gym ${unique()}`;
    const fields = { name, street: "5 Main St", city: "Austin", region: "TX", postalCode: "78701", description: "Summer only.", sortOrder: "9" };
    await saveLocationAction(idleState, form(fields));
    const before = await snapshot();
    expect(fieldErrors(await saveLocationAction(idleState, form({ ...fields, name: "liberty range" })))).toEqual({ name: "A training location already has this name. Choose another name." });
    expect(fieldErrors(await saveLocationAction(idleState, form({ ...fields, name: `${name} 2`, postalCode: "7870" })))).toEqual({ postalCode: "Enter a ZIP code like 78205 or 78205-1234." });
    expect(await snapshot()).toEqual(before);

    const [location] = await testDb().select().from(trainingLocations).where(eq(trainingLocations.name, name));
    expect(await redirectOf(deleteLocationAction(idleState, form({ id: String(location!.id) })))).toBe("/admin/content/locations?done=deleted");
    const again = await deleteLocationAction(idleState, form({ id: String(location!.id) }));
    expect(again.status === "error" && again.formError).toBe(LOCATION_GONE);
  });
});
