export function PanelHeading({ id, title, children }: { id?: string; title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-6">
      <h2 id={id} className="text-2xl font-bold">{title}</h2>
      {children && <p className="mt-1 text-navy-700">{children}</p>}
    </div>
  );
}

export const cardClass = "rounded-xl bg-white p-6 shadow-sm";
