import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ECHO_LIMIT, formAction } from "./action";
import { idleState } from "./form-state";
import { log } from "./log";
import { singleLineText } from "./text-fields";
import { form } from "../../test/form";

/** A schema that, like some feature schemas, knows nothing about control characters. */
const plainSchema = z.object({ name: z.string(), bio: z.string().optional() });

describe("formAction", () => {
  it("refuses a NUL byte (PostgreSQL cannot store one) next to its field, before the handler runs", async () => {
    const handler = vi.fn(async () => "stored");
    const state = await formAction(plainSchema, handler)(idleState, form({ name: "Ada\u0000", bio: "Fine" }));
    expect(handler).not.toHaveBeenCalled();
    expect(state).toMatchObject({ status: "error", fieldErrors: { name: expect.stringMatching(/characters we can't accept/) } });
    if (state.status !== "error") return;
    expect(state.fieldErrors.bio).toBeUndefined();
    expect(state.formError).toBeUndefined();
  });

  it("refuses other control characters in any field, but lets tabs and line breaks through to the schema", async () => {
    const handler = vi.fn(async (input: z.output<typeof plainSchema>) => input);
    for (const bad of ["\u0001", "\u0008", "\u001b[2J", "\u007f"]) {
      const state = await formAction(plainSchema, handler)(idleState, form({ name: `Ada${bad}` }));
      expect(state.status, JSON.stringify(bad)).toBe("error");
    }
    expect(handler).not.toHaveBeenCalled();
    const state = await formAction(plainSchema, handler)(idleState, form({ name: "Ada", bio: "Line one\r\nLine two\tend" }));
    expect(state).toEqual({ status: "success", data: { name: "Ada", bio: "Line one\r\nLine two\tend" } });
  });

  it("does not send the refused characters back in the echoed values", async () => {
    const state = await formAction(plainSchema, async () => "stored")(idleState, form({ name: "Ada\u0000 Lovelace" }));
    expect(state.status === "error" && state.values.name).toBe("Ada Lovelace");
  });
});

describe("what a refused form echoes", () => {
  it("never more of a field than its own limit, or than ECHO_LIMIT for a field without one or unknown to the schema", async () => {
    const schema = z
      .object({ email: singleLineText().max(254).optional(), note: z.string().trim().max(500).optional(), body: z.string().optional() })
      .transform((input) => input);
    const huge = "a".repeat(3 * 1024 * 1024);
    const state = await formAction(schema, async () => "stored")(idleState, form({ email: huge, note: huge, body: huge, extra: huge }));
    if (state.status !== "error") throw new Error("expected a refusal");
    expect(state.values.email).toHaveLength(254);
    expect(state.values.note).toHaveLength(500);
    expect(state.values.body).toHaveLength(ECHO_LIMIT);
    expect(state.values.extra).toHaveLength(ECHO_LIMIT);
  });

  it("keeps whatever fits, as typed", async () => {
    const schema = z.object({ name: z.string().max(5), age: z.coerce.number() });
    const state = await formAction(schema, async () => "stored")(idleState, form({ name: "Ada L", age: "old" }));
    expect(state.status === "error" && state.values).toEqual({ name: "Ada L", age: "old" });
  });
});

describe("formAction called with something other than a form", () => {
  it("answers like an empty form instead of throwing (a crafted request can send any arguments)", async () => {
    const action = formAction(z.object({ name: z.string({ message: "Name is required." }) }), async () => "saved");
    for (const argument of [undefined, null, 1, "text", [1, 2], { name: "Jane" }]) {
      const state = await action(idleState, argument as unknown as FormData);
      expect(state).toEqual({ status: "error", fieldErrors: { name: "Name is required." }, values: {} });
    }
  });
});

describe("formAction when the handler fails unexpectedly", () => {
  it("answers a generic form error and logs the failure with its event name", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      const failure = new Error("connect ECONNREFUSED");
      const state = await formAction(plainSchema, async () => Promise.reject(failure))(idleState, form({ name: "Ada" }));
      expect(state).toMatchObject({ status: "error", formError: "Something went wrong on our side. Please try again." });
      expect(error).toHaveBeenCalledWith({ event: "form.action-failed", err: failure }, expect.any(String));
    } finally {
      error.mockRestore();
    }
  });
});
