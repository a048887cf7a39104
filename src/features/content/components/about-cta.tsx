import { ButtonLink } from "@/components/ui/button-link";

/** Ways to get involved: join (`joinButton`, the memberships feature's call to join), get in touch, or give. */
export function AboutCta({ joinButton }: { joinButton: React.ReactNode }) {
  return (
    <section aria-labelledby="get-involved" className="bg-olive-700 py-16 text-white">
      <div className="container-page max-w-3xl text-center">
        <h2 id="get-involved" className="text-3xl font-bold tracking-tight">Join the mission</h2>
        <p className="mt-3 text-lg text-white/90">
          Train with us, volunteer at an event, or help another veteran find their team. There is a place for you here.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {joinButton}
          <ButtonLink href="/contact" variant="outline">Contact Us</ButtonLink>
          <ButtonLink href="/donate" variant="outline">Donate</ButtonLink>
        </div>
      </div>
    </section>
  );
}
