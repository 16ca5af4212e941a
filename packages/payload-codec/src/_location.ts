// Internal: how messages name a place in a CSV document.

/** `row 3, column "amount"`, `the header, column "amount"`, for messages. */
export function describeLocation(row: number, column?: string): string {
  const where = row === 0 ? 'the header' : `row ${row}`;
  return column === undefined ? where : `${where}, column ${JSON.stringify(column)}`;
}
