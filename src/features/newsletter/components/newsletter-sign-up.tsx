import { NewsletterForm } from "./newsletter-form";

/** The newsletter's sign-up in the footer: its label rendered here, the form's changing parts in NewsletterForm. */
export function NewsletterSignUp() {
  return (
    <NewsletterForm
      label={
        <label htmlFor="newsletter-email" className="block text-sm text-white/80">
          Get event news and program updates.
        </label>
      }
    />
  );
}
