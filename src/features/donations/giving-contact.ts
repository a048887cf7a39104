import { getOrganizationEnv } from "@/lib/env";
import { getSiteContact } from "../content/content.queries";
import type { GivingContact } from "./components/other-ways-to-give";

/** Where checks and cash reach the association: on the donate page and in a pledge's instructions. */
export async function getGivingContact(): Promise<GivingContact> {
  const contact = await getSiteContact();
  return {
    legalName: getOrganizationEnv().legalName,
    address: contact.address,
    phone: contact.phone,
    phoneHref: contact.phoneHref,
    phoneHours: contact.phoneHours,
  };
}
