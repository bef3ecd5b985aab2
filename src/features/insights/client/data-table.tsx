/** A table's figures, already written as they read ("$12.50", "42%"); the first cell of each row names it. */
export interface TableData {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * A chart's figures as a real table (caption, column and row headers): the screen reader's way through a chart,
 * and anyone's way to the exact numbers. Scrolls sideways on its own if a phone is too narrow for it.
 */
export function DataTable({ caption, columns, rows }: TableData & { caption: string }) {
  return (
    // Focusable, so a keyboard can scroll what a narrow screen cuts off.
    <div role="region" aria-label={`${caption}, table`} tabIndex={0} className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm tabular">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-xs font-semibold tracking-wide text-text-muted uppercase">
            {columns.map((column, index) => (
              <th key={column} scope="col" className={`py-2 pr-3 ${index > 0 ? 'text-right' : ''}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, ...cells], index) => (
            <tr key={index} className="border-b border-border/60 last:border-0 hover:bg-surface-raised/60">
              <th scope="row" className="min-w-18 py-2 pr-3 font-medium">
                {name}
              </th>
              {cells.map((cell, cellIndex) => (
                <td key={cellIndex} className="py-2 pr-3 text-right whitespace-nowrap">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
