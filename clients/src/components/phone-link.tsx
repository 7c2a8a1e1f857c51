import { Link, type LinkProps } from '@mui/material';

interface PhoneLinkProps {
  /** Who answers: the link reads 'Call {name} on {mobile}'. */
  name: string;
  mobile: string;
  color?: LinkProps['color'];
}

/** A mobile number that calls when tapped: a 48 px tall target however small its text (gloved fingers). */
export function PhoneLink({ name, mobile, color }: PhoneLinkProps) {
  return (
    <Link
      href={`tel:${mobile}`}
      color={color}
      aria-label={`Call ${name} on ${mobile}`}
      sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 48, minWidth: 48 }}
    >
      {mobile}
    </Link>
  );
}
