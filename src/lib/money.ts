const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 2999 → "$29.99" */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}
