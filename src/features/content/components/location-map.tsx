"use client";

import { useEffect, useRef, useState } from "react";

/** Google Maps for an address: the map page, its embeddable form, and directions to it. */
export function mapLinks(address: string) {
  const q = encodeURIComponent(address);
  return {
    map: `https://www.google.com/maps/search/?api=1&query=${q}`,
    embed: `https://www.google.com/maps?q=${q}&output=embed`,
    directions: `https://www.google.com/maps/dir/?api=1&destination=${q}`,
  };
}

/**
 * A location's map, loaded only when the visitor asks (nothing is requested from Google before), and
 * directions. Without JavaScript "Show map" is a plain link to the map at Google. With it, the link becomes
 * "Hide map" and focus follows (the link it was on is gone), and back.
 */
export function LocationMap({ name, address }: { name: string; address: string }) {
  const [open, setOpen] = useState(false);
  const toggled = useRef(false);
  const showRef = useRef<HTMLAnchorElement>(null);
  const hideRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (toggled.current) (open ? hideRef : showRef).current?.focus();
  }, [open]);
  const toggle = (next: boolean) => {
    toggled.current = true;
    setOpen(next);
  };
  const links = mapLinks(address);
  const linkClass = "font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-600";
  return (
    <div className="mt-2">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {open ? (
          <button type="button" ref={hideRef} className={linkClass} aria-label={`Hide map: ${name}`} onClick={() => toggle(false)}>
            Hide map
          </button>
        ) : (
          <a
            ref={showRef}
            href={links.map}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Show map: ${name}`}
            className={linkClass}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              toggle(true);
            }}
          >
            Show map
          </a>
        )}
        <a
          href={links.directions}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Directions to ${name} (Google Maps, opens in a new tab)`}
          className={linkClass}
        >
          Directions
        </a>
      </p>
      {open && (
        <iframe
          title={`Map: ${name}, ${address}`}
          src={links.embed}
          className="mt-3 aspect-[4/3] w-full rounded-md border-0"
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      )}
    </div>
  );
}
