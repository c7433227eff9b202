import type { CsvColumn, CsvValue } from "../csv";
import type { EmploymentNames } from "../live-list";

// Column helpers shared by the list exports: values a spreadsheet can compute with (amounts as
// decimal numbers with their currency in the next column, dates as ISO), and the employee's name.

/** Minor units (×100 for every currency, as the API has them) → a decimal number; null stays empty. */
export const minorToDecimal = (minor: number | null | undefined): CsvValue => (minor === null || minor === undefined ? null : minor / 100);

/** The Employee column of a record of an employment: its name, and its id in a column of its own. */
export function employeeColumns<T, C extends { names: EmploymentNames }>(
  id: string,
  employmentIdOf: (row: T) => string,
): CsvColumn<T, C>[] {
  return [
    { id, header: "Employee", value: (r, c) => c.names.get(employmentIdOf(r))?.full_name ?? "" },
    { id, header: "Employment ID", value: (r) => employmentIdOf(r) },
  ];
}
