/** The first stop for keyboard users: hidden until focused, it jumps past the header to <main id="main">. */
export function SkipLink() {
  return (
    <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-navy-900">
      Skip to main content
    </a>
  );
}
