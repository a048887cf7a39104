// Vitest stand-in for the `server-only` package, whose real entry throws outside React Server Components.
export {};
