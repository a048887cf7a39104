/** A product's name that never breaks inside a hyphenated word ("T-/Shirt"); its text stays as typed. */
export function ProductName({ name }: { name: string }) {
  return name.split(" ").map((word, index) => (
    <span key={index}>
      {index > 0 && " "}
      {word.includes("-") ? <span className="whitespace-nowrap">{word}</span> : word}
    </span>
  ));
}
