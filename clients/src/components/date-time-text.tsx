import { Box } from '@mui/material';

/**
 * A formatted 'date, time' that may wrap only after the comma, so a narrow column shows the date over
 * the time instead of breaking inside either (its text is unchanged, so it reads and matches as one string).
 */
export function DateTimeText({ text }: { text: string }) {
  const comma = text.indexOf(', ');
  if (comma < 0) return text;
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text.slice(0, comma + 1)}
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text.slice(comma + 2)}
      </Box>
    </>
  );
}
