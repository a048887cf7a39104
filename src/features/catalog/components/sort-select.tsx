"use client";

import { useState } from "react";

/**
 * The sort <select>, enhanced to submit its form as soon as the choice changes.
 * Without JavaScript it is a plain select and the form's Apply button submits it.
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
        event.target.form?.requestSubmit();
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
