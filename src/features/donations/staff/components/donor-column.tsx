import type { DeskColumn } from "@/components/staff/desk-table";

/** A desk table's first column: the donor's name over their address, naming the row. */
export function donorColumn<Row>(donor: (row: Row) => { name: string; email: string }): DeskColumn<Row> {
  return {
    header: "Donor",
    rowHeader: true,
    className: "font-normal",
    cell: (row) => {
      const { name, email } = donor(row);
      return (
        <>
          <span className="font-semibold">{name}</span>
          <span className="block text-sm break-all text-navy-700">{email}</span>
        </>
      );
    },
  };
}
