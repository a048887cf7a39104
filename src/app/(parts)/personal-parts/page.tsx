import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AccountLinks, CartLink, MenuAccountLinks } from "@/components/layout/header-parts";
import { VisitorProvider } from "@/components/layout/visitor";
import { getDb } from "@/db/client";
import { EventPersonalParts, type EventPartKind } from "@/features/events/components/event-personal-parts";
import { JoinButton } from "@/features/memberships/components/join-button";
import { ProductPrice } from "@/features/pricing/components/product-price";
import { productPriceForViewer } from "@/features/pricing/pricing.service";
import { getCurrentMember } from "@/lib/auth/session";
import { parsePagePartNames } from "@/lib/personal-parts";
import { currentVisitor } from "../../current-visitor";

export const dynamic = "force-dynamic";

/** Each price is worked out with reads of its own. */
const MAX_PRICES = 4;

export const metadata: Metadata = { title: "Your parts of the page", robots: { index: false, follow: false } };

/**
 * A visitor's personal parts alone (ADR 0025). The HTTP front asks for them here, with the visitor's own
 * cookies, to fill a kept page for a visitor whose parts it does not hold (src/server/parts-fetch.ts): a
 * far smaller render than the page's, outside the site layout. It renders the site's parts (the visitor,
 * the header's, the call to join) from the same visitor and with the same components as the site layout,
 * and the page parts named in `?names=` with the same components as the pages.
 */
export default async function PersonalPartsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const names = parsePagePartNames((await searchParams).names);
  if (!names) notFound();
  const [member, visitor] = await Promise.all([getCurrentMember(), currentVisitor()]);
  const memberId = member?.id ?? null;

  const events: { kind: EventPartKind; eventId: number }[] = [];
  const listPrices = new Set<number>();
  for (const { kind, key } of names) {
    const id = Number(key);
    if (!Number.isSafeInteger(id)) notFound();
    if (kind === "price") listPrices.add(id);
    else events.push({ kind, eventId: id });
  }
  // A page shows one product's price: a request for many is not the front's.
  if (listPrices.size > MAX_PRICES) notFound();
  const prices = await Promise.all([...listPrices].map((cents) => productPriceForViewer(getDb(), memberId, cents)));

  return (
    <VisitorProvider visitor={visitor}>
      <h1>Your parts of the page</h1>
      <CartLink />
      <AccountLinks />
      <ul>
        <MenuAccountLinks />
      </ul>
      <JoinButton />
      {prices.map((price) => (
        <ProductPrice key={price.listCents} price={price} />
      ))}
      <EventPersonalParts memberId={memberId} wanted={events} />
    </VisitorProvider>
  );
}
