import type { FormEvent, ReactNode } from 'react';
import { Box, Container, Paper, Stack, Typography } from '@mui/material';

interface AuthCardProps {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** The centred card both sign-in and sign-up use. */
export function AuthCard({ title, onSubmit, children }: AuthCardProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Container component="main" maxWidth="xs" sx={{ py: { xs: 4, sm: 8 } }}>
      <Paper sx={{ p: { xs: 2.5, sm: 4 } }} elevation={2}>
        <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
          PlantRide
        </Typography>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} aria-label={title}>
          <Stack spacing={2}>{children}</Stack>
        </Box>
      </Paper>
    </Container>
  );
}
