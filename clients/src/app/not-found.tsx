import { Container, Link, Typography } from '@mui/material';
import { MESSAGES } from '@plantride/schemas';
import { Link as RouterLink } from 'react-router';

export function NotFound() {
  return (
    <Container component="main" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {MESSAGES.pageNotFound}
      </Typography>
      <Link component={RouterLink} to="/">
        Go to the start page
      </Link>
    </Container>
  );
}
