import { Alert, Button } from '@mui/material';
import { messageOf } from '../lib/api-client';
import { useTranslation } from 'react-i18next';

interface LoadErrorProps {
  /** What failed: the engine's message, or the network's. */
  error: unknown;
  /** Said when the error carries no message of its own. */
  fallback: string;
  retry: () => void;
  retrying: boolean;
}

/** A read that failed: what went wrong, and Retry (nothing is left empty and silent). */
export function LoadError({ error, fallback, retry, retrying }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry} disabled={retrying}>
          {t('common.retry')}
        </Button>
      }
    >
      {messageOf(error, fallback)}
    </Alert>
  );
}
