import { z } from "zod";

export const productCategories = ["apparel", "gear", "accessories"] as const;
export type ProductCategory = (typeof productCategories)[number];

export const categoryLabels: Record<ProductCategory, string> = {
  apparel: "Apparel",
  gear: "Gear",
  accessories: "Accessories",
};

export const sortOptions = [
  { value: "featured", label: "Featured" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "newest", label: "Newest" },
] as const;
export type ProductSort = (typeof sortOptions)[number]["value"];

/** Shop URL parameters; anything unknown falls back to the default instead of failing. */
export const shopQuerySchema = z.object({
  category: z.enum(productCategories).optional().catch(undefined),
  sort: z.enum(sortOptions.map((o) => o.value) as [ProductSort, ...ProductSort[]]).default("featured").catch("featured"),
});
export type ShopQuery = z.output<typeof shopQuerySchema>;

/** Builds `/shop?category=…&sort=…`, leaving out defaults so the plain URL stays canonical. */
export function shopHref(query: Partial<ShopQuery>): string {
  const params = new URLSearchParams();
  if (query.category) params.set("category", query.category);
  if (query.sort && query.sort !== "featured") params.set("sort", query.sort);
  const search = params.toString();
  return search ? `/shop?${search}` : "/shop";
}
