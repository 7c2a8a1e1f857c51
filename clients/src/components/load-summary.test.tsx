import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadSummary } from './load-summary';

describe('what is being moved, as a driver reads it (issue #32 item 7)', () => {
  it('given a load with every part, then it reads description, quantity and weight on one line, with hazardous and fragile as prominent chips', () => {
    render(
      <LoadSummary
        load={{
          description: 'Gear boxes',
          quantity: 1200,
          unit: 'bags',
          weightKg: 350,
          handling: ['fragile', 'hazardous', 'temperature-controlled'],
        }}
      />,
    );
    const group = screen.getByRole('group', { name: 'What is being moved' });
    expect(group).toHaveTextContent('Gear boxes · 1,200 bags · 350 kg');
    const chip = (label: string) => within(group).getByText(label).closest('.MuiChip-root')!;
    expect(chip('HAZARDOUS')).toHaveClass('MuiChip-filled', 'MuiChip-colorError');
    expect(chip('FRAGILE')).toHaveClass('MuiChip-filled', 'MuiChip-colorWarning');
    expect(chip('Temperature-controlled')).toHaveClass('MuiChip-outlined');
  });

  it('given only handling notes, or only a weight, then only those show', () => {
    const { rerender } = render(<LoadSummary load={{ handling: ['hazardous'] }} />);
    expect(screen.getByRole('group', { name: 'What is being moved' })).toHaveTextContent(/^HAZARDOUS$/);
    rerender(<LoadSummary load={{ weightKg: 12.5 }} />);
    expect(screen.getByRole('group', { name: 'What is being moved' })).toHaveTextContent(/^12.5 kg$/);
  });

  it('given no load, then nothing shows', () => {
    const { container } = render(<LoadSummary load={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
