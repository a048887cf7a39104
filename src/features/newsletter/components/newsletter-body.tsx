import { parseNewsletter, type Inline } from "../newsletter-format";

function Runs({ runs }: { runs: Inline[] }) {
  return runs.map((run, i) => {
    if (run.type === "text") return <span key={i}>{run.text}</span>;
    if (run.type === "bold") return <strong key={i}>{<Runs runs={run.children} />}</strong>;
    return (
      <a key={i} href={run.href} className="text-navy-900 underline underline-offset-2" rel="noopener noreferrer">
        {run.text}
      </a>
    );
  });
}

/** A newsletter's text as its readers see it in the HTML part (same blocks, same escaping by React). */
export function NewsletterBody({ body }: { body: string }) {
  return (
    <div className="space-y-4 break-words">
      {parseNewsletter(body).map((block, i) => {
        if (block.type === "paragraph") {
          return (
            <p key={i}>
              {block.lines.map((line, j) => (
                <span key={j}>
                  {j > 0 && <br />}
                  <Runs runs={line} />
                </span>
              ))}
            </p>
          );
        }
        const items = block.items.map((item, j) => (
          <li key={j}>
            <Runs runs={item} />
          </li>
        ));
        return block.ordered ? (
          <ol key={i} className="list-decimal space-y-1 pl-6">
            {items}
          </ol>
        ) : (
          <ul key={i} className="list-disc space-y-1 pl-6">
            {items}
          </ul>
        );
      })}
    </div>
  );
}
