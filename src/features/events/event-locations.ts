/** A training location as an event's place reads: "Liberty Range, Bulverde, TX", as the sample events have it. */
export function eventLocationLabel(location: { name: string; city: string; region: string }): string {
  return `${location.name}, ${location.city}, ${location.region}`;
}
