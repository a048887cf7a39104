"use client";

import { stockState, type VariantSummary } from "@/features/catalog/stock";

function note(stock: number): string | undefined {
  const state = stockState(stock);
  if (state.kind === "out") return "out of stock";
  if (state.kind === "low") return `only ${state.left} left`;
  return undefined;
}

interface PickerProps {
  name: string;
  productName: string;
  variants: VariantSummary[];
  value: number | undefined;
  onChange: (id: number) => void;
}

/** Sizes as radio buttons; sold-out sizes are shown but cannot be chosen. */
export function SizeRadios({ name, productName, variants, value, onChange }: PickerProps) {
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">
        Size<span className="sr-only"> for {productName}</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((v) => {
          const extra = note(v.stock);
          return (
            <label
              key={v.id}
              className={`relative flex min-w-14 cursor-pointer flex-col items-center rounded-md border-2 border-current px-3 py-2 text-center has-checked:border-gold-500 has-checked:bg-gold-500 has-checked:text-navy-900 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-disabled:cursor-not-allowed ${
                v.stock > 0 ? "" : "border-dashed"
              }`}
            >
              <input
                type="radio"
                name={name}
                value={v.id}
                checked={value === v.id}
                disabled={v.stock <= 0}
                onChange={() => onChange(v.id)}
                className="sr-only"
              />
              <span className={`font-bold ${v.stock > 0 ? "" : "line-through"}`}>{v.size ?? "One size"}</span>
              {extra && <span className="text-xs">{extra}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A compact size menu for product cards. */
export function SizeSelect({ id, name, productName, variants, value, onChange }: PickerProps & { id: string }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Size for {productName}
      </label>
      <select
        id={id}
        name={name}
        value={value ?? ""}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full min-w-0 rounded-md border border-navy-900/30 bg-white px-2 py-2 text-sm text-navy-900"
      >
        <option value="" disabled>
          Choose a size
        </option>
        {variants.map((v) => {
          const extra = note(v.stock);
          return (
            <option key={v.id} value={v.id} disabled={v.stock <= 0}>
              {v.size ?? "One size"}
              {extra ? ` (${extra})` : ""}
            </option>
          );
        })}
      </select>
    </div>
  );
}
