import type { ReactNode } from 'react';
import { Container, Stack, Typography, type ContainerProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

interface Props {
  title: string;
  maxWidth?: ContainerProps['maxWidth'];
  /** Header actions beside Logout (e.g. Download CSV). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every staff screen below the dashboard: Back to /maintenance-head, the screen's heading, its content. */
export function StaffPage({ title, maxWidth = 'lg', actions, children }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('common.appName')} backTo="/maintenance-head">
        {actions}
      </PageHeader>
      <Container component="main" maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {children}
        </Stack>
      </Container>
    </>
  );
}
