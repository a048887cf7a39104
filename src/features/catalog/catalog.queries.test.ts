import { getDb } from "@/db/client";
import { describe, expect, it } from "vitest";
import {
  countProductsByCategory,
  getProduct,
  listFeaturedProducts,
  listProductSlugs,
  listProducts,
  listRelatedProducts,
  type ProductSummary,
} from "./catalog.queries";
import { productCategories, shopHref, shopQuerySchema, sortOptions, type ProductSort } from "./catalog.schema";
import { stockLabel } from "./stock";

const slugs = (products: ProductSummary[]) => products.map((p) => p.slug);
const prices = (products: ProductSummary[]) => products.map((p) => p.priceCents);

/** The seeded catalog, in each order a shopper can pick. */
const expectedOrder: Record<ProductSort, string[]> = {
  featured: [
    "veteran-strong-tshirt",
    "tactical-cap",
    "performance-hoodie",
    "tactical-backpack",
    "insulated-water-bottle",
    "fitness-journal",
    "training-gloves",
    "military-cap",
  ],
  "price-asc": [
    "fitness-journal", // 15.99
    "insulated-water-bottle", // 19.99
    "tactical-cap", // 24.99
    "military-cap", // 27.99
    "veteran-strong-tshirt", // 29.99
    "training-gloves", // 34.99
    "performance-hoodie", // 49.99
    "tactical-backpack", // 89.99
  ],
  "price-desc": [
    "tactical-backpack",
    "performance-hoodie",
    "training-gloves",
    "veteran-strong-tshirt",
    "military-cap",
    "tactical-cap",
    "insulated-water-bottle",
    "fitness-journal",
  ],
  newest: [
    "tactical-backpack", // 2025-05-05
    "performance-hoodie", // 2025-04-20
    "veteran-strong-tshirt", // 2025-03-01
    "military-cap", // 2025-02-14
    "tactical-cap", // 2025-01-15
    "training-gloves", // 2024-12-01
    "insulated-water-bottle", // 2024-11-01
    "fitness-journal", // 2024-09-10
  ],
};

describe("listProducts", () => {
  it.each(sortOptions.map((o) => o.value))("sorts all eight products by %s", async (sort) => {
    const products = await listProducts(getDb(), { sort });
    expect(slugs(products)).toEqual(expectedOrder[sort]);
  });

  it("really orders by price, both ways", async () => {
    const ascending = prices(await listProducts(getDb(), { sort: "price-asc" }));
    expect(ascending).toEqual([1599, 1999, 2499, 2799, 2999, 3499, 4999, 8999]);
    expect(prices(await listProducts(getDb(), { sort: "price-desc" }))).toEqual([...ascending].reverse());
  });

  it.each([
    ["apparel", ["veteran-strong-tshirt", "performance-hoodie"]],
    ["gear", ["tactical-backpack", "insulated-water-bottle", "training-gloves"]],
    ["accessories", ["tactical-cap", "fitness-journal", "military-cap"]],
  ] as const)("filters by category %s", async (category, expected) => {
    const products = await listProducts(getDb(), { category, sort: "featured" });
    expect(slugs(products)).toEqual(expected);
    expect(products.every((p) => p.category === category)).toBe(true);
  });

  it("combines a category filter with a sort", async () => {
    const gear = await listProducts(getDb(), { category: "gear", sort: "price-asc" });
    expect(slugs(gear)).toEqual(["insulated-water-bottle", "training-gloves", "tactical-backpack"]);
    expect(prices(gear)).toEqual([1999, 3499, 8999]);
  });

  it("returns plain objects shaped for the UI", async () => {
    const [first] = await listProducts(getDb(), { sort: "featured" });
    expect(first).toEqual({
      slug: "veteran-strong-tshirt",
      name: "Veteran Strong T-Shirt",
      description: expect.any(String),
      category: "apparel",
      categoryLabel: "Apparel",
      priceCents: 2999,
      price: "$29.99",
      imagePath: "/images/products/veteran-strong-tshirt.webp",
      imageAlt: "Navy t-shirt with a gold star and chevron emblem",
      image: null,
      variants: [
        { id: expect.any(Number), size: "XS", stock: 0 },
        { id: expect.any(Number), size: "S", stock: 12 },
        { id: expect.any(Number), size: "M", stock: 30 },
        { id: expect.any(Number), size: "L", stock: 30 },
        { id: expect.any(Number), size: "XL", stock: 12 },
        { id: expect.any(Number), size: "XXL", stock: 3 },
      ],
      inStock: true,
    });
  });

  it("gives one-size products a single variant, and knows when nothing is left", async () => {
    const products = await listProducts(getDb(), { sort: "featured" });
    const cap = products.find((p) => p.slug === "military-cap")!;
    expect(cap.variants).toEqual([{ id: expect.any(Number), size: null, stock: 0 }]);
    expect(cap.inStock).toBe(false);
    const hoodie = products.find((p) => p.slug === "performance-hoodie")!;
    expect(hoodie.variants.map((v) => v.size)).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
  });
});

