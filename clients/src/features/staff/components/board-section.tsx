import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

interface Props {
  id: string;
  title: string;
  count: number;
  /** Said when there is nothing in it. */
  empty: string;
  children: ReactNode;
}

/** One section of the board: a heading with its count, then its cards as a list, or what it says when empty. */
export function BoardSection({ id, title, count, empty, children }: Props) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id={id} gutterBottom>
        {`${title} (${count})`}
      </Typography>
      {count === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {children}
        </Box>
      )}
    </Paper>
  );
}

/** One card of a section's list. */
export function BoardCard({ children, tone }: { children: ReactNode; tone?: 'warning' | 'error' }) {
  return (
    <Box
      component="li"
      sx={{
        border: 1,
        borderColor: tone ? `${tone}.main` : 'divider',
        borderLeftWidth: tone ? 4 : 1,
        borderRadius: 1,
        p: 1.5,
        minWidth: 0,
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
  );
}
