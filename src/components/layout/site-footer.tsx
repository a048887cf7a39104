import Link from "@/components/ui/link";
import { site } from "@/lib/site";
import * as clock from "@/lib/clock";

const quickLinks = [
  { href: "/", label: "Home" },
  { href: "/shop", label: "Shop" },
  { href: "/training", label: "Training" },
  { href: "/calendar", label: "Calendar" },
  { href: "/about", label: "About Us" },
  { href: "/contact", label: "Contact" },
  { href: "/donate", label: "Donate" },
];

const programLinks = [
  { href: "/training/fitness", label: "Elite Fitness" },
  { href: "/training/firearms", label: "Firearms Training" },
  { href: "/training/martial-arts", label: "Martial Arts" },
  { href: "/training/tactical", label: "Tactical Consulting" },
  { href: "/training/outdoor", label: "Outdoor Recreation" },
];

const legalLinks = [
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/terms", label: "Terms of Service" },
  { href: "/refund", label: "Refund Policy" },
];

function LinkList({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  const id = `footer-${title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold uppercase tracking-wider text-gold-400">
        {title}
      </h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="text-white/85 hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The footer's contact lines: staff edit them (the layout reads them); lib/site.ts holds the defaults. */
export interface FooterContact {
  email: string;
  phone: string;
  phoneHref: string;
}

/** `newsletter`: the newsletter's sign-up form, which the layout passes in. */
export function SiteFooter({ contact = site, newsletter }: { contact?: FooterContact; newsletter: React.ReactNode }) {
  const year = clock.now().getFullYear();
  return (
    <footer className="bg-navy-950 text-white">
      <div className="container-page grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-5 [&>*]:min-w-0">
        <div className="space-y-4 lg:col-span-2">
          <p className="text-lg font-bold">{site.name}</p>
          <p className="max-w-sm text-white/80">{site.description}</p>
          <address className="space-y-1 not-italic text-white/85">
            <p>
              <a href={`mailto:${contact.email}`} className="hover:underline">
                {contact.email}
              </a>
            </p>
            <p>
              <a href={contact.phoneHref} className="hover:underline">
                {contact.phone}
              </a>
            </p>
          </address>
          <ul className="flex gap-3" aria-label="Social media">
            {site.socials.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-block rounded-md border border-white/20 px-3 py-1.5 text-sm hover:bg-white/10"
                >
                  {social.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkList title="Quick Links" links={quickLinks} />
        <LinkList title="Programs" links={programLinks} />
        <div className="space-y-8">
          <LinkList title="Legal" links={legalLinks} />
          <section aria-labelledby="footer-newsletter">
            <h2 id="footer-newsletter" className="mb-3 text-sm font-semibold uppercase tracking-wider text-gold-400">
              Newsletter
            </h2>
            {newsletter}
          </section>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-6 text-sm text-white/70">
          © {year} {site.name}. All rights reserved. A 501(c)(3) nonprofit organization.
        </p>
      </div>
    </footer>
  );
}
