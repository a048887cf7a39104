import { getDb } from "@/db/client";
import { ServerImage } from "@/components/ui/server-image";
import Link from "@/components/ui/link";
import { JoinButton } from "@/features/memberships/components/join-button";
import { ButtonLink } from "@/components/ui/button-link";
import { CartNotice } from "@/features/cart/components/cart-notice";
import { PRODUCT_CARD_CELL, ProductCard } from "@/features/catalog/components/product-card";
import { AddToCartForm } from "@/features/cart/components/add-to-cart-form";
import { ProductQuickView } from "@/features/catalog/components/product-quick-view";
import { listFeaturedProducts } from "@/features/catalog/catalog.queries";
import { UpcomingEventCard } from "@/features/events/components/upcoming-event-card";
import { listUpcomingEvents } from "@/features/events/events.queries";
import { pageMetadata } from "@/lib/metadata";
import { JsonLd } from "@/components/seo/json-ld";
import { getSiteContact } from "@/features/content/content.queries";
import { organizationData } from "@/features/content/organization-data";
import { site } from "@/lib/site";
import heroImage from "../../../public/images/hero.webp";

export const dynamic = "force-dynamic";

export const metadata = pageMetadata({
  title: "Home",
  description: site.description,
  path: "/",
});

const features = [
  {
    title: "Firearms Training",
    text: "Safety-first instruction from certified range officers, from your first grip to precision marksmanship.",
    href: "/training/firearms",
    icon: "M12 3v4M12 17v4M3 12h4M17 12h4M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
  },
  {
    title: "Elite Fitness",
    text: "Military-style strength, endurance and ruck programs for every level, coached by veterans.",
    href: "/training/fitness",
    icon: "M6 8v8M18 8v8M3 10v4M21 10v4M6 12h12",
  },
  {
    title: "Community Support",
    text: "A team after service: mentorship, family resources and a network that shows up for each other.",
    href: "/about",
    icon: "M17 20v-2a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v2M10 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM21 20v-2a4 4 0 0 0-3-3.9M15 4.1a3 3 0 0 1 0 5.8",
  },
  {
    title: "Regular Events",
    text: "Ruck marches, first-aid courses, range days and cookouts on the calendar all year round.",
    href: "/calendar",
    icon: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
  },
] as const;

export default async function HomePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [featured, upcoming] = await Promise.all([listFeaturedProducts(getDb(), 4), listUpcomingEvents(getDb(), 3)]);

  return (
    <>
      <section aria-labelledby="home-title" className="relative isolate flex min-h-[36rem] items-center overflow-hidden bg-navy-950 pb-16 pt-28 text-white sm:min-h-[40rem]">
        <ServerImage
          src={heroImage}
          alt=""
          fill
          preload
          sizes="100vw"
          className="-z-20 object-cover"
        />
        {/* Keeps white text well above 4.5:1 whatever the photo shows behind it. */}
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-navy-950/95 via-navy-950/80 to-navy-950/55" />
        <div className="container-page">
          <div className="max-w-2xl">
            <p className="mb-4 text-sm font-semibold uppercase tracking-widest text-gold-400">{site.tagline}</p>
            <h1 id="home-title" className="text-4xl font-extrabold tracking-tight sm:text-6xl">
              Serving those who served
            </h1>
            <p className="mt-6 text-lg text-white/90 sm:text-xl">
              {site.name} brings veterans, service members, their families and supporters together through world-class
              training, fitness and community.
            </p>
            <div className="mt-8 flex flex-wrap gap-4">
              <ButtonLink href="/training" variant="primary">
                Explore Training
              </ButtonLink>
              <ButtonLink href="/shop" variant="outline" className="text-white">
                Shop Gear
              </ButtonLink>
              <ButtonLink href="/donate" variant="outline" className="text-white">
                Donate
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="container-page py-16 text-center lg:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-olive-700">Our Mission</p>
        <h2 id="mission-heading" className="mx-auto mt-3 max-w-3xl text-3xl font-bold tracking-tight sm:text-4xl">
          Empowering veterans to thrive after service
        </h2>
        <p className="mx-auto mt-5 max-w-3xl text-lg text-navy-800">
          Founded by veterans in {site.foundedYear}, we provide training, fitness and community programs that build
          confidence, restore camaraderie and support military families. Whether you served, serve now, or stand behind
          those who do, there is a place for you here.
        </p>
      </section>

      <section aria-labelledby="features-heading" className="bg-white py-16 lg:py-20">
        <div className="container-page">
          <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
            What we offer
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {features.map((feature) => (
              <li key={feature.title} className="relative flex flex-col gap-3 rounded-xl bg-sand-100 p-6 ring-1 ring-navy-900/10 transition-shadow hover:shadow-md">
                <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-navy-900 text-gold-400">
                  <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                    <path d={feature.icon} strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </span>
                <h3 className="text-xl font-bold">
                  <Link href={feature.href} className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline">
                    {feature.title}
                  </Link>
                </h3>
                <p className="text-navy-800">{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="container-page py-16 lg:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-olive-700">Shop</p>
            <h2 id="featured-heading" className="mt-2 text-3xl font-bold tracking-tight">
              Featured gear
            </h2>
          </div>
          <Link href="/shop" className="font-semibold text-olive-700 underline-offset-4 hover:underline">
            View all products <span aria-hidden="true">→</span>
          </Link>
        </div>
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4" data-testid="featured-products">
          {featured.map((product) => (
            <li key={product.slug} className={PRODUCT_CARD_CELL}>
              <ProductCard
                product={product}
                action={
                  <ProductQuickView
                    product={product}
                    addToCart={<AddToCartForm productName={product.name} variants={product.variants} returnTo="/" showStock className="mt-2" />}
                  />
                }
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="events-heading" className="bg-sand-200/60 py-16 lg:py-20">
        <div className="container-page">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <p className="text-sm font-semibold uppercase tracking-widest text-olive-700">Calendar</p>
              <h2 id="events-heading" className="mt-2 text-3xl font-bold tracking-tight">
                Upcoming events
              </h2>
            </div>
            <ButtonLink href="/calendar" variant="secondary">
              View Full Calendar
            </ButtonLink>
          </div>
          {upcoming.length > 0 ? (
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {upcoming.map((event) => (
                <li key={event.id}>
                  <UpcomingEventCard event={event} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-8 text-lg">New events are being scheduled. Check the full calendar soon.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-navy-900 py-16 text-white lg:py-20">
        <div className="container-page max-w-3xl text-center">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Ready to join the mission?
          </h2>
          <p className="mt-4 text-lg text-white/85">
            Train with us, take part in events and connect with a community that has your back, or give to keep our programs
            open to every veteran.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <JoinButton />
            <ButtonLink href="/donate" variant="outline" className="text-white">
              Make a Donation
            </ButtonLink>
            <ButtonLink href="/contact" variant="outline" className="text-white">
              Contact Us
            </ButtonLink>
          </div>
        </div>
      </section>
      <CartNotice searchParams={await searchParams} />
      <JsonLd data={organizationData(await getSiteContact(getDb()))} />
    </>
  );
}
