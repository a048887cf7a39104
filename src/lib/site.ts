/**
 * Facts about the association shown across the site (header, footer, contact, metadata). Staff edit
 * the contact details and hours in the staff area (table site_contact); the values here are their
 * defaults until the first save, and what emails, legal pages and the "site unavailable" page show.
 */
export const site = {
  name: "Vanguard Veterans Association",
  shortName: "Vanguard Veterans",
  tagline: "Veteran-led. Mission-driven. Community-strong.",
  description:
    "A veteran-led nonprofit serving service members, veterans, their families and supporters through training, fitness, events and community.",
  email: "info@vanguardveterans.org",
  phone: "(210) 555-0142",
  phoneHref: "tel:+12105550142",
  phoneHours: "Monday to Friday, 9AM to 5PM CT",
  responsePromise: "We respond to every message within 24 hours.",
  foundedYear: 2020,
  /**
   * The association's time zone (IANA), read through src/lib/time.ts. A fact of the association rather than
   * an environment setting: the browser bundles that format dates cannot read the server's environment, the
   * site's copy says "Central Time", and receipt years and membership terms are counted in it.
   */
  timeZone: "America/Chicago",
  address: { street: "1776 Patriot Way", city: "San Antonio", region: "TX", postalCode: "78205" },
  socials: [
    { name: "Facebook", href: "https://www.facebook.com/vanguardveterans" },
    { name: "Instagram", href: "https://www.instagram.com/vanguardveterans" },
    { name: "YouTube", href: "https://www.youtube.com/@vanguardveterans" },
  ],
} as const;

export const mainNav = [
  { href: "/", label: "Home" },
  { href: "/shop", label: "Shop" },
  { href: "/training", label: "Training" },
  { href: "/calendar", label: "Calendar" },
  { href: "/about", label: "About" },
  { href: "/contact", label: "Contact" },
] as const;

/** A tel: link for a phone number as written: "(210) 555-0142" → "tel:+12105550142" (ten digits are a US number). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+")) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  return `tel:${digits}`;
}
