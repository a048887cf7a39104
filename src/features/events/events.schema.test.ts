import { describe, expect, it } from "vitest";
import { registrationFormSchema } from "./events.schema";

const parsed = (returnTo: unknown) => registrationFormSchema.parse({ eventId: "12", intent: "register", returnTo }).returnTo;

describe("the page a press without JavaScript comes back to", () => {
  it("is the form's own page of this site, with its query", () => {
    expect(parsed("/calendar")).toBe("/calendar");
    expect(parsed("/calendar/12")).toBe("/calendar/12");
    expect(parsed("/calendar/12/offer")).toBe("/calendar/12/offer");
    expect(parsed("/profile?tab=events")).toBe("/profile?tab=events");
  });

  it("is never another site's address, nor anything but a path: the event's own page is used instead", () => {
    for (const hostile of ["//evil.example/calendar", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "calendar", "/calendar\n/x", "/a b", `/${"a".repeat(300)}`, 42, ""]) {
      expect(parsed(hostile), String(hostile)).toBeUndefined();
    }
    expect(parsed(undefined)).toBeUndefined();
  });
});
