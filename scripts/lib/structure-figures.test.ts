/** The structure figures, counted from a report shaped like dependency-cruiser's. */
import { describe, expect, it } from "vitest";
import { isDeskFile, repetitionFigures, structureFigures, type CruiseReport } from "./structure-figures";

const dependency = (resolved: string, circular = false) => ({ resolved, circular, coreModule: false, couldNotResolve: false });

const report: CruiseReport = {
  modules: [
    { source: "src/app/(site)/page.tsx", dependencies: [dependency("src/features/events/events.queries.ts"), dependency("src/components/ui/link.tsx")] },
    { source: "src/features/members/session.ts", dependencies: [dependency("src/features/cart/merge-on-sign-in.ts"), dependency("src/lib/log.ts"), dependency("src/db/client.ts")] },
    { source: "src/features/cart/cart.service.ts", dependencies: [dependency("src/features/members/session.ts", true), dependency("src/features/cart/cart.queries.ts")] },
    { source: "src/features/orders/orders.service.ts", dependencies: [dependency("src/features/cart/cart.service.ts")] },
    { source: "src/components/layout/site-footer.tsx", dependencies: [dependency("src/features/newsletter/components/newsletter-form.tsx")] },
    { source: "src/lib/action.ts", dependencies: [{ resolved: "node:fs", circular: false, coreModule: true, couldNotResolve: false }, dependency("zod")] },
    { source: "src/db/client.ts", dependencies: [dependency("src/lib/env.ts")] },
  ],
};

describe("structure figures", () => {
  it("count imports inside src/, circles, upward imports, imports between features and the pairs that go both ways", () => {
    const figures = structureFigures(report);
    expect(figures.modules).toBe(7);
    expect(figures.imports).toBe(10);
    expect(figures.circularImports).toBe(1);
    expect(figures.upward).toEqual(["src/components/layout/site-footer.tsx → src/features/newsletter/components/newsletter-form.tsx"]);
    expect(figures.crossFeature).toEqual([
      "src/features/members/session.ts → src/features/cart/merge-on-sign-in.ts",
      "src/features/cart/cart.service.ts → src/features/members/session.ts",
      "src/features/orders/orders.service.ts → src/features/cart/cart.service.ts",
    ]);
    expect(figures.mutualPairs).toEqual(["cart ⇄ members"]);
  });

  it("count blocks repeated between two files, and the long ones between staff desks", () => {
    const clone = (lines: number, a: string, b: string) => ({ lines, firstFile: { name: a, start: 3 }, secondFile: { name: b, start: 40 } });
    const figures = repetitionFigures({
      duplicates: [
        clone(12, "src/features/orders/orders-desk.queries.ts", "src/features/donations/donations-desk.queries.ts"),
        clone(16, "src/features/members/components/forgot-password-form.tsx", "src/features/members/components/sign-in-link-forms.tsx"),
        clone(8, "src/app/(staff)/admin/orders/page.tsx", "src/features/donations/staff/gifts-list.tsx"),
        clone(20, "src/server/refused-form.ts", "src/server/refused-form.ts"),
      ],
    });
    expect(figures.betweenFiles).toHaveLength(3);
    expect(figures.longBetweenDesks).toEqual(["12 lines: src/features/orders/orders-desk.queries.ts:3 ↔ src/features/donations/donations-desk.queries.ts:40"]);
    expect(isDeskFile("src/features/catalog/staff/components/product-form.tsx")).toBe(true);
    expect(isDeskFile("src/features/catalog/catalog.queries.ts")).toBe(false);
  });
});
