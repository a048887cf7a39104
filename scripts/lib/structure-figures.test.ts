/** The structure figures, counted from a report shaped like dependency-cruiser's. */
import { describe, expect, it } from "vitest";
import { structureFigures, type CruiseReport } from "./structure-figures";

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
});
