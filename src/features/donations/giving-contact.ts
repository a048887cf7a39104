import type { Database } from "@/db/client";
import { getOrganizationEnv } from "@/lib/env";
import { getSiteContact } from "@/features/content/content.queries";
import type { GivingContact } from "./components/other-ways-to-give";

/** Where checks and cash reach the association: on the donate page and in a pledge's instructions. */
export async function getGivingContact(db: Database): Promise<GivingContact> {
  const contact = await getSiteContact(db);
  return {
    legalName: getOrganizationEnv().legalName,
    address: contact.address,
    phone: contact.phone,
    phoneHref: contact.phoneHref,
    phoneHours: contact.phoneHours,
  };
}
