import { PageHero } from "@/components/ui/page-hero";
import { listFeaturedProducts } from "@/features/catalog/catalog.queries";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const featured = await listFeaturedProducts();
  return (
    <PageHero title="Home">
      <ul>{featured.map((p) => <li key={p.slug}>{p.name} {p.price}</li>)}</ul>
    </PageHero>
  );
}
