import type { ReactNode } from 'react';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';

/**
 * A table that scrolls sideways inside its own focusable box, so a phone page never does.
 * The box is positioned so that text hidden for screen readers (absolutely placed) is clipped by it too.
 */
export function ScrollTable({ label, headers, children }: { label: string; headers: readonly string[]; children: ReactNode }) {
  return (
    <TableContainer component={Paper} variant="outlined" role="region" tabIndex={0} aria-label={`${label}, scrolls sideways`} sx={{ position: 'relative' }}>
      <Table size="small" aria-label={label}>
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
