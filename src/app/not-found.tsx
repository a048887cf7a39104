import type { Metadata } from "next";
import { buttonClasses, ButtonLink } from "@/components/ui/button-link";
import { GoBackButton } from "@/components/ui/go-back-button";
import { SiteFrame } from "./(site)/site-frame";

export const metadata: Metadata = {
  title: "Page Not Found",
  description: "The page you're looking for doesn't exist or has been moved.",
  robots: { index: false },
};

/** With the site's header and footer, so a lost visitor can go anywhere from here. */
export default function NotFound() {
  return (
    <SiteFrame>
      <section className="grid min-h-[70dvh] place-items-center bg-navy-900 px-4 pb-16 pt-28 text-center text-white">
        <div className="max-w-lg">
          <p className="text-7xl font-extrabold text-gold-400" aria-hidden="true">
            404
          </p>
          <h1 className="mt-4 text-4xl font-bold">Page Not Found</h1>
          <p className="mt-4 text-lg text-white/85">The page you&apos;re looking for doesn&apos;t exist or has been moved.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <ButtonLink href="/">Go Home</ButtonLink>
            <GoBackButton className={buttonClasses("outline", "text-white")} />
          </div>
        </div>
      </section>
    </SiteFrame>
  );
}
