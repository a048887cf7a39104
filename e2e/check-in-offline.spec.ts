/**
 * The door without a network (issue 32), in a browser whose network is cut mid-way
 * (`context.setOffline`): the door page opened online keeps the list and its own files; offline it finds
 * people by name and by a photo of their ticket's QR code, checks them in and undoes, says how many wait
 * to sync, still opens after a reload (the service worker), and sends everything when the network
 * returns, after which the server's list shows. Two phones checking the same person in offline end with
 * one check-in at the earlier time. What the endpoint answers: e2e/http/door-sync.spec.ts.
 */
import type { BrowserContext, Page } from "@playwright/test";
import QRCode from "qrcode";
import { createDoorEvent, duringCheckIn, registrationStatus } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signedInAs } from "./staff-session";

test.beforeEach(() => test.slow());

/** The door page opened with the network, once it has kept the list and itself for offline use. */
async function openDoorOnline(page: Page, eventId: number): Promise<void> {
  await page.goto(`/admin/check-in/${eventId}`);
  await expect(page.getByTestId("offline-ready")).toHaveText("Saved on this phone for offline use", { timeout: 20_000 });
  await expect(page.getByTestId("sync-count")).toHaveText("0 check-ins waiting to sync");
}

/** Everything in one of the phone's IndexedDB stores (door-store.ts): "queue" or "lists". */
function stored<T>(page: Page, store: "queue" | "lists"): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open("vva-door");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result as T[]);
          request.onerror = () => reject(request.error);
        };
      }),
    store,
  );
}

const queued = (page: Page) => stored<{ registrationId: number; action: string; at: string }>(page, "queue");

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(page.getByTestId("offline-door")).toBeVisible();
}

test("offline, a door volunteer finds people by name and by ticket photo, checks in and undoes, reloads, and everything syncs when the network returns", { tag: "@phone" }, async ({ browser, baseURL }) => {
  const event = await createDoorEvent("Offline Door Clinic", { attendees: ["Ana Ortiz", "Ben Cole", "Cy Park"] });
  const [ana, ben, cy] = event.attendees;
  const { context } = await signedInAs(browser, "door");
  const page = await context.newPage();
  await duringCheckIn(event.id, async () => {
    await openDoorOnline(page, event.id);
    await expectNoA11yViolations(page);

    await goOffline(context, page);
    const search = page.getByRole("searchbox", { name: "Search by name" });
    await search.fill("ortiz");
    await expect(page.getByTestId("offline-attendee")).toHaveCount(1);
    await page.getByRole("button", { name: "Check in Ana Ortiz" }).click();
    await expect(page.getByTestId("sync-count")).toHaveText("1 check-in waiting to sync");
    await expect(page.getByTestId("offline-said")).toHaveText("Ana Ortiz is checked in on this phone.");

    await search.fill("cole");
    await page.getByRole("button", { name: "Check in Ben Cole" }).click();
    // The same button undoes once its second has passed (a double tap does not).
    await page.getByRole("button", { name: "Undo check-in for Ben Cole" }).click();
    await expect(page.getByTestId("offline-said")).toHaveText("Check-in undone on this phone: Ben Cole is not checked in.");
    await expect(page.getByTestId("sync-count")).toHaveText("3 check-ins waiting to sync");

    // Cy's ticket, from a photo of its QR code (this browser has no camera here).
    await page.getByRole("button", { name: "Scan a ticket" }).click();
    const photo = await QRCode.toBuffer(`${baseURL}/admin/check-in/${event.id}?registration=${cy!.registrationId}`, { type: "png", margin: 2, width: 240 });
    await page.getByLabel("Or take a photo of the ticket").setInputFiles({ name: "ticket.png", mimeType: "image/png", buffer: photo });
    const scanned = page.getByRole("region", { name: "Scanned ticket" });
    await expect(scanned).toContainText("Cy Park");
    await scanned.getByRole("button", { name: "Check in Cy Park" }).click();
    await expect(page.getByTestId("sync-count")).toHaveText("4 check-ins waiting to sync");
    await expectNoA11yViolations(page);

    // Reloaded without a network, the page comes from the phone and still holds the queue.
    await page.reload();
    await expect(page.getByTestId("offline-door")).toBeVisible();
    await expect(page.getByTestId("sync-count")).toHaveText("4 check-ins waiting to sync");
    await expect(page.getByTestId("offline-door-count")).toHaveText("2 of 3 checked in");
    // The page the phone kept holds names (its list) but nobody's email address.
    expect(await page.content()).not.toContain(ana!.email);
    await expect(page.getByTestId("offline-attendee").filter({ hasText: "Ana Ortiz" })).toContainText("waiting to sync");
    for (const person of event.attendees) expect((await registrationStatus(person.registrationId)).checked_in_at, person.name).toBeNull();

    // The network returns: the queue goes, and the server's page shows what happened.
    await context.setOffline(false);
    await expect(page.getByTestId("sync-count")).toHaveText("0 check-ins waiting to sync");
    await expect(page.getByTestId("offline-door")).toBeHidden();
    await expect(page.getByTestId("door-count")).toHaveText("2 of 3 checked in");
    expect((await registrationStatus(ana!.registrationId)).checked_in_at).not.toBeNull();
    expect((await registrationStatus(ben!.registrationId)).checked_in_at).toBeNull();
    expect((await registrationStatus(cy!.registrationId)).checked_in_at).not.toBeNull();
    const fresh = await context.newPage();
    await fresh.goto(`/admin/check-in/${event.id}`);
    await expect(fresh.getByTestId("door-count")).toHaveText("2 of 3 checked in");
    await expect(fresh.getByRole("button", { name: "Undo check-in for Ana Ortiz" })).toBeVisible();
    await expect(fresh.getByRole("button", { name: "Check in Ben Cole" })).toBeVisible();
  }).finally(() => context.close());
});

