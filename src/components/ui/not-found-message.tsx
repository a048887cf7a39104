import { buttonClasses } from "./button-classes";
import { ButtonLink } from "./button-link";
import { GoBackButton } from "./go-back-button";

export const notFoundMetadata = {
  title: "Page Not Found",
  description: "The page you're looking for doesn't exist or has been moved.",
  robots: { index: false },
};

/**
 * The 404 page's message and its two ways back (the spec's Go Home and Go Back). `goBack={false}`: Go
 * Home alone, for the root 404 boundary, which every page carries (app/not-found.tsx).
 */
export function NotFoundMessage({ goBack = true }: { goBack?: boolean }) {
  return (
    <div className="max-w-lg">
      <p className="text-7xl font-extrabold text-gold-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-4xl font-bold">Page Not Found</h1>
      <p className="mt-4 text-lg text-white/85">The page you&apos;re looking for doesn&apos;t exist or has been moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <ButtonLink href="/">Go Home</ButtonLink>
        {goBack && <GoBackButton className={buttonClasses("outline", "text-white")} />}
      </div>
    </div>
  );
}
