import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";
import type { SiteContact } from "./content.queries";

/** The association as schema.org describes an organization (home and about pages). */
export function organizationData(contact: SiteContact): Record<string, unknown> {
  return {
    "@type": "NGO",
    name: site.name,
    url: `${siteUrl()}/`,
    logo: `${siteUrl()}/apple-icon.png`,
    description: site.description,
    foundingDate: String(site.foundedYear),
    nonprofitStatus: "Nonprofit501c3",
    email: contact.email,
    telephone: contact.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: contact.address.street,
      addressLocality: contact.address.city,
      addressRegion: contact.address.region,
      postalCode: contact.address.postalCode,
      addressCountry: "US",
    },
    sameAs: site.socials.map((social) => social.href),
  };
}
