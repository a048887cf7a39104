"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

/**
 * The sort <select>, enhanced to apply the choice as soon as it changes: a client-side navigation to
 * the URL its GET form would submit, keeping the scroll position. Without JavaScript it is a plain
 * select and the form's Apply button submits it.
 */
export function SortSelect({
  id,
  value,
  options,
}: {
  id: string;
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  // Follows the URL (back/forward, category links) while still reflecting the user's pick at once.
  const router = useRouter();
  const [selected, setSelected] = useState(value);
  const [previous, setPrevious] = useState(value);
  if (previous !== value) {
    setPrevious(value);
    setSelected(value);
  }

  return (
    <select
      id={id}
      name="sort"
      value={selected}
      onChange={(event) => {
        setSelected(event.target.value);
        const form = event.target.form;
        if (!form) return;
        const query = new URLSearchParams([...new FormData(form)].map(([name, field]) => [name, String(field)]));
        router.push(`${form.getAttribute("action") ?? ""}?${query}`, { scroll: false });
      }}
      className="rounded-md border border-navy-900/25 bg-white py-2 pl-3 pr-8 font-medium text-navy-900"
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
