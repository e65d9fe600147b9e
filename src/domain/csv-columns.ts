// The export's fixed columns. A leaf: the field lists name the column a field fills, and the CSV writer
// builds on them, so neither imports the other for it.
export const CSV_COLUMNS = [
  "Name",
  "Email",
  "Phone",
  "Company",
  "Type",
  "Status",
  "Created At",
  "Message/Challenges",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
