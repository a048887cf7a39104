import type { Database } from "@/db/client";
import { getSiteContact } from "@/features/content/content.queries";
import { shownOrganization } from "@/lib/receipt-organization";
import type { GivingContact } from "./components/other-ways-to-give";

/** Where checks and cash reach the association: on the donate page and in a pledge's instructions and email. */
export async function getGivingContact(db: Database): Promise<GivingContact> {
  const contact = await getSiteContact(db);
  return {
    // Visitors read it (checks are made payable to it): never the sample.
    legalName: shownOrganization(false).legalName,
    address: contact.address,
    phone: contact.phone,
    phoneHref: contact.phoneHref,
    phoneHours: contact.phoneHours,
  };
}
