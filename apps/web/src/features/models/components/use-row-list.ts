import { useState } from 'react';

/**
 * Editing a list the user adds rows to and removes rows from (sensors, locus rows, correlation pairs). Rows have
 * no id of their own that could key them (an id is being typed), so each gets a key that stays with it while
 * rows before it are removed, and the text in its fields stays with it too.
 */
export function useRowList<Row>(rows: readonly Row[], onChange: (rows: Row[]) => void) {
  const [keys, setKeys] = useState(() => ({
    of: Array.from({ length: rows.length }, (_, index) => index),
    next: rows.length,
  }));
  return {
    keyOf: (index: number) => keys.of[index] ?? `row-${index}`,
    replace: (index: number, row: Row) =>
      onChange(rows.map((candidate, position) => (position === index ? row : candidate))),
    add: (row: Row) => {
      setKeys((current) => ({ of: [...current.of, current.next], next: current.next + 1 }));
      onChange([...rows, row]);
    },
    remove: (index: number) => {
      setKeys((current) => ({ ...current, of: current.of.filter((_, position) => position !== index) }));
      onChange(rows.filter((_, position) => position !== index));
    },
  };
}
