import type { ReactNode } from 'react';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';

/** The last column's cells stay at the right edge while the table scrolls under them: a row's actions. */
const STICKY_LAST_COLUMN = {
  '& tr > :last-child': {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    // A collapsed table's borders stay behind when a cell sticks, so the dividing line is a shadow.
    boxShadow: 'inset 1px 0 0 rgba(0, 0, 0, 0.12)',
  },
} as const;

/**
 * A table that scrolls sideways inside its own focusable box, so a phone page never does.
 * The box is positioned so that text hidden for screen readers (absolutely placed) is clipped by it too.
 * With `stickyEnd`, the last column stays in view.
 */
export function ScrollTable({ label, headers, stickyEnd = false, children }: { label: string; headers: readonly string[]; stickyEnd?: boolean; children: ReactNode }) {
  return (
    <TableContainer component={Paper} variant="outlined" role="region" tabIndex={0} aria-label={`${label}, scrolls sideways`} sx={{ position: 'relative' }}>
      <Table size="small" aria-label={label} sx={stickyEnd ? STICKY_LAST_COLUMN : undefined}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