test("two phones check the same person in offline: one check-in, at the earlier time, whichever syncs first", async ({ browser }) => {
  const event = await createDoorEvent("Two Phones Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
  const ana = event.attendees[0]!;
  const phones = await Promise.all([signedInAs(browser, "door"), signedInAs(browser, "door")]);
  await duringCheckIn(event.id, async () => {
    const [early, late] = await Promise.all(phones.map(({ context }) => context.newPage()));
    for (const page of [early!, late!]) await openDoorOnline(page, event.id);
    // A check-in with the page's own button, online: the phone takes the list again, so offline it shows Ben checked in.
    await early!.getByRole("button", { name: "Check in Ben Cole" }).click();
    await expect(early!.getByRole("status").filter({ hasText: "checked in" }).first()).toHaveText("Ben Cole is checked in.");
    type Kept = { list: { attendees: { name: string; checkedInAt: string | null }[] } };
    await expect.poll(async () => (await stored<Kept>(early!, "lists"))[0]?.list.attendees.find((a) => a.name === "Ben Cole")?.checkedInAt).toEqual(expect.any(String));
    for (const [i, page] of [early!, late!].entries()) await goOffline(phones[i]!.context, page);
    await expect(early!.getByTestId("offline-attendee").filter({ hasText: "Ben Cole" })).toContainText("Checked in");
    await early!.getByRole("button", { name: "Check in Ana Ortiz" }).click();
    await expect(early!.getByTestId("sync-count")).toHaveText("1 check-in waiting to sync");
    // A second apart, well beyond what the two phones' clocks (each set by the server when it loaded) may differ by.
    await late!.waitForTimeout(1_000);
    await late!.getByRole("button", { name: "Check in Ana Ortiz" }).click();
    await expect(late!.getByTestId("sync-count")).toHaveText("1 check-in waiting to sync");
    const [earlyOp] = await queued(early!);
    const [lateOp] = await queued(late!);
    expect(Date.parse(earlyOp!.at)).toBeLessThan(Date.parse(lateOp!.at));

    // The later phone finds the signal first; then the earlier one.
    await phones[1]!.context.setOffline(false);
    await expect(late!.getByTestId("sync-count")).toHaveText("0 check-ins waiting to sync");
    expect((await registrationStatus(ana.registrationId)).checked_in_at).toEqual(new Date(lateOp!.at));
    await phones[0]!.context.setOffline(false);
    await expect(early!.getByTestId("sync-count")).toHaveText("0 check-ins waiting to sync");
    expect((await registrationStatus(ana.registrationId)).checked_in_at).toEqual(new Date(earlyOp!.at));
    await expect(early!.getByTestId("door-count")).toHaveText("2 of 2 checked in");
  }).finally(() => Promise.all(phones.map(({ context }) => context.close())));
});
