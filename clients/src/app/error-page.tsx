import { Container, Typography } from '@mui/material';
import { MESSAGES } from '@plantride/schemas';

/** The router's fallback for anything a screen throws. */
export function ErrorPage() {
  return (
    <Container component="main" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" role="alert">
        {MESSAGES.unexpectedApplicationError}
      </Typography>
    </Container>
  );
}
