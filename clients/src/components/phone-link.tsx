import { Link, type LinkProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface PhoneLinkProps {
  /** Who answers: the link reads 'Call {name} on {mobile}'. */
  name: string;
  mobile: string;
  color?: LinkProps['color'];
}

/** A mobile number that calls when tapped: a 48 px tall target however small its text (gloved fingers). */
export function PhoneLink({ name, mobile, color }: PhoneLinkProps) {
  const { t } = useTranslation();
  return (
    <Link
      href={`tel:${mobile}`}
      color={color}
      aria-label={t('common.callOn', { name, mobile })}
      sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 48, minWidth: 48 }}
    >
      {mobile}
    </Link>
  );
}