describe("stock labels", () => {
  it("says Out of stock, Only N left (5 or fewer), or In stock", () => {
    expect([0, 1, 5, 6].map(stockLabel)).toEqual(["Out of stock", "Only 1 left", "Only 5 left", "In stock"]);
  });
});

describe("countProductsByCategory", () => {
  it("counts every category and the total", async () => {
    expect(await countProductsByCategory(getDb())).toEqual({ all: 8, apparel: 2, gear: 3, accessories: 3 });
  });

  it("agrees with the filtered lists", async () => {
    const counts = await countProductsByCategory(getDb());
    for (const category of productCategories) {
      expect((await listProducts(getDb(), { category, sort: "featured" })).length).toBe(counts[category]);
    }
  });
});

describe("single products and featured lists", () => {
  it("finds a product by slug, and nothing for an unknown slug", async () => {
    expect((await getProduct(getDb(), "tactical-backpack"))?.price).toBe("$89.99");
    expect(await getProduct(getDb(), "no-such-product")).toBeUndefined();
  });

  it("finds nothing, without a database error, for a slug with a NUL byte (/shop/tactical%00backpack)", async () => {
    expect(await getProduct(getDb(), "tactical\u0000backpack")).toBeUndefined();
  });

  it("lists the four featured products in rank order", async () => {
    expect(slugs(await listFeaturedProducts(getDb()))).toEqual(expectedOrder.featured.slice(0, 4));
  });

  it("suggests a full row: the same category first, then the rest of the shop, never the product itself", async () => {
    const backpack = (await getProduct(getDb(), "tactical-backpack"))!;
    const related = await listRelatedProducts(getDb(), backpack);
    expect(related).toHaveLength(4);
    expect(slugs(related).slice(0, 2)).toEqual(["insulated-water-bottle", "training-gloves"]);
    expect(related.slice(2).every((p) => p.category !== "gear")).toBe(true);
    expect(slugs(related)).not.toContain("tactical-backpack");
  });

  it("lists every slug", async () => {
    expect((await listProductSlugs(getDb())).sort()).toEqual([...expectedOrder.featured].sort());
  });
});

describe("shop query parameters", () => {
  it("falls back to defaults for unknown values instead of failing", () => {
    expect(shopQuerySchema.parse({})).toEqual({ category: undefined, sort: "featured" });
    expect(shopQuerySchema.parse({ category: "weapons", sort: "cheapest" })).toEqual({ category: undefined, sort: "featured" });
    expect(shopQuerySchema.parse({ category: "gear", sort: "price-desc" })).toEqual({ category: "gear", sort: "price-desc" });
  });

  it("builds canonical shop URLs", () => {
    expect(shopHref({})).toBe("/shop");
    expect(shopHref({ sort: "featured" })).toBe("/shop");
    expect(shopHref({ category: "gear", sort: "newest" })).toBe("/shop?category=gear&sort=newest");
  });
});
