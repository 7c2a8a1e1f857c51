import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The page shown, from 1. */
  page: number;
  /** "Page 2 of 5", as the list words it. */
  pageOf: string;
  /** Whether a next page holds rows. */
  nextOpen: boolean;
  onGo: (page: number) => void;
}

/** Prev, where the list is, Next: the pager under a paged staff list. */
export function PageNav({ page, pageOf, nextOpen, onGo }: Props) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'center' }}
      component="nav"
      aria-label={t('common.pages')}
    >
      <Button variant="outlined" onClick={() => onGo(page - 1)} disabled={page <= 1}>
        {t('common.prev')}
      </Button>
      <Typography data-testid="page-of">{pageOf}</Typography>
      <Button variant="outlined" onClick={() => onGo(page + 1)} disabled={!nextOpen}>
        {t('common.next')}
      </Button>
    </Stack>
  );
}
