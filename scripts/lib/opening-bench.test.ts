import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  formBody,
  formsOf,
  missedBudgets,
  percentile,
  registrationForm,
  sessionCookie,
  summarize,
  whatMemberWasTold,
  type Figures,
  type OpeningResult,
} from "./opening-bench";

const PAGE = "http://127.0.0.1:3320/calendar/7";

/** The event page's Register form as React renders a server action's form for a browser without JavaScript. */
const registerSection = (buttons: string, extra = "") => `
  <main><section id="register" aria-labelledby="register-title"><h2 id="register-title">Register</h2>
    <form class="flex" data-testid="registration" action="" encType="multipart/form-data" method="POST">
      <input type="hidden" name="$ACTION_REF_1"/>
      <input type="hidden" name="$ACTION_1:0" value="{&quot;id&quot;:&quot;7f3a&quot;,&quot;bound&quot;:&quot;$@1&quot;}"/>
      <input type="hidden" name="$ACTION_1:1" value="[{&quot;status&quot;:&quot;idle&quot;}]"/>
      <input type="hidden" name="$ACTION_KEY" value="k1234"/>
      <input type="hidden" name="eventId" value="7"/>
      <input type="text" name="note" value="x" disabled/>
      <p role="status" tabindex="-1" class="sr-only"></p>
      ${buttons}
    </form>
    ${extra}
  </section></main>`;

describe("registrationForm", () => {
  it("builds the data set a browser without JavaScript posts: the hidden fields, the server action's included, and the pressed button", () => {
    const html = registerSection(`<button type="submit" name="intent" value="register">Register Now</button><button type="submit" name="intent" value="cancel">Cancel</button>`);
    expect(registrationForm(html, PAGE)).toEqual({
      method: "POST",
      url: PAGE,
      enctype: "multipart/form-data",
      entries: [
        ["$ACTION_REF_1", ""],
        ["$ACTION_1:0", '{"id":"7f3a","bound":"$@1"}'],
        ["$ACTION_1:1", '[{"status":"idle"}]'],
        ["$ACTION_KEY", "k1234"],
        ["eventId", "7"],
        ["intent", "register"],
      ],
    });
  });

  it("reads the page's forms alone, whatever surrounds them", () => {
    const button = `<button type="submit" name="intent" value="register">Register Now</button>`;
    const around = `<header><form action="/search"><input name="q" value="ruck"/><button>Search</button></form></header>`;
    const page = `<!DOCTYPE html><html><body>${around}${registerSection(button)}<footer><p>Thanks</p></footer><script>self.__next_f.push([1,"x"])</script></body></html>`;
    expect(registrationForm(page, PAGE)).toEqual(registrationForm(registerSection(button), PAGE));
    expect(formsOf(page)).toBe(`<form action="/search"><input name="q" value="ruck"/><button>Search</button></form>${/<form[\s\S]*<\/form>/.exec(registerSection(button))![0]}`);
  });

  it("follows the button's own formaction and method over the form's", () => {
    const html = registerSection(`<button name="intent" value="register" formaction="/calendar/7?x=1" formmethod="post">Join the Waitlist</button>`);
    expect(registrationForm(html, PAGE)).toMatchObject({ url: "http://127.0.0.1:3320/calendar/7?x=1", method: "POST" });
  });

  it("is undefined when the page offers no Register button (the member is told why instead)", () => {
    expect(registrationForm(registerSection(`<button name="intent" value="cancel">Cancel Registration</button>`), PAGE)).toBeUndefined();
    expect(registrationForm("<main><p>Not found</p></main>", PAGE)).toBeUndefined();
  });

  it("posts multipart when the form says so, and a URL-encoded body otherwise, as a browser encodes them", async () => {
    const entries: [string, string][] = [["eventId", "7"], ["$ACTION_REF_1", ""], ["returnTo", "/calendar/7?x=1&y=ü"]];
    const post = { method: "POST", url: PAGE, entries };
    const multipart = await formBody({ ...post, enctype: "multipart/form-data" });
    expect(multipart.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const read = await new Response(new Uint8Array(multipart.body), { headers: { "content-type": multipart.contentType } }).formData();
    expect([...read.entries()]).toEqual(entries);
    const encoded = await formBody({ ...post, enctype: "application/x-www-form-urlencoded" });
    expect(encoded.contentType).toBe("application/x-www-form-urlencoded");
    expect([...new URLSearchParams(encoded.body.toString()).entries()]).toEqual(entries);
  });
});

describe("whatMemberWasTold", () => {
  const answer = (status: string, extra = "") =>
    registerSection("", extra).replace(`<p role="status" tabindex="-1" class="sr-only"></p>`, `<p role="status" tabindex="-1">${status}</p>`);

  it("reads a seat, a waitlist place and a refusal from the answer", () => {
    expect(whatMemberWasTold(answer("Done. A confirmation email with a calendar file is on its way."))).toEqual({
      outcome: "confirmed",
      message: "Done. A confirmation email with a calendar file is on its way.",
    });
    expect(whatMemberWasTold(answer("This event is full, so you joined its waitlist. We'll email you if a seat opens up.")).outcome).toBe("waitlisted");
    expect(whatMemberWasTold(answer("", `<div role="alert">Registration for this event opens on Dec 29, 1:00 PM CST.</div>`))).toEqual({
      outcome: "refused",
      message: "Registration for this event opens on Dec 29, 1:00 PM CST.",
    });
  });

  it("reads the page's reason when it offers no button, and says untold when there is none", () => {
    const page = `<section id="register"><p data-testid="registration-state">Registration is open to Premium and Elite members only for now;
      it opens to everyone on Dec 29, 1:00 PM CST.</p></section>`;
    expect(whatMemberWasTold(page)).toEqual({
      outcome: "refused",
      message: "Registration is open to Premium and Elite members only for now; it opens to everyone on Dec 29, 1:00 PM CST.",
    });
    expect(whatMemberWasTold(registerSection(""))).toEqual({ outcome: "untold", message: "" });
  });
});

describe("sessionCookie", () => {
  it("signs the token as better-auth does", () => {
    const signature = createHmac("sha256", "secret").update("tok").digest("base64");
    expect(sessionCookie("tok", "secret")).toBe(`better-auth.session_token=${encodeURIComponent(`tok.${signature}`)}`);
  });
});

describe("percentile and summarize", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted on purpose
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it("counts answers other than 2xx/3xx and requests without an answer as errors, over the phase's wall time", () => {
    const figures = summarize(
      [
        { latencyMs: 10, status: 200 },
        { latencyMs: 20, status: 303 },
        { latencyMs: 30, status: 422 },
        { latencyMs: 40, status: 500 },
        { latencyMs: 50, error: "ECONNRESET" },
      ],
      2_000,
    );
    expect(figures).toEqual({ requests: 5, perSecond: 2.5, p50: 30, p99: 50, errors: 3, errorKinds: "422 ×1, 500 ×1, no answer ×1" });
  });
});

