import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhoneLink } from './phone-link';

describe('a mobile number to call', () => {
  it('given a mobile, then it calls that number, says whom, and is a 48 px tall tap target', () => {
    render(<PhoneLink name="Ravi Kumar" mobile="9876543210" />);
    const link = screen.getByRole('link', { name: 'Call Ravi Kumar on 9876543210' });
    expect(link).toHaveAttribute('href', 'tel:9876543210');
    expect(link).toHaveTextContent('9876543210');
    const style = getComputedStyle(link);
    expect([style.display, style.alignItems, style.minHeight]).toEqual(['inline-flex', 'center', '48px']);
  });
});
