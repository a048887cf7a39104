/**
 * The door phone's endpoint as the server answers it (issue 32): /admin/check-in/[id]/attendees.json
 * gives a door phone the event's list (GET) and takes the check-ins it queued offline (POST). Who may
 * use it, what a hostile body gets (a clear 4xx, never a 500), an op sent twice, and two phones' ops for
 * the same people. The offline journey in a browser: e2e/check-in-offline.spec.ts; the merge rule and
 * each refusal's wording: src/features/events/check-in-*.test.ts.
 */
import { randomUUID } from "node:crypto";
import { E2E_CLOCK_START } from "../clock";
import { createDoorEvent, duringCheckIn, registrationStatus } from "../events-db";
import { query } from "../staff-db";
import { expect, test } from "./fixtures";
import type { TextBrowser } from "./text-browser";

/** Minutes after the e2e site's clock started: inside the check-in window duringCheckIn opens, and in the site's past. */
const minute = (n: number) => new Date(Date.parse(E2E_CLOCK_START) - 60 * 60_000 + n * 60_000);
const op = (registrationId: number, action: "check-in" | "undo", at: Date, deviceId: string) => ({ opId: randomUUID(), registrationId, action, at: at.toISOString(), deviceId });

const listOf = (eventId: number) => `/admin/check-in/${eventId}/attendees.json`;

function post(who: TextBrowser, eventId: number, body: unknown, headers: Record<string, string> = {}) {
  return who.request.post(listOf(eventId), {
    headers: { Origin: who.origin, "Content-Type": "application/json", ...headers },
    // A Buffer is sent as it is (a string would be sent as a JSON string).
    data: Buffer.from(typeof body === "string" ? body : JSON.stringify(body)),
    maxRedirects: 0,
  });
}