describe("missedBudgets", () => {
  const fast: Figures = { requests: 10, perSecond: 5, p50: 50, p99: 200, errors: 0, errorKinds: "" };
  const told = (outcome: "confirmed" | "waitlisted" | "refused" | "untold", message = "why") => ({ outcome, message });
  const result = (change: Partial<OpeningResult> = {}): OpeningResult => ({
    phases: [{ name: "priority window, POST register", figures: fast }],
    capacity: 1,
    seatsTaken: 1,
    answers: [
      { email: "a@example.com", told: told("confirmed") },
      { email: "b@example.com", told: told("refused", "Registration is open to Premium and Elite members only for now.") },
      { email: "b@example.com", told: told("waitlisted", "This event is full, so you joined its waitlist.") },
    ],
    members: [
      { email: "a@example.com", told: told("confirmed"), stored: "confirmed" },
      { email: "b@example.com", told: told("waitlisted"), stored: "waitlisted" },
    ],
    ...change,
  });

  it("passes a run without errors, under 1 s at p99, seats exact and everyone told", () => {
    expect(missedBudgets(result())).toEqual([]);
  });

  it("fails errors, a slow p99, an oversold or undersold event, a member left untold and a member told wrong", () => {
    expect(missedBudgets(result({ phases: [{ name: "general opening, GET event page", figures: { ...fast, errors: 2, p99: 1_000 } }] }))).toEqual([
      "general opening, GET event page: 2 errors (answers other than 2xx/3xx, or none)",
      "general opening, GET event page: p99 1000 ms, budget < 1000 ms",
    ]);
    expect(missedBudgets(result({ seatsTaken: 2 }))).toEqual(["seats: 2 taken and 1 confirmed registrations for a capacity of 1"]);
    expect(missedBudgets(result({ answers: [{ email: "b@example.com", told: told("waitlisted", "") }] }))).toEqual([
      "1 answers that did not tell the member why they have no seat (first: b@example.com)",
    ]);
    expect(
      missedBudgets(
        result({
          members: [
            { email: "a@example.com", told: told("confirmed"), stored: "confirmed" },
            { email: "b@example.com", told: told("confirmed"), stored: "waitlisted" },
          ],
        }),
      ),
    ).toEqual(["1 members told otherwise than the database holds (first: b@example.com, told confirmed, stored waitlisted)"]);
    // An error page in place of the answer, while the registration went through.
    expect(
      missedBudgets(
        result({
          members: [
            { email: "a@example.com", told: told("confirmed"), stored: "confirmed" },
            { email: "b@example.com", told: told("untold", ""), stored: "waitlisted" },
          ],
        }),
      ),
    ).toEqual(["1 members hold a registration although their last answer told them nothing (first: b@example.com, stored waitlisted)"]);
  });
});
