import { Alert, Button } from '@mui/material';
import { messageOf } from '../lib/api-client';

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
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry} disabled={retrying}>
          Retry
        </Button>
      }
    >
      {messageOf(error, fallback)}
    </Alert>
  );
}
