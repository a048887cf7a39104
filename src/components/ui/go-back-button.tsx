"use client";

import { useRouter } from "next/navigation";

/** History back; falls back to the home page when there is no history to go back to. */
export function GoBackButton({ className }: { className: string }) {
  const router = useRouter();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        if (window.history.length > 1) router.back();
        else router.push("/");
      }}
    >
      Go Back
    </button>
  );
}
