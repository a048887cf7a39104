"use client";

import { PersonalPart } from "@/components/layout/personal-part";
import { useServedState } from "@/components/layout/served-state";
import Link from "@/components/ui/link";
import { formatCents } from "@/lib/money";
import type { ProductPriceView } from "../pricing.service";

/**
 * The product page's price: the viewer's own price when a discount applies to them, and for anyone
 * without member pricing what Premium and Elite members pay (ADR 0019: while their membership is current).
 */
export function ProductPrice({ price: rendered }: { price: ProductPriceView }) {
  // A personal part (ADR 0025), named after the list price it is worked out from: the page may have been
  // filled with this visitor's price by the front.
  const part = `price:${rendered.listCents}` as const;
  const price = useServedState(part, rendered);
  return (
    <PersonalPart name={part} state={price}>
      <div className="flex flex-col gap-1">
        {price.yours ? (
          <p className="text-3xl font-semibold" data-testid="product-price">
            <span className="sr-only">Your price: </span>
            {formatCents(price.yours.unitCents)}{" "}
            <s className="text-xl font-normal text-white/70">
              <span className="sr-only">List price: </span>
              {formatCents(price.listCents)}
            </s>
            <span className="block text-base font-medium text-gold-400" data-testid="product-discount">
              {price.yours.label}
            </span>
          </p>
        ) : (
          <p className="text-3xl font-semibold" data-testid="product-price">
            {formatCents(price.listCents)}
          </p>
        )}
        {price.memberPrices && (
          <p className="text-sm text-white/85" data-testid="member-prices">
            Members pay less:{" "}
            {[
              price.memberPrices.premiumCents < price.listCents && `${formatCents(price.memberPrices.premiumCents)} with Premium`,
              price.memberPrices.eliteCents < price.listCents && `${formatCents(price.memberPrices.eliteCents)} with Elite`,
            ]
              .filter(Boolean)
              .join(", ")}
            .{" "}
            <Link href="/profile?tab=membership" className="underline underline-offset-4 hover:text-white">
              Membership plans
            </Link>
          </p>
        )}
      </div>
    </PersonalPart>
  );
}
