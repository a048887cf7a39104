/**
 * The layering of src/ (see the README's layout): app → features → lib/db, never upward, and no
 * cycles. Tests may reach across layers (a route handler's test imports the route), so they are
 * left out. `npm run lint` runs this after ESLint.
 */
const notTests = "\\.test\\.tsx?$";

/**
 * The doors between features (ADR 0024): the only files of a feature that another feature may import.
 * Anything else in a feature is its own business. A new door is a decision: add it here, with the
 * feature that needs it in mind, or move the shared piece down into components/ or lib/.
 */
const publicEntries = {
  cart: ["cart-owner.ts", "cart-session.ts", "priced-cart.ts"],
  catalog: ["stock-ledger.ts", "stock.ts"],
  content: ["content.queries.ts"],
  memberships: ["membership-payment.service.ts", "membership-plans.service.ts", "membership-term.service.ts"],
  newsletter: ["newsletter.service.ts"],
  orders: ["checkout.schema.ts", "orders.queries.ts", "orders.service.ts"],
  pricing: ["pricing-rates.ts", "pricing.service.ts"],
  profile: ["military-status.ts"],
  verification: ["verification-standing.service.ts", "verification.fields.ts"],
};
const doors = Object.entries(publicEntries).flatMap(([feature, files]) => files.map((file) => `^src/features/${feature}/${file.replaceAll(".", "\\.")}$`));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle makes the import order decide what is defined; break it by moving the shared part down a layer.",
      from: { path: "^src/", pathNot: notTests },
      to: { circular: true },
    },
    {
      name: "lib-and-db-stay-at-the-bottom",
      severity: "error",
      comment: "lib/ and db/ are the foundation: they never import features, shared components, routes or the HTTP front.",
      from: { path: "^src/(lib|db)/", pathNot: notTests },
      to: { path: "^src/(features|components|app|server)/" },
    },
    {
      name: "features-below-routes",
      severity: "error",
      comment: "Features hold the rules; routes (app/) and the HTTP front (server/) call them, never the other way round.",
      from: { path: "^src/(features|components)/", pathNot: notTests },
      to: { path: "^src/(app|server)/" },
    },
    {
      name: "components-stay-below-features",
      severity: "error",
      comment: "Shared components know no feature: a feature's piece they show (the footer's newsletter form) is passed in by the route.",
      from: { path: "^src/components/", pathNot: notTests },
      to: { path: "^src/features/" },
    },
    {
      name: "features-meet-at-their-doors",
      severity: "error",
      comment: "A feature imports another only through one of its public entries (publicEntries above); shared pieces live in components/ or lib/.",
      from: { path: "^src/features/([^/]+)/", pathNot: notTests },
      to: { path: "^src/features/", pathNot: ["^src/features/$1/", ...doors] },
    },
    {
      name: "drizzle-only-in-queries-and-services",
      severity: "error",
      comment: "SQL lives in db/, *.queries.ts (reads) and *.service.ts (rules and writes), never in pages, components or actions (ADR 0003).",
      from: { path: "^src/", pathNot: [notTests, "^src/db/", "\\.(queries|service)\\.ts$"] },
      to: { path: "(^|/)node_modules/drizzle-orm/" },
    },
    {
      name: "front-stays-outside-next",
      severity: "error",
      comment: "The HTTP front (server/) runs before Next: it may use lib/, never the app's routes or features.",
      from: { path: "^src/server/", pathNot: notTests },
      to: { path: "^src/(app|features|components)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    combinedDependencies: false,
  },
};