test("only the door's roles use it: a visitor is asked to sign in again, a member gets a 404, a post from elsewhere is refused", async ({ visitor, signedIn }) => {
  const event = await createDoorEvent("Sync Permission Clinic", { attendees: ["Ana Ortiz"] });
  const ops = { ops: [op(event.attendees[0]!.registrationId, "check-in", minute(5), randomUUID())] };
  const signedOut = await post(visitor, event.id, ops);
  expect(signedOut.status()).toBe(401);
  expect(await signedOut.json()).toEqual({ error: "You are signed out. Sign in again, then open the door page to send the check-ins." });
  const member = await signedIn(null);
  const refused = await post(member.browser, event.id, ops);
  expect(refused.status()).toBe(404);
  expect(await refused.text()).toBe("Not found");

  const { browser: door } = await signedIn("door");
  await duringCheckIn(event.id, async () => {
    // Another site's page (the front refuses it), a post without Origin (never the door page's script), and not JSON.
    expect((await post(door, event.id, ops, { Origin: "https://evil.example" })).status()).toBe(403);
    const noOrigin = await door.request.post(listOf(event.id), { headers: { "Content-Type": "application/json" }, data: JSON.stringify(ops) });
    expect(noOrigin.status()).toBe(403);
    expect(await noOrigin.json()).toEqual({ error: "Refused: send the check-ins from the site's own door page." });
    const form = await post(door, event.id, "ops=1", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status()).toBe(415);

    // The page as the service worker keeps it for offline use holds nobody's name or address.
    const shell = await door.get(`/admin/check-in/${event.id}?shell`);
    expect(shell.heading(1)).toBe(`Check-in: ${event.title}`);
    expect(shell.$("[data-testid=door-attendee]")).toHaveLength(0);
    expect(shell.body).not.toContain("Ana Ortiz");
    expect(shell.body).not.toContain(event.attendees[0]!.email);
    expect((await door.get(`/admin/check-in/${event.id}`)).body).toContain(event.attendees[0]!.email);
  });
  expect((await registrationStatus(event.attendees[0]!.registrationId)).checked_in_at).toBeNull();

  // The door page may use the camera (its ticket scanner), for itself only; its list may not.
  expect((await door.request.get(`/admin/check-in/${event.id}`)).headers()["permissions-policy"]).toMatch(/^camera=\(self\), /);
  expect((await door.request.get(listOf(event.id))).headers()["permissions-policy"]).toMatch(/^camera=\(\), /);

  // Outside the window a door volunteer's phone gets no list, only the reason, and its ops are refused one by one.
  const closed = await door.request.get(listOf(event.id));
  expect(closed.status()).toBe(200);
  expect(closed.headers()["cache-control"]).toMatch(/no-store/);
  expect(await closed.json()).toMatchObject({ open: false, message: expect.stringMatching(/^Check-in for this event is not open yet\./) });
  const late = await post(door, event.id, ops);
  expect((await late.json()).results).toEqual([{ opId: ops.ops[0]!.opId, outcome: "refused", message: expect.stringMatching(/far outside this event's check-in/) }]);
});

test("a hostile body gets a clear 400 or 413 and changes nothing; a malformed op is refused alone", async ({ signedIn }) => {
  const event = await createDoorEvent("Sync Hostile Clinic", { attendees: ["Ana Ortiz"] });
  const ana = event.attendees[0]!;
  const { browser: door } = await signedIn("door");
  await duringCheckIn(event.id, async () => {
    const bodies: [unknown, string][] = [
      ["{not json", "The body is not JSON."],
      ["[]", 'Invalid input: expected object, received array'],
      [{ ops: "all of them" }, "ops must be a list."],
      [{ ops: [] }, "ops is empty."],
      [{ ops: Array.from({ length: 201 }, () => ({})) }, "Send at most 200 ops at a time."],
      [{ ops: [{}], extra: true }, 'Unrecognized key: "extra"'],
      ["null", "Invalid input: expected object, received null"],
    ];
    for (const [body, error] of bodies) {
      const answer = await post(door, event.id, body);
      expect(answer.status(), JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(await answer.json(), JSON.stringify(body).slice(0, 60)).toEqual({ error });
    }
    expect((await post(door, event.id, `{"ops":[${"x".repeat(2 * 1024 * 1024)}]}`)).status()).toBe(413);

    const good = op(ana.registrationId, "check-in", minute(5), randomUUID());
    const others = [{ ...good, opId: "not-a-uuid" }, { ...good, registrationId: 1e300 }, { ...good, at: "yesterday" }, { ...good, action: "delete" }, op(2_000_000_000, "check-in", minute(5), randomUUID()), good];
    // First an op nested 5,000 arrays deep, written out by hand (JSON.stringify would overflow here).
    const deep = `{"opId":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    const answer = await post(door, event.id, `{"ops":[${deep},${others.map((one) => JSON.stringify(one)).join(",")}]}`);
    expect(answer.status()).toBe(200);
    const { results, list } = await answer.json();
    expect(results.map((r: { outcome: string }) => r.outcome)).toEqual(["refused", "refused", "refused", "refused", "refused", "refused", "applied"]);
    expect(results.slice(1, 6).map((r: { message: string }) => r.message)).toEqual([
      "Refused: opId must be a UUID.",
      "Refused: registrationId must be a registration's number.",
      "Refused: at must be a date and time such as 2028-09-19T14:02:00.000Z.",
      'Refused: action must be "check-in" or "undo".',
      "Refused: this registration is not on this event's list.",
    ]);
    expect(list.attendees).toEqual([{ registrationId: ana.registrationId, name: "Ana Ortiz", status: "confirmed", checkedInAt: minute(5).toISOString() }]);
  });
});

test("two phones' ops: each person ends with one check-in at the earliest time or the later undo, and ops sent again change nothing", async ({ signedIn }) => {
  const event = await createDoorEvent("Sync Two Phones Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
  const [ana, ben] = event.attendees;
  const first = await signedIn("door");
  const second = await signedIn("door");
  const phoneA = randomUUID();
  const phoneB = randomUUID();
  await duringCheckIn(event.id, async () => {
    const fromA = [op(ana!.registrationId, "check-in", minute(9), phoneA), op(ben!.registrationId, "check-in", minute(6), phoneA)];
    const fromB = [op(ana!.registrationId, "check-in", minute(4), phoneB), op(ben!.registrationId, "undo", minute(8), phoneB)];
    const a = await (await post(first.browser, event.id, { ops: fromA })).json();
    expect(a.results.map((r: { outcome: string }) => r.outcome)).toEqual(["applied", "applied"]);
    const b = await (await post(second.browser, event.id, { ops: fromB })).json();
    expect(b.results.map((r: { message: string }) => r.message)).toEqual([expect.stringMatching(/^Ana Ortiz is checked in \(Jun 20, 9:04 AM CDT\)\.$/), "Ben Cole is not checked in."]);
    expect(b.list.attendees.map((r: { name: string; checkedInAt: string | null }) => [r.name, r.checkedInAt])).toEqual([
      ["Ana Ortiz", minute(4).toISOString()],
      ["Ben Cole", null],
    ]);
    expect((await registrationStatus(ana!.registrationId)).checked_in_at).toEqual(minute(4));
    expect((await registrationStatus(ben!.registrationId)).checked_in_at).toBeNull();

    // Phone A never got its answer and sends again: nothing changes, nothing more is audited.
    const audited = async () => (await query<{ n: string }>("select count(*) as n from audit_log where record_type = 'event' and record_id = $1", [String(event.id)]))[0]!.n;
    const before = await audited();
    const again = await (await post(first.browser, event.id, { ops: [...fromA, ...fromB] })).json();
    expect(again.results.map((r: { outcome: string }) => r.outcome)).toEqual(["duplicate", "duplicate", "duplicate", "duplicate"]);
    expect(await audited()).toBe(before);
    expect((await registrationStatus(ana!.registrationId)).checked_in_at).toEqual(minute(4));

    // The door page shows the server's state.
    const page = await first.browser.get(`/admin/check-in/${event.id}`);
    expect(page.text("[data-testid=door-count]")).toBe("1 of 2 checked in");
  });
});
