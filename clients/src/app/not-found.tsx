import { Container, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container component="main" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('messages.pageNotFound')}
      </Typography>
      <Link component={RouterLink} to="/">
        {t('common.goToStart')}
      </Link>
    </Container>
  );
}
