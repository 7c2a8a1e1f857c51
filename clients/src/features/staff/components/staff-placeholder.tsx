import { Container, Typography } from '@mui/material';
import { PageHeader } from '../../../components/page-header';

/** Driver and staff screens arrive with the web client's part 2; the routes and guards are live already. */
export function StaffPlaceholder({ title }: { title: string }) {
  return (
    <>
      <PageHeader title="PlantRide" />
      <Container component="main" sx={{ py: 4 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography>This screen is not available in this version yet.</Typography>
      </Container>
    </>
  );
}
